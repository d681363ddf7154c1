// j_matvec_transpose: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<15x2xf32>, %arg1: tensor<15xf32>) -> (tensor<2xf32> {jax.result_info = "result[0]"}, tensor<6x5xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<15x2xf32>) -> tensor<2x15xf32>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x15xf32>, tensor<15xf32>) -> tensor<2xf32>
    %2 = stablehlo.reshape %arg0 : (tensor<15x2xf32>) -> tensor<3x5x2xf32>
    %3 = stablehlo.transpose %2, dims = [2, 0, 1] : (tensor<3x5x2xf32>) -> tensor<2x3x5xf32>
    %4 = stablehlo.reshape %3 : (tensor<2x3x5xf32>) -> tensor<6x5xf32>
    return %1, %4 : tensor<2xf32>, tensor<6x5xf32>
  }
}
