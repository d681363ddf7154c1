// j_where_mask: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x7xf32>, %arg1: tensor<6x7xf32>) -> (tensor<6x7xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<2.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x7xf32>
    %1 = stablehlo.compare GT, %arg0, %0, FLOAT : (tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<6x7xi1>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x7xf32>
    %3 = stablehlo.multiply %2, %arg1 : tensor<6x7xf32>
    %4 = call @_where(%1, %arg0, %3) : (tensor<6x7xi1>, tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<6x7xf32>
    return %4 : tensor<6x7xf32>
  }
  func.func private @_where(%arg0: tensor<6x7xi1>, %arg1: tensor<6x7xf32>, %arg2: tensor<6x7xf32>) -> tensor<6x7xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6x7xi1>, tensor<6x7xf32>
    return %0 : tensor<6x7xf32>
  }
}
