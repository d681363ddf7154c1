// j_clip: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xf32>, %arg1: tensor<6x5xi32>) -> (tensor<6x5xf32> {jax.result_info = "result[0]"}, tensor<6x5xi32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %cst_0 = stablehlo.constant dense<0.699999988> : tensor<f32>
    %0 = call @clip(%arg0, %cst, %cst_0) : (tensor<6x5xf32>, tensor<f32>, tensor<f32>) -> tensor<6x5xf32>
    %c = stablehlo.constant dense<-3> : tensor<i32>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %1 = call @clip_0(%arg1, %c, %c_1) : (tensor<6x5xi32>, tensor<i32>, tensor<i32>) -> tensor<6x5xi32>
    return %0, %1 : tensor<6x5xf32>, tensor<6x5xi32>
  }
  func.func private @clip(%arg0: tensor<6x5xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<6x5xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<6x5xf32>
    %3 = stablehlo.convert %arg2 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<6x5xf32>
    return %5 : tensor<6x5xf32>
  }
  func.func private @clip_0(%arg0: tensor<6x5xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<6x5xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<6x5xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<6x5xi32>
    %3 = stablehlo.convert %arg2 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<6x5xi32>
    %5 = stablehlo.minimum %4, %2 : tensor<6x5xi32>
    return %5 : tensor<6x5xi32>
  }
}
