module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x16xf32>) -> (tensor<5x16xf32> {jax.result_info = "result[0]"}) {
    %0 = call @relu(%arg0) : (tensor<5x16xf32>) -> tensor<5x16xf32>
    return %0 : tensor<5x16xf32>
  }
  func.func private @relu(%arg0: tensor<5x16xf32>) -> tensor<5x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<5x16xf32>
    return %1 : tensor<5x16xf32>
  }
}
