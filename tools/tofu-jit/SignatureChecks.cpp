//===- SignatureChecks.cpp - The lowered entry against its spec -----------===//

#include "SignatureChecks.h"

#include "GenericCall.h"

using namespace mlir;

namespace tofu_jit {

namespace {

std::string scalarName(Type t) {
  std::string out;
  llvm::raw_string_ostream os(out);
  t.print(os);
  return out;
}

bool scalarMatches(Type t, tofu_run::DType d) {
  tofu_run::DType named;
  return tofu_run::dtypeNamed(scalarName(t), named) && named == d;
}

// The rank of a memref descriptor struct {ptr, ptr, i64[, [R x i64],
// [R x i64]]}, or -1.
int64_t descriptorRank(Type t) {
  auto s = dyn_cast<LLVM::LLVMStructType>(t);
  if (!s || s.isOpaque())
    return -1;
  ArrayRef<Type> body = s.getBody();
  if (body.size() == 3)
    return 0;
  if (body.size() != 5)
    return -1;
  auto sizes = dyn_cast<LLVM::LLVMArrayType>(body[3]);
  return sizes ? static_cast<int64_t>(sizes.getNumElements()) : -1;
}

} // namespace

// Why the C interface's LLVM signature does not fit the spec, or "".
std::string checkSignature(LLVM::LLVMFuncOp f,
                           const tofu_run::EntrySpec &spec) {
  LLVM::LLVMFunctionType type = f.getFunctionType();
  tofu_run::ResultLayout layout = tofu_run::resultLayout(spec.results);
  size_t expected = spec.args.size() + (layout.viaStruct ? 1 : 0);
  if (type.getNumParams() != expected)
    return "it takes " + std::to_string(type.getNumParams()) +
           " parameters, the spec needs " + std::to_string(expected) + " (" +
           std::to_string(spec.args.size()) + " arguments" +
           (layout.viaStruct ? " and the pointer to the results)" : ")");
  unsigned p = 0;
  if (layout.viaStruct && !isa<LLVM::LLVMPointerType>(type.getParamType(p++)))
    return "parameter 0 (the results) is not a pointer";
  for (size_t i = 0; i < spec.args.size(); ++i, ++p) {
    Type t = type.getParamType(p);
    const tofu_run::ValueSpec &v = spec.args[i];
    if (v.isTensor && !isa<LLVM::LLVMPointerType>(t))
      return "argument " + std::to_string(i) + " is " + scalarName(t) +
             " in the module, a tensor (a descriptor pointer) in the spec";
    if (!v.isTensor && !scalarMatches(t, v.dtype))
      return "argument " + std::to_string(i) + " is " + scalarName(t) +
             " in the module, " + tofu_run::mlirName(v.dtype) + " in the spec";
  }
  Type result = type.getReturnType();
  if (!layout.viaStruct && spec.results.size() == 1) {
    if (!scalarMatches(result, spec.results[0].dtype))
      return "it returns " + scalarName(result) + ", the spec says " +
             tofu_run::mlirName(spec.results[0].dtype);
  } else if (!isa<LLVM::LLVMVoidType>(result)) {
    return "it returns " + scalarName(result) +
           ", the spec expects void (results through the leading pointer)";
  }
  return "";
}

// Why the expanded entry (@tofu_run_entry: every memref argument as
// allocated, aligned, offset, sizes..., strides...) does not fit the ranks
// of the spec's tensors, or "". The C interface passes descriptors by
// pointer, so only here do the ranks show: a wrong rank would make the
// generated code read past the descriptor.
std::string checkRanks(LLVM::LLVMFuncOp f, const tofu_run::EntrySpec &spec) {
  LLVM::LLVMFunctionType type = f.getFunctionType();
  unsigned p = 0, n = type.getNumParams();
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const tofu_run::ValueSpec &v = spec.args[i];
    if (!v.isTensor) {
      ++p;
      continue;
    }
    // ptr, ptr, then the offset, sizes and strides (i64 up to the next ptr
    // or scalar).
    unsigned start = p;
    if (p + 1 >= n || !isa<LLVM::LLVMPointerType>(type.getParamType(p)) ||
        !isa<LLVM::LLVMPointerType>(type.getParamType(p + 1)))
      return "argument " + std::to_string(i) +
             " is not a memref descriptor in @" + f.getSymName().str();
    p += 2;
    unsigned ints = 0;
    while (p < n && type.getParamType(p).isInteger(64) &&
           ints < 1 + 2 * v.shape.size()) {
      ++p;
      ++ints;
    }
    if (ints != 1 + 2 * v.shape.size() ||
        (p < n && type.getParamType(p).isInteger(64) &&
         i + 1 < spec.args.size() && spec.args[i + 1].isTensor))
      return "argument " + std::to_string(i) + " is a memref of another rank " +
             "in @" + f.getSymName().str() + ": the spec says rank " +
             std::to_string(v.shape.size()) + " (" +
             std::to_string(3 + 2 * v.shape.size()) +
             " descriptor parameters), the module has " +
             std::to_string(p - start);
  }
  if (p != n)
    return "@" + f.getSymName().str() + " takes " + std::to_string(n) +
           " parameters once memrefs are expanded, the spec accounts for " +
           std::to_string(p);
  std::vector<Type> results;
  Type ret = type.getReturnType();
  if (spec.results.size() > 1) {
    auto s = dyn_cast<LLVM::LLVMStructType>(ret);
    if (!s || s.isOpaque() || s.getBody().size() != spec.results.size())
      return "@" + f.getSymName().str() + " does not return a struct of " +
             std::to_string(spec.results.size()) + " results";
    results.assign(s.getBody().begin(), s.getBody().end());
  } else if (spec.results.size() == 1) {
    results.push_back(ret);
  }
  for (size_t k = 0; k < results.size(); ++k) {
    const tofu_run::ValueSpec &v = spec.results[k];
    if (!v.isTensor)
      continue;
    int64_t rank = descriptorRank(results[k]);
    if (rank != static_cast<int64_t>(v.shape.size()))
      return "result " + std::to_string(k) + " is " +
             (rank < 0 ? std::string("not a memref")
                       : "a rank-" + std::to_string(rank) + " memref") +
             " in @" + f.getSymName().str() + ", the spec says rank " +
             std::to_string(v.shape.size());
  }
  return "";
}

} // namespace tofu_jit
