// j_integer_power: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xi32>, %arg1: tensor<6x5xf32>) -> (tensor<6x5xi32> {jax.result_info = "result[0]"}, tensor<6x5xi32> {jax.result_info = "result[1]"}, tensor<6x5xf32> {jax.result_info = "result[2]"}, tensor<6x5xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<6x5xi32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<6x5xi32>
    %2 = stablehlo.multiply %arg0, %arg0 : tensor<6x5xi32>
    %3 = stablehlo.multiply %2, %2 : tensor<6x5xi32>
    %4 = stablehlo.multiply %arg0, %3 : tensor<6x5xi32>
    %5 = stablehlo.multiply %arg1, %arg1 : tensor<6x5xf32>
    %6 = stablehlo.multiply %5, %arg1 : tensor<6x5xf32>
    %7 = stablehlo.multiply %arg1, %arg1 : tensor<6x5xf32>
    return %1, %4, %6, %7 : tensor<6x5xi32>, tensor<6x5xi32>, tensor<6x5xf32>, tensor<6x5xf32>
  }
}
