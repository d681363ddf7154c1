// j_bool_results: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x6xf32>, %arg1: tensor<5x6xf32>) -> (tensor<5x6xi1> {jax.result_info = "result[0]"}, tensor<5x6xi1> {jax.result_info = "result[1]"}, tensor<5x6xi1> {jax.result_info = "result[2]"}, tensor<5x6xi1> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<5x6xf32>, tensor<5x6xf32>) -> tensor<5x6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x6xf32>
    %2 = stablehlo.compare GT, %arg0, %1, FLOAT : (tensor<5x6xf32>, tensor<5x6xf32>) -> tensor<5x6xi1>
    %3 = stablehlo.and %0, %2 : tensor<5x6xi1>
    %4 = stablehlo.not %2 : tensor<5x6xi1>
    %5 = stablehlo.or %0, %4 : tensor<5x6xi1>
    %6 = stablehlo.xor %0, %2 : tensor<5x6xi1>
    return %0, %3, %5, %6 : tensor<5x6xi1>, tensor<5x6xi1>, tensor<5x6xi1>, tensor<5x6xi1>
  }
}
