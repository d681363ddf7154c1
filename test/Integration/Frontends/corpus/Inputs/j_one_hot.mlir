// j_one_hot: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5xi32>) -> (tensor<2x5x7xf32> {jax.result_info = "result"}) {
    %0 = call @_one_hot(%arg0) : (tensor<2x5xi32>) -> tensor<2x5x7xf32>
    return %0 : tensor<2x5x7xf32>
  }
  func.func private @_one_hot(%arg0: tensor<2x5xi32>) -> tensor<2x5x7xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<2x5xi32>) -> tensor<2x5x1xi32>
    %1 = stablehlo.iota dim = 2 : tensor<1x1x7xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<2x5x1xi32>) -> tensor<2x5x7xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x7xi32>) -> tensor<2x5x7xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<2x5x7xi32>, tensor<2x5x7xi32>) -> tensor<2x5x7xi1>
    %5 = stablehlo.convert %4 : (tensor<2x5x7xi1>) -> tensor<2x5x7xf32>
    return %5 : tensor<2x5x7xf32>
  }
}
