//===- OutputFile.h - Reports written whole or not at all ------*- C++ -*-===//
//
// The passes that write reports and tables (--tofu-search, --tofu-plan) write
// them through one function: the file is removed again unless the whole
// text was written, so a failed write never leaves a truncated file behind,
// and a failure is a located error naming the path.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SUPPORT_OUTPUTFILE_H
#define TOFU_SUPPORT_OUTPUTFILE_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::tofu {

/// Writes `text` to `path`; `what` names the file in the error ("report").
inline LogicalResult writeOutputFile(StringRef path, StringRef text,
                                     Location loc, StringRef what = "report") {
  std::string error;
  auto out = openOutputFile(path, &error);
  if (!out)
    return emitError(loc) << "cannot write " << what << " '" << path
                          << "': " << error;
  out->os() << text;
  out->os().flush();
  if (out->os().has_error())
    return emitError(loc) << "cannot write " << what << " '" << path << "'";
  out->keep();
  return success();
}

} // namespace mlir::tofu

#endif // TOFU_SUPPORT_OUTPUTFILE_H
