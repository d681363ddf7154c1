// j_convert_int_to_float: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xi32>) -> (tensor<8xf32> {jax.result_info = "result[0]"}, tensor<8xi32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<8xi32>) -> tensor<8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %2 = stablehlo.compare NE, %arg0, %1, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %3 = stablehlo.convert %2 : tensor<8xi1>
    %4 = stablehlo.convert %3 : (tensor<8xi1>) -> tensor<8xi32>
    return %0, %4 : tensor<8xf32>, tensor<8xi32>
  }
}
