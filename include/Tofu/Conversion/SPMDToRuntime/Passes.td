//===- Passes.td - shard collectives to runtime calls ------*- tablegen -*-===//
#ifndef TOFU_CONVERSION_SPMDTORUNTIME_PASSES_TD
#define TOFU_CONVERSION_SPMDTORUNTIME_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuLowerSPMD : Pass<"tofu-lower-spmd", "ModuleOp"> {
  let summary = "Lower shard collectives to calls into the Tofu runtime";
  let description = [{
    Rewrites the `shard` ops of a materialized program, at the tensor level
    (before bufferization), into calls to the runtime library's memref ABI
    (docs/runtime.md). Grid axis i is recursion level i.

    - `all_reduce`, `all_gather`, `reduce_scatter` and `all_to_all` become
      calls on a fresh buffer (`bufferization.to_buffer` / `memref.alloc` /
      `to_tensor restrict`): `tofu_rt_<collective>_memref_<type>` for f32,
      f64, f16, bf16, i1, i8, i16, i32 and i64. Data moves in its own type,
      bit for bit; reductions combine as the unpartitioned program's arith
      combiner does (integers wrap, float max/min propagate NaN).
    - `all_slice` becomes a compact copy of the rank's block.
    - `process_multi_index` becomes calls to `tofu_rt_coord`.

    Before:

    ```mlir
    %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4xi64> -> tensor<4xi64>
    ```

    After:

    ```mlir
    %src = bufferization.to_buffer %x read_only : tensor<4xi64> to memref<4xi64>
    %buf = memref.alloc() : memref<4xi64>
    memref.copy %src, %buf : memref<4xi64> to memref<4xi64>
    %u = memref.cast %buf : memref<4xi64> to memref<*xi64>
    %rc = call @tofu_rt_all_reduce_memref_i64(%u, %c0_i64, %c0_i32)
        : (memref<*xi64>, i64, i32) -> i32
    %r = bufferization.to_tensor %buf restrict : memref<4xi64> to tensor<4xi64>
    ```

    Element types outside that list, collectives spanning several grid axes
    (other than all_reduce) and reductions the runtime lacks are located
    errors.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // TOFU_CONVERSION_SPMDTORUNTIME_PASSES_TD
