// j_scatter_add: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7x5xf32>, %arg1: tensor<4x5xf32>) -> (tensor<7x5xf32> {jax.result_info = "result[0]"}, tensor<7x5xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<[0, 3, 3, 6]> : tensor<4xi32>
    %c_0 = stablehlo.constant dense<false> : tensor<4xi1>
    %c_1 = stablehlo.constant dense<[0, 3]> : tensor<2xi32>
    %c_2 = stablehlo.constant dense<false> : tensor<2xi1>
    %c_3 = stablehlo.constant dense<7> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.add %c, %0 : tensor<4xi32>
    %2 = stablehlo.select %c_0, %1, %c : tensor<4xi1>, tensor<4xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %4 = "stablehlo.scatter"(%arg0, %3, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %11 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %11 : tensor<f32>
    }) : (tensor<7x5xf32>, tensor<4x1xi32>, tensor<4x5xf32>) -> tensor<7x5xf32>
    %5 = stablehlo.slice %arg1 [0:2, 0:5] : (tensor<4x5xf32>) -> tensor<2x5xf32>
    %c_4 = stablehlo.constant dense<7> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %7 = stablehlo.add %c_1, %6 : tensor<2xi32>
    %8 = stablehlo.select %c_2, %7, %c_1 : tensor<2xi1>, tensor<2xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %10 = "stablehlo.scatter"(%arg0, %9, %5) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      stablehlo.return %arg3 : tensor<f32>
    }) : (tensor<7x5xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<7x5xf32>
    return %4, %10 : tensor<7x5xf32>, tensor<7x5xf32>
  }
}
