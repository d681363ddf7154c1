// j_convert_float_to_int: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>) -> (tensor<16xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<16xf32>) -> tensor<16xi32>
    return %0 : tensor<16xi32>
  }
}
