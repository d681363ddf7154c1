// j_scan_rnn: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf32>, %arg1: tensor<4x3x2xf32>, %arg2: tensor<2x5xf32>, %arg3: tensor<5x5xf32>) -> (tensor<3x5xf32> {jax.result_info = "result[0]"}, tensor<4x3xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:6 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %arg2, %iterArg_1 = %arg3, %iterArg_2 = %c, %iterArg_3 = %arg0, %iterArg_4 = %0) : tensor<4x3x2xf32>, tensor<2x5xf32>, tensor<5x5xf32>, tensor<i32>, tensor<3x5xf32>, tensor<4x3xf32>
    cond {
      %c_5 = stablehlo.constant dense<4> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_2) : (tensor<4x3x2xf32>, tensor<i32>) -> tensor<3x2xf32>
      %3:2 = func.call @closed_call(%iterArg_0, %iterArg_1, %iterArg_3, %2) : (tensor<2x5xf32>, tensor<5x5xf32>, tensor<3x5xf32>, tensor<3x2xf32>) -> (tensor<3x5xf32>, tensor<3xf32>)
      %4 = func.call @dynamic_update_index_in_dim(%iterArg_4, %3#1, %iterArg_2) : (tensor<4x3xf32>, tensor<3xf32>, tensor<i32>) -> tensor<4x3xf32>
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %5, %3#0, %4 : tensor<4x3x2xf32>, tensor<2x5xf32>, tensor<5x5xf32>, tensor<i32>, tensor<3x5xf32>, tensor<4x3xf32>
    }
    return %1#4, %1#5 : tensor<3x5xf32>, tensor<4x3xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<4x3x2xf32>, %arg1: tensor<i32>) -> tensor<3x2xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 3, 2] : (tensor<4x3x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x2xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3x2xf32>) -> tensor<3x2xf32>
    return %1 : tensor<3x2xf32>
  }
  func.func private @closed_call(%arg0: tensor<2x5xf32>, %arg1: tensor<5x5xf32>, %arg2: tensor<3x5xf32>, %arg3: tensor<3x2xf32>) -> (tensor<3x5xf32>, tensor<3xf32>) {
    %0 = stablehlo.dot_general %arg3, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x2xf32>, tensor<2x5xf32>) -> tensor<3x5xf32>
    %1 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<5x5xf32>) -> tensor<3x5xf32>
    %2 = stablehlo.add %0, %1 : tensor<3x5xf32>
    %3 = stablehlo.tanh %2 : tensor<3x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x5xf32>, tensor<f32>) -> tensor<3xf32>
    return %3, %4 : tensor<3x5xf32>, tensor<3xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<4x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<i32>) -> tensor<4x3xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
    return %1 : tensor<4x3xf32>
  }
}
