// j_reductions: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5x7xf32>) -> (tensor<5x7xf32> {jax.result_info = "result[0]"}, tensor<3x7xf32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}, tensor<3x5xf32> {jax.result_info = "result[3]"}, tensor<5xf32> {jax.result_info = "result[4]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<3x5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x5x7xf32>, tensor<f32>) -> tensor<3x7xf32>
    %cst_1 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x7xf32>
    %3 = stablehlo.divide %1, %2 : tensor<3x7xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.maximum across dimensions = [0, 2] : (tensor<3x5x7xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_3 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %5 = stablehlo.reduce(%arg0 init: %cst_3) applies stablehlo.minimum across dimensions = [2] : (tensor<3x5x7xf32>, tensor<f32>) -> tensor<3x5xf32>
    %6 = stablehlo.slice %arg0 [0:1, 0:5, 0:7] : (tensor<3x5x7xf32>) -> tensor<1x5x7xf32>
    %7 = stablehlo.reshape %6 : (tensor<1x5x7xf32>) -> tensor<5x7xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_4) applies stablehlo.multiply across dimensions = [1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    return %0, %3, %4, %5, %8 : tensor<5x7xf32>, tensor<3x7xf32>, tensor<5xf32>, tensor<3x5xf32>, tensor<5xf32>
  }
}
