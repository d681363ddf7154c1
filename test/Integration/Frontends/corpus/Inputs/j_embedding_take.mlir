// j_embedding_take: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11x6xf32>, %arg1: tensor<2x5xi32>) -> (tensor<2x5x6xf32> {jax.result_info = "result[0]"}, tensor<11x5xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x5xi32>, tensor<2x5xi32>) -> tensor<2x5xi1>
    %c_0 = stablehlo.constant dense<11> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x5xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2x5xi1>, tensor<2x5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x5xi32>) -> tensor<2x5x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> : (tensor<11x6xf32>, tensor<2x5x1xi32>) -> tensor<2x5x6xf32>
    %7 = stablehlo.slice %arg1 [0:1, 0:5] : (tensor<2x5xi32>) -> tensor<1x5xi32>
    %8 = stablehlo.reshape %7 : (tensor<1x5xi32>) -> tensor<5xi32>
    %9 = call @_take(%arg0, %8) : (tensor<11x6xf32>, tensor<5xi32>) -> tensor<11x5xf32>
    return %6, %9 : tensor<2x5x6xf32>, tensor<11x5xf32>
  }
  func.func private @_take(%arg0: tensor<11x6xf32>, %arg1: tensor<5xi32>) -> tensor<11x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 11, 1>}> : (tensor<11x6xf32>, tensor<5x1xi32>) -> tensor<11x5xf32>
    return %1 : tensor<11x5xf32>
  }
}
