// j_shifts: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xi32>, %arg1: tensor<8xi32>) -> (tensor<8xi32> {jax.result_info = "result[0]"}, tensor<8xi32> {jax.result_info = "result[1]"}, tensor<8xi32> {jax.result_info = "result[2]"}, tensor<8xi32> {jax.result_info = "result[3]"}, tensor<8xi32> {jax.result_info = "result[4]"}, tensor<8xi32> {jax.result_info = "result[5]"}, tensor<8xi32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.shift_left %arg0, %arg1 : tensor<8xi32>
    %1 = stablehlo.shift_right_arithmetic %arg0, %arg1 : tensor<8xi32>
    %2 = stablehlo.shift_right_logical %arg0, %arg1 : tensor<8xi32>
    %c = stablehlo.constant dense<240> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %4 = stablehlo.and %arg0, %3 : tensor<8xi32>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %6 = stablehlo.or %arg0, %5 : tensor<8xi32>
    %7 = stablehlo.xor %arg0, %arg1 : tensor<8xi32>
    %8 = stablehlo.not %arg0 : tensor<8xi32>
    return %0, %1, %2, %4, %6, %7, %8 : tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
  }
}
