// j_outer: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xf32>, %arg1: tensor<5xf32>) -> (tensor<7x5xf32> {jax.result_info = "result[0]"}, tensor<7x5xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<7xf32>) -> tensor<7x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<7x1xf32>) -> tensor<7x5xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<7x5xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<7x5xf32>
    %5 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<7xf32>) -> tensor<7x1xf32>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<7x1xf32>) -> tensor<7x5xf32>
    %8 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<7x5xf32>
    %9 = stablehlo.multiply %7, %8 : tensor<7x5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<7x5xf32>
    %11 = stablehlo.add %9, %10 : tensor<7x5xf32>
    return %4, %11 : tensor<7x5xf32>, tensor<7x5xf32>
  }
}
