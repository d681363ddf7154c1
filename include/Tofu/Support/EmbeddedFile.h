//===- EmbeddedFile.h - Data files compiled into the binaries ---*- C++ -*-===//
//
// cmake/TofuEmbed.cmake turns data files (the TDL library, machine
// descriptions) into arrays of these, so the tools need no install path.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SUPPORT_EMBEDDEDFILE_H
#define TOFU_SUPPORT_EMBEDDEDFILE_H

namespace mlir::tofu {
struct EmbeddedFile {
  const char *name;
  const char *text;
};
} // namespace mlir::tofu

#endif // TOFU_SUPPORT_EMBEDDEDFILE_H
