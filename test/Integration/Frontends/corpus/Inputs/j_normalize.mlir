// j_normalize: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x7xf32>) -> (tensor<6x7xf32> {jax.result_info = "result"}) {
    %0 = call @norm(%arg0) : (tensor<6x7xf32>) -> tensor<6x1xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x7xf32>
    %2 = stablehlo.divide %arg0, %1 : tensor<6x7xf32>
    return %2 : tensor<6x7xf32>
  }
  func.func private @norm(%arg0: tensor<6x7xf32>) -> tensor<6x1xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<6x7xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x7xf32>, tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %3 = stablehlo.sqrt %2 : tensor<6x1xf32>
    return %3 : tensor<6x1xf32>
  }
}
