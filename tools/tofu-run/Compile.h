//===- Compile.h - tofu-run's in-process compiler ---------------*- C++ -*-===//
//
// Everything between the user's file and the object file, in this process:
// parse (every dialect tofu-opt knows), the user's --pipeline passes, the
// CPU or GPU lowering pipeline (include/Tofu/Pipelines), the translation to
// LLVM IR, the entry's packed wrapper and embedded spec, LLVM's optimizer
// and code generator. Only the link is left to a process (Link.h).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_COMPILE_H
#define TOFU_RUN_COMPILE_H

#include "RunSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <string>
#include <vector>

namespace tofu_run {

/// How the module is lowered and compiled.
struct Target {
  bool gpu = false;
  /// --cpu-opt vectorize: products' loops reordered, then LLVM's loop
  /// vectorizer; false: the lowering and the code generator alone.
  bool vectorize = true;
  /// --cpu-blas: f32 products as OpenBLAS calls (--tofu-cpu-library-calls).
  bool blas = true;
  /// --gpu-memory: managed or device.
  std::string gpuMemory = "managed";
};

class Compiler {
public:
  Compiler();
  ~Compiler();

  /// Parses `path`; fails (fatal) with MLIR's located diagnostics.
  mlir::OwningOpRef<mlir::ModuleOp> parse(const std::string &path);

  /// Runs tofu-opt flags (--PASS[=OPTIONS] of a registered pass or
  /// pipeline, or --pass-pipeline=TEXT) on `module`.
  void runUserPasses(mlir::ModuleOp module,
                     const std::vector<std::string> &flags);

  /// The CPU or GPU lowering pipeline, then a check that only the LLVM
  /// dialect (and GPU binaries) is left, located at the user's op.
  void lower(mlir::ModuleOp module, const Target &target);

  /// Writes `module` with its locations (the lowered module of --jit).
  void write(mlir::ModuleOp module, const std::string &path);

  /// Translates the lowered `module` to LLVM IR, adds the packed wrapper of
  /// the entry's C interface and `spec` as tofu_run_entry_spec, optimizes
  /// and writes an object file.
  void emitObject(mlir::ModuleOp module, const EntrySpec &spec,
                  const Target &target, const std::string &path);

private:
  std::unique_ptr<mlir::MLIRContext> context;
  llvm::SourceMgr sourceMgr;
  struct Diagnostics;
  std::unique_ptr<Diagnostics> diagnostics;
};

} // namespace tofu_run

#endif // TOFU_RUN_COMPILE_H
