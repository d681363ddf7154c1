//===- Passes.td - linalg products to CPU BLAS calls -------*- tablegen -*-===//
#ifndef TOFU_CONVERSION_LINALGTOCPULIBRARY_PASSES_TD
#define TOFU_CONVERSION_LINALGTOCPULIBRARY_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuCPULibraryCalls : Pass<"tofu-cpu-library-calls", "ModuleOp"> {
  let summary = "Matrix products, convolutions and poolings of a bufferized "
                "program to calls into the CPU runtime's libraries (OpenBLAS)";
  let description = [{
    Runs after bufferization and before `--convert-linalg-to-loops` in the
    CPU lowering (`--tofu-lower-to-llvm-cpu`). `linalg.matmul` (also with
    transposing indexing maps), `linalg.batch_matmul` and `linalg.generic`
    ops of the same form (`C[i,j] += A[i,k] * B[k,j]` with either factor
    transposed, with or without one leading batch loop, a body of exactly
    `arith.mulf` and `arith.addf`) on f32 memrefs whose rows are contiguous
    become calls to `@tofu_rt_cpu_matmul_f32` /
    `@tofu_rt_cpu_batch_matmul_f32` of libtofu_runtime, which compute
    `C = op(A) op(B) + C` with OpenBLAS (leading dimensions from the
    strides, see `runtime/include/tofu_runtime.h`). Everything else (other
    element types, strided rows, extra loops, other bodies) is left to
    `--convert-linalg-to-loops`.

    ```mlir
    linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>)
                  outs(%c : memref<4x16xf32>)
    ```

    becomes

    ```mlir
    %0 = memref.cast %a : memref<4x8xf32> to memref<*xf32>
    %1 = memref.cast %b : memref<8x16xf32> to memref<*xf32>
    %2 = memref.cast %c : memref<4x16xf32> to memref<*xf32>
    %false = arith.constant 0 : i32
    %3 = call @tofu_rt_cpu_matmul_f32(%0, %1, %2, %false, %false)
        : (memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, i32) -> i32
    ```

    With `convolutions` (the default), the 2-D convolutions and poolings
    that `--tofu-gpu-library-calls` gives to cuDNN (forward convolutions,
    autodiff's backward-data and backward-filter convolutions, max and sum
    poolings and the sum pooling's gradient; see
    `include/Tofu/Analysis/Convolution.h`) become calls to
    `@tofu_rt_cpu_conv2d_{fwd,bwd_data,bwd_filter}_f32` and
    `@tofu_rt_cpu_pool2d_{fwd,bwd}_f32`, with the operands and parameters of
    the GPU entry points (layout, strides, pads, dilations). The runtime
    computes convolutions as im2col + one `cblas_sgemm` over the whole batch
    (chosen over oneDNN by `bench/cpu/conv.py`, docs/benchmarks.md).

    The sums run in BLAS's order (blocked, vectorized), not the loops' one:
    results differ from `--convert-linalg-to-loops` by rounding.
  }];
  let options = [
    Option<"convolutions", "convolutions", "bool", /*default=*/"true",
           "Also convolutions and poolings to the runtime (im2col + BLAS)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

#endif // TOFU_CONVERSION_LINALGTOCPULIBRARY_PASSES_TD
