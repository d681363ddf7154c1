// j_round: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32> {jax.result_info = "result[0]"}, tensor<3x4xf32> {jax.result_info = "result[1]"}, tensor<3x4xf32> {jax.result_info = "result[2]"}, tensor<3x4xf32> {jax.result_info = "result[3]"}) {
    %0 = call @round(%arg0) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %1 = stablehlo.floor %arg0 : tensor<3x4xf32>
    %2 = stablehlo.ceil %arg0 : tensor<3x4xf32>
    %3 = call @trunc(%arg0) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0, %1, %2, %3 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
  }
  func.func private @round(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
  func.func private @trunc(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %1 = stablehlo.compare LT, %arg0, %0, FLOAT : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %2 = stablehlo.ceil %arg0 : tensor<3x4xf32>
    %3 = stablehlo.floor %arg0 : tensor<3x4xf32>
    %4 = call @_where(%1, %2, %3) : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    return %4 : tensor<3x4xf32>
  }
  func.func private @_where(%arg0: tensor<3x4xi1>, %arg1: tensor<3x4xf32>, %arg2: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<3x4xi1>, tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
