// j_top_k: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x8xf32>) -> (tensor<5x3xf32> {jax.result_info = "result[0]"}, tensor<5x3xi32> {jax.result_info = "result[1]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<5x8xf32> -> (tensor<5x3xf32>, tensor<5x3xi32>)
    return %values, %indices : tensor<5x3xf32>, tensor<5x3xi32>
  }
}
