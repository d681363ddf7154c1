// j_elementwise_math: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x6xf32>) -> (tensor<5x6xf32> {jax.result_info = "result[0]"}, tensor<5x6xf32> {jax.result_info = "result[1]"}, tensor<5x6xf32> {jax.result_info = "result[2]"}, tensor<5x6xf32> {jax.result_info = "result[3]"}, tensor<5x6xf32> {jax.result_info = "result[4]"}, tensor<5x6xf32> {jax.result_info = "result[5]"}, tensor<5x6xf32> {jax.result_info = "result[6]"}, tensor<5x6xf32> {jax.result_info = "result[7]"}, tensor<5x6xf32> {jax.result_info = "result[8]"}, tensor<5x6xf32> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.abs %arg0 : tensor<5x6xf32>
    %cst = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x6xf32>
    %2 = stablehlo.add %0, %1 : tensor<5x6xf32>
    %3 = stablehlo.exponential %arg0 : tensor<5x6xf32>
    %4 = stablehlo.log_plus_one %2 : tensor<5x6xf32>
    %5 = stablehlo.exponential_minus_one %arg0 : tensor<5x6xf32>
    %6 = stablehlo.tanh %arg0 : tensor<5x6xf32>
    %7 = stablehlo.sine %arg0 : tensor<5x6xf32>
    %8 = stablehlo.cosine %arg0 : tensor<5x6xf32>
    %9 = stablehlo.sqrt %2 : tensor<5x6xf32>
    %10 = stablehlo.rsqrt %2 : tensor<5x6xf32>
    %11 = stablehlo.sign %arg0 : tensor<5x6xf32>
    %12 = stablehlo.log %2 : tensor<5x6xf32>
    return %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>
  }
}
