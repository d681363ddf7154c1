// j_fori_loop: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf32>, %arg1: tensor<5x5xf32>) -> (tensor<3x5xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0:4 = stablehlo.while(%iterArg = %arg1, %iterArg_1 = %c_0, %iterArg_2 = %c, %iterArg_3 = %arg0) : tensor<5x5xf32>, tensor<i32>, tensor<i32>, tensor<3x5xf32>
    cond {
      %c_4 = stablehlo.constant dense<4> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3) : (tensor<5x5xf32>, tensor<i32>, tensor<3x5xf32>) -> (tensor<i32>, tensor<3x5xf32>)
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
      stablehlo.return %iterArg, %2, %1#0, %1#1 : tensor<5x5xf32>, tensor<i32>, tensor<i32>, tensor<3x5xf32>
    }
    return %0#3 : tensor<3x5xf32>
  }
  func.func private @closed_call(%arg0: tensor<5x5xf32>, %arg1: tensor<i32>, %arg2: tensor<3x5xf32>) -> (tensor<i32>, tensor<3x5xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %1 = stablehlo.dot_general %arg2, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<5x5xf32>) -> tensor<3x5xf32>
    %2 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %4 = stablehlo.add %1, %3 : tensor<3x5xf32>
    %5 = stablehlo.tanh %4 : tensor<3x5xf32>
    return %0, %5 : tensor<i32>, tensor<3x5xf32>
  }
}
