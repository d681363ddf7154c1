//===- Passes.td - StableHLO to linalg conversion ----------*- tablegen -*-===//
#ifndef TOFU_CONVERSION_STABLEHLOTOLINALG_PASSES_TD
#define TOFU_CONVERSION_STABLEHLOTOLINALG_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertStableHLOToLinalg : Pass<"convert-stablehlo-to-linalg", "ModuleOp"> {
  let summary = "Lower the StableHLO subset to linalg, tensor, arith and math";
  let description = [{
    Rewrites every `stablehlo` op so that Tofu's TDL descriptions (derived
    for linalg structured ops, shipped for tensor ops), the partition search
    and CPU execution apply to JAX programs. Run `--inline` first so that the
    private helpers JAX reaches through `func.call` become part of `@main`.

    Element-wise ops, compare, select, convert, broadcast_in_dim and iota
    become `linalg.generic`s; dot_general becomes `linalg.matmul`,
    `linalg.batch_matmul` or a contraction `linalg.generic`; reduce becomes
    `linalg.reduce`; transpose `linalg.transpose`; reshape
    `tensor.collapse_shape`/`expand_shape`; slice, concatenate and pad the
    matching tensor ops; convolution `linalg.conv_2d_nhwc_hwcf` (JAX's forward
    layout) or a window `linalg.generic`; reduce_window a window
    `linalg.generic`; gather a `linalg.generic` reading with `tensor.extract`;
    scatter and select_and_scatter "pull" `linalg.generic`s that loop over
    the updates.

    Before:

    ```mlir
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
        : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %1 = stablehlo.maximum %0, %zeros : tensor<5x16xf32>
    ```

    After:

    ```mlir
    %e = tensor.empty() : tensor<5x16xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<5x16xf32>) -> tensor<5x16xf32>
    %0 = linalg.matmul ins(%x, %w : tensor<5x8xf32>, tensor<8x16xf32>)
                       outs(%f : tensor<5x16xf32>) -> tensor<5x16xf32>
    %1 = linalg.generic {...} ins(%0, %zeros : ...) outs(%e2 : ...) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %m = arith.maximumf %a, %b : f32
      linalg.yield %m : f32
    } -> tensor<5x16xf32>
    ```

    The `chlo` subset (`chlo.square`, `chlo.erf`, ...) becomes element-wise
    `linalg.generic`s too. `stablehlo.case` and `stablehlo.while` are
    flattened first: a case computes every branch and selects by the index
    (only the chosen branch when the index is a constant); a while whose trip
    count is static (the loop-control values start as constants and change
    only through constants, as in JAX's `fori_loop` and `scan`) is unrolled,
    its counter replaced by a constant in each copy. `sort` becomes
    `linalg.generic`s that compute each element's stable rank with the
    comparator and gather by rank.

    Dynamic shapes, ops outside the subset (`mhlo.*`, unregistered
    `stablehlo.*` or `chlo.*` ops), a `while` without a static trip count and
    unsupported attribute combinations (e.g. `feature_group_count > 1`,
    `TOTALORDER` comparisons outside sort comparators) are reported as
    located errors naming the op and the attribute.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TofuLowerStableHLO : Pass<"tofu-lower-stablehlo", "ModuleOp"> {
  let summary = "Import StableHLO and chlo ops if the module has any";
  let description = [{
    Runs `--tofu-import-stablehlo` (`--inline`, then
    `--convert-stablehlo-to-linalg`) when the module holds a `stablehlo` or
    `chlo` op, and does nothing otherwise. `tofu-run`'s lowering pipeline
    starts with it, so a JAX export runs without a separate import step
    (`--tofu-partition` imports the same way before it plans).
  }];
}

#endif // TOFU_CONVERSION_STABLEHLOTOLINALG_PASSES_TD
