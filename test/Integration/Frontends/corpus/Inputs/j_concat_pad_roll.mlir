// j_concat_pad_roll: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x6xf32>, %arg1: tensor<5x3xf32>) -> (tensor<5x9xf32> {jax.result_info = "result[0]"}, tensor<8x9xf32> {jax.result_info = "result[1]"}, tensor<7x8xf32> {jax.result_info = "result[2]"}, tensor<5x6xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<5x6xf32>, tensor<5x3xf32>) -> tensor<5x9xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = call @_pad(%arg0, %c) : (tensor<5x6xf32>, tensor<i32>) -> tensor<8x9xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %2 = call @_pad_0(%arg0, %c_0) : (tensor<5x6xf32>, tensor<i32>) -> tensor<7x8xf32>
    %3 = call @_roll_static(%arg0) : (tensor<5x6xf32>) -> tensor<5x6xf32>
    return %0, %1, %2, %3 : tensor<5x9xf32>, tensor<8x9xf32>, tensor<7x8xf32>, tensor<5x6xf32>
  }
  func.func private @_pad(%arg0: tensor<5x6xf32>, %arg1: tensor<i32>) -> tensor<8x9xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<5x6xf32>, tensor<f32>) -> tensor<8x9xf32>
    return %1 : tensor<8x9xf32>
  }
  func.func private @_pad_0(%arg0: tensor<5x6xf32>, %arg1: tensor<i32>) -> tensor<7x8xf32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:6] : (tensor<5x6xf32>) -> tensor<1x6xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<1x6xf32>) -> tensor<1x2x6xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x2x6xf32>) -> tensor<2x6xf32>
    %3 = stablehlo.slice %arg0 [4:5, 0:6] : (tensor<5x6xf32>) -> tensor<1x6xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 2] : (tensor<1x6xf32>) -> tensor<1x0x6xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x0x6xf32>) -> tensor<0x6xf32>
    %6 = stablehlo.concatenate %2, %arg0, %5, dim = 0 : (tensor<2x6xf32>, tensor<5x6xf32>, tensor<0x6xf32>) -> tensor<7x6xf32>
    %7 = stablehlo.slice %6 [0:7, 0:1] : (tensor<7x6xf32>) -> tensor<7x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<7x1xf32>) -> tensor<7x1x1xf32>
    %9 = stablehlo.reshape %8 : (tensor<7x1x1xf32>) -> tensor<7x1xf32>
    %10 = stablehlo.slice %6 [0:7, 5:6] : (tensor<7x6xf32>) -> tensor<7x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<7x1xf32>) -> tensor<7x1x1xf32>
    %12 = stablehlo.reshape %11 : (tensor<7x1x1xf32>) -> tensor<7x1xf32>
    %13 = stablehlo.concatenate %9, %6, %12, dim = 1 : (tensor<7x1xf32>, tensor<7x6xf32>, tensor<7x1xf32>) -> tensor<7x8xf32>
    return %13 : tensor<7x8xf32>
  }
  func.func private @_roll_static(%arg0: tensor<5x6xf32>) -> tensor<5x6xf32> {
    %0 = stablehlo.slice %arg0 [0:5, 4:6] : (tensor<5x6xf32>) -> tensor<5x2xf32>
    %1 = stablehlo.slice %arg0 [0:5, 0:4] : (tensor<5x6xf32>) -> tensor<5x4xf32>
    %2 = stablehlo.concatenate %0, %1, dim = 1 : (tensor<5x2xf32>, tensor<5x4xf32>) -> tensor<5x6xf32>
    return %2 : tensor<5x6xf32>
  }
}
