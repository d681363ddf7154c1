// j_special_functions: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x4xf32>) -> (tensor<5x4xf32> {jax.result_info = "result[0]"}, tensor<5x4xf32> {jax.result_info = "result[1]"}, tensor<5x4xf32> {jax.result_info = "result[2]"}, tensor<5x4xf32> {jax.result_info = "result[3]"}, tensor<5x4xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.abs %arg0 : tensor<5x4xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x4xf32>
    %2 = stablehlo.add %0, %1 : tensor<5x4xf32>
    %3 = chlo.erf %arg0 : tensor<5x4xf32> -> tensor<5x4xf32>
    %4 = chlo.erfc %arg0 : tensor<5x4xf32> -> tensor<5x4xf32>
    %5 = stablehlo.tanh %arg0 : tensor<5x4xf32>
    %cst_0 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x4xf32>
    %7 = stablehlo.multiply %5, %6 : tensor<5x4xf32>
    %8 = chlo.erf_inv %7 : tensor<5x4xf32> -> tensor<5x4xf32>
    %9 = chlo.lgamma %2 : tensor<5x4xf32> -> tensor<5x4xf32>
    %10 = chlo.digamma %2 : tensor<5x4xf32> -> tensor<5x4xf32>
    return %3, %4, %8, %9, %10 : tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x4xf32>
  }
}
