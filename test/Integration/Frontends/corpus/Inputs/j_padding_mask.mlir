// j_padding_mask: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x7x5xf32>, %arg1: tensor<3xi32>) -> (tensor<3x5xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<7xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<7xi32>) -> tensor<1x7xi32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x7xi32>) -> tensor<3x7xi32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x7xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<3x7xi32>, tensor<3x7xi32>) -> tensor<3x7xi1>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<3x7xi1>) -> tensor<3x7x1xi1>
    %7 = stablehlo.convert %6 : (tensor<3x7x1xi1>) -> tensor<3x7x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<3x7x1xf32>) -> tensor<3x7x5xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<3x7x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x7x5xf32>, tensor<f32>) -> tensor<3x5xf32>
    %11 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %12 = stablehlo.convert %11 : (tensor<3x1xi32>) -> tensor<3x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
    %14 = stablehlo.divide %10, %13 : tensor<3x5xf32>
    return %14 : tensor<3x5xf32>
  }
}
