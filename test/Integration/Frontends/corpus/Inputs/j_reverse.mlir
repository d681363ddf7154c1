// j_reverse: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5x4xf32>) -> (tensor<3x5x4xf32> {jax.result_info = "result[0]"}, tensor<3x5x4xf32> {jax.result_info = "result[1]"}) {
    %0 = call @_flip(%arg0) : (tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
    %1 = call @_flip_0(%arg0) : (tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
    return %0, %1 : tensor<3x5x4xf32>, tensor<3x5x4xf32>
  }
  func.func private @_flip(%arg0: tensor<3x5x4xf32>) -> tensor<3x5x4xf32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<3x5x4xf32>
    return %0 : tensor<3x5x4xf32>
  }
  func.func private @_flip_0(%arg0: tensor<3x5x4xf32>) -> tensor<3x5x4xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0, 2] : tensor<3x5x4xf32>
    return %0 : tensor<3x5x4xf32>
  }
}
