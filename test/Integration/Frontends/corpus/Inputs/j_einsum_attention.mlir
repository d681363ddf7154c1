// j_einsum_attention: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5x3x4xf32>, %arg1: tensor<2x7x3x4xf32>) -> (tensor<2x3x5x7xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x5x3x4xf32>, tensor<2x7x3x4xf32>) -> tensor<2x3x5x7xf32>
    return %0 : tensor<2x3x5x7xf32>
  }
}
