//===- SignatureChecks.h - The lowered entry against its spec ---*- C++ -*-===//
//
// tofu-jit calls the entry from its EntrySpec alone, so before the call it
// checks that the lowered module's C interface takes what the spec
// describes: a wrong type or rank would make the generated code read past a
// descriptor instead of failing with a message.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_JIT_SIGNATURECHECKS_H
#define TOFU_JIT_SIGNATURECHECKS_H

#include "RunSupport.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <string>

namespace tofu_jit {

/// Why the C interface's LLVM signature does not fit the spec, or "".
std::string checkSignature(mlir::LLVM::LLVMFuncOp f,
                           const tofu_run::EntrySpec &spec);

/// Why the expanded entry (every memref argument as allocated, aligned,
/// offset, sizes..., strides...) does not fit the ranks of the spec's
/// tensors, or "".
std::string checkRanks(mlir::LLVM::LLVMFuncOp f,
                       const tofu_run::EntrySpec &spec);

} // namespace tofu_jit

#endif // TOFU_JIT_SIGNATURECHECKS_H
