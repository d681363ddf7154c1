//===- MLIRFuzzSupport.h - What the IR fuzz targets share -------*- C++ -*-===//
//
// A context with every dialect tofu-opt registers, a diagnostic handler that
// keeps the diagnostics quiet but remembers whether an error was reported (a
// failure without one is a bug: bad input must get a located message), and
// the checks every IR target makes: parsing, round trips, pass results.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_FUZZ_MLIRFUZZSUPPORT_H
#define TOFU_FUZZ_MLIRFUZZSUPPORT_H

#include "FuzzOracle.h"
#include "Tofu/InitAllDialects.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

namespace tofu_fuzz {

/// The dialects and extensions of tofu-opt, built once per process.
inline const mlir::DialectRegistry &registry() {
  static const mlir::DialectRegistry *r = [] {
    auto *reg = new mlir::DialectRegistry();
    mlir::registerAllDialects(*reg);
    mlir::registerAllExtensions(*reg);
    mlir::tofu::registerAllTofuDialects(*reg);
    return reg;
  }();
  return *r;
}

/// A fresh context per input (so that nothing one input interns or loads
/// changes the next run, and memory does not grow), single-threaded, with
/// the dialects loaded lazily as the parser meets them.
struct FuzzContext {
  mlir::MLIRContext context{registry(), mlir::MLIRContext::Threading::DISABLED};
  /// Errors reported while the handler was installed.
  unsigned errors = 0;
  mlir::ScopedDiagnosticHandler handler{
      &context, [this](mlir::Diagnostic &d) {
        if (d.getSeverity() == mlir::DiagnosticSeverity::Error)
          ++errors;
        // TOFU_FUZZ_PRINT (see printIfAsked) shows them too.
        if (std::getenv("TOFU_FUZZ_PRINT"))
          llvm::errs() << d.getLocation() << ": " << d << "\n";
        return mlir::success();
      }};
};

/// With TOFU_FUZZ_PRINT set in the environment, the targets that build
/// their input (search, materialize) print the module they run on, so that
/// a reproducer becomes a tofu-opt test; every target prints the
/// diagnostics it would otherwise swallow.
inline void printIfAsked(llvm::StringRef what, mlir::Operation *op) {
  if (!std::getenv("TOFU_FUZZ_PRINT"))
    return;
  llvm::errs() << "// " << what << "\n";
  op->print(llvm::errs());
  llvm::errs() << "\n";
}

/// Parses `text` as a module (and verifies it, as the parser does). The
/// text is copied: the MLIR lexer needs the terminating NUL that a fuzzer's
/// buffer lacks. A failure must have reported an error.
inline mlir::OwningOpRef<mlir::ModuleOp> parseModule(FuzzContext &ctx,
                                                     llvm::StringRef text) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input"), llvm::SMLoc());
  unsigned before = ctx.errors;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr,
                                            mlir::ParserConfig(&ctx.context));
  if (!module && ctx.errors == before)
    fail("the parser failed without an error");
  return module;
}

/// What verified prints, in the custom and the generic form, as text that
/// parses and verifies again (the dialects' printers and parsers agree).
inline void checkRoundTrip(FuzzContext &ctx, mlir::ModuleOp module) {
  for (bool generic : {false, true}) {
    std::string text;
    llvm::raw_string_ostream os(text);
    mlir::OpPrintingFlags flags;
    if (generic)
      flags.printGenericOpForm();
    module->print(os, flags);
    unsigned before = ctx.errors;
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, "printed"), llvm::SMLoc());
    mlir::OwningOpRef<mlir::ModuleOp> again =
        mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr,
                                              mlir::ParserConfig(&ctx.context));
    if (!again || ctx.errors != before)
      fail(std::string("a verified module printed in the ") +
           (generic ? "generic" : "custom") + " form does not parse back:\n" +
           text);
  }
}

/// The start of the text targets: the input parsed (null if it does not
/// parse, with an error) and, when it verifies, round-tripped.
inline mlir::OwningOpRef<mlir::ModuleOp>
parseAndRoundTrip(FuzzContext &ctx, const uint8_t *data, size_t size) {
  mlir::OwningOpRef<mlir::ModuleOp> module = parseModule(
      ctx, llvm::StringRef(reinterpret_cast<const char *>(data), size));
  if (module)
    checkRoundTrip(ctx, *module);
  return module;
}

/// After a pass pipeline: success leaves IR that verifies; failure reported
/// an error. `errorsBefore` is ctx.errors before the pipeline ran.
inline void checkPassResult(FuzzContext &ctx, mlir::ModuleOp module,
                            mlir::LogicalResult result, unsigned errorsBefore,
                            llvm::StringRef what) {
  if (mlir::failed(result)) {
    if (ctx.errors == errorsBefore)
      fail((what + " failed without an error").str());
    return;
  }
  if (mlir::failed(mlir::verify(module))) {
    module->print(llvm::errs(), mlir::OpPrintingFlags().printGenericOpForm());
    fail((what + " succeeded but left IR that does not verify").str());
  }
}

} // namespace tofu_fuzz

#endif // TOFU_FUZZ_MLIRFUZZSUPPORT_H
