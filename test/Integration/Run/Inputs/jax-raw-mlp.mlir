// A JAX export as jax.jit(f).lower(...).as_text() prints it (JAX 0.10.2,
// f = relu(x @ w1 + b1) @ w2 with a private helper), not imported.
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4x2xf32>) -> (tensor<6x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x4xf32>) -> tensor<6x4xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4xf32>) -> tensor<6x4xf32>
    %2 = stablehlo.add %0, %1 : tensor<6x4xf32>
    %3 = call @relu(%2) : (tensor<6x4xf32>) -> tensor<6x4xf32>
    %4 = stablehlo.dot_general %3, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x2xf32>) -> tensor<6x2xf32>
    return %4 : tensor<6x2xf32>
  }
  func.func private @relu(%arg0: tensor<6x4xf32>) -> tensor<6x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x4xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<6x4xf32>
    return %1 : tensor<6x4xf32>
  }
}
