//===- GenericCall.h - Call an entry's C interface from its EntrySpec -----===//
//
// tofu-run's ahead-of-time programs call `_mlir_ciface_<entry>` through a
// generated adapter with one C++ type per signature. tofu-jit has no
// compiler at hand, so it calls the same function through its *packed*
// wrapper (`void _mlir__mlir_ciface_<entry>(void **operands)`, made by
// mlir::ExecutionEngine for every function it compiles): operand i is a
// pointer to the i-th argument of the C interface, and a non-void result is
// stored through one more pointer at the end. This file lays those operands
// out from the EntrySpec alone:
//
//  - a tensor argument of rank R is passed as a pointer to a ranked memref
//    descriptor {allocated, aligned, offset, sizes[R], strides[R]};
//  - a scalar argument is passed by value;
//  - results: none -> void; one scalar -> returned directly; otherwise (a
//    tensor, or several results) the C interface takes a leading pointer to
//    an LLVM struct of the results (descriptors by value), laid out with
//    each field's natural alignment (8 for descriptors, f64 and i64; 4 for
//    f32 and i32), the struct's size rounded up to its largest alignment -
//    as a C compiler lays out the AOT adapter's `struct Results`.
//
// It depends on neither LLVM nor CUDA (it is part of libtofu_run_support).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_GENERICCALL_H
#define TOFU_RUN_GENERICCALL_H

#include "RunSupport.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace tofu_run {

/// Bytes of a ranked memref descriptor of rank `rank`: 2 pointers, the
/// offset, the sizes and the strides (all 8 bytes on 64-bit targets).
size_t descriptorBytes(size_t rank);

/// Where the results of a call through the C interface go.
struct ResultLayout {
  /// True when the C interface takes a leading pointer to a struct of the
  /// results (a tensor result, or more than one result).
  bool viaStruct = false;
  /// Offset of each result in the struct (when viaStruct).
  std::vector<size_t> offsets;
  size_t size = 0;  // bytes of the struct (0 when !viaStruct)
  size_t align = 1; // its alignment
};

/// Size and natural alignment of a result's field in the struct.
size_t fieldBytes(const ValueSpec &v);
size_t fieldAlign(const ValueSpec &v);
ResultLayout resultLayout(const std::vector<ValueSpec> &results);

/// The packed wrapper of a C-interface function.
using PackedFunction = void (*)(void **);

/// The operands of one call of `_mlir_ciface_<entry>` through its packed
/// wrapper, built from the EntrySpec: argument descriptors, scalar slots,
/// the result struct (or the slot of a scalar result) and the array of
/// pointers the wrapper takes.
class PackedCall {
public:
  /// Where a tensor argument's data lives for the call (the host array's
  /// bytes on the CPU; a managed copy on the GPU).
  using Placement = std::function<void *(Array &)>;

  /// Builds the operands for `args` (whose shapes give the sizes of
  /// dynamic dimensions). `args` must outlive the call.
  PackedCall(const EntrySpec &spec, std::vector<Array> &args,
             const Placement &place);
  PackedCall(PackedCall &&) = default;
  PackedCall(const PackedCall &) = delete;
  PackedCall &operator=(const PackedCall &) = delete;

  /// A copy whose tensor arguments point to `copyBuffer(aligned)` (fresh
  /// copies of the inputs, for timing runs that may update arguments in
  /// place) and whose result storage is fresh.
  PackedCall withFreshBuffers(
      const std::function<void *(const void *aligned)> &copyBuffer) const;

  /// Calls the entry.
  void invoke(PackedFunction function);

  /// The results of the last call, as dense arrays.
  std::vector<Array> results() const;

  /// results(), then frees the blocks the entry allocated for them: under
  /// MLIR's ownership-based deallocation a returned buffer is the caller's.
  /// Not freed: constants (memref.get_global marks them 0xdeadbeef), views
  /// of an argument's block, and a block two results share is freed once.
  /// CPU only (the blocks come from the entry's malloc).
  std::vector<Array> takeResults();

  /// Operand array as passed to the wrapper (for tests).
  const std::vector<void *> &operands() const { return pointers; }
  /// The descriptor of tensor argument i (nullptr for a scalar).
  const int64_t *descriptor(size_t i) const;
  /// The result struct (or scalar result slot).
  const unsigned char *resultStorage() const;

private:
  PackedCall() = default;
  void link();

  const EntrySpec *spec = nullptr;
  ResultLayout layout;
  // Per argument: a descriptor (tensors) or an 8-byte slot (scalars), each
  // in its own vector so that addresses stay put.
  std::vector<std::vector<int64_t>> argStorage;
  std::vector<void *> descriptorPointers; // one per argument (tensors)
  std::vector<uint64_t> resultStore;      // 8-byte aligned
  std::vector<void *> resultPointer;      // {resultStore} (struct results)
  std::vector<void *> pointers;           // what the wrapper gets
  // Every address above is inside a vector's heap block, so a moved
  // PackedCall stays valid; link() recomputes `pointers` after a copy.
};

} // namespace tofu_run

#endif // TOFU_RUN_GENERICCALL_H
