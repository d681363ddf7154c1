// j_einsum_two_contractions: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3x7xf32>, %arg1: tensor<7x3x6xf32>) -> (tensor<5x6xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [1, 0], precision = [DEFAULT, DEFAULT] : (tensor<5x3x7xf32>, tensor<7x3x6xf32>) -> tensor<5x6xf32>
    return %0 : tensor<5x6xf32>
  }
}
