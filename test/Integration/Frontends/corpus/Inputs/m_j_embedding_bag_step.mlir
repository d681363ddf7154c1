// m_j_embedding_bag_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17x6xf32>, %arg1: tensor<6x4xf32>, %arg2: tensor<10xi32>, %arg3: tensor<10xi32>, %arg4: tensor<3x4xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<17x6xf32> {jax.result_info = "result[1][0]"}, tensor<6x4xf32> {jax.result_info = "result[1][1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %1 = stablehlo.compare LT, %arg2, %0, SIGNED : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi1>
    %c_0 = stablehlo.constant dense<17> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %3 = stablehlo.add %arg2, %2 : tensor<10xi32>
    %4 = stablehlo.select %1, %3, %arg2 : tensor<10xi1>, tensor<10xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<10xi32>) -> tensor<10x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> : (tensor<17x6xf32>, tensor<10x1xi32>) -> tensor<10x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %8 = stablehlo.broadcast_in_dim %arg3, dims = [0] : (tensor<10xi32>) -> tensor<10x1xi32>
    %9 = "stablehlo.scatter"(%7, %8, %6) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %55 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %55 : tensor<f32>
    }) : (tensor<3x6xf32>, tensor<10x1xi32>, tensor<10x6xf32>) -> tensor<3x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %13 = stablehlo.broadcast_in_dim %arg3, dims = [0] : (tensor<10xi32>) -> tensor<10x1xi32>
    %14 = "stablehlo.scatter"(%12, %13, %11) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %55 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %55 : tensor<f32>
    }) : (tensor<3xf32>, tensor<10x1xi32>, tensor<10xf32>) -> tensor<3xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x6xf32>
    %17 = stablehlo.divide %9, %16 : tensor<3x6xf32>
    %18 = stablehlo.dot_general %17, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x6xf32>, tensor<6x4xf32>) -> tensor<3x4xf32>
    %19:3 = call @log_softmax(%18) : (tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x1xf32>)
    %20 = stablehlo.multiply %19#0, %arg4 : tensor<3x4xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %23 = stablehlo.divide %22, %cst_6 : tensor<f32>
    %24 = stablehlo.negate %23 : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.negate %cst_7 : tensor<f32>
    %cst_8 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %26 = stablehlo.divide %25, %cst_8 : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %29 = stablehlo.multiply %28, %arg4 : tensor<3x4xf32>
    %30 = call @log_softmax_0(%19#1, %19#2, %29) : (tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %31 = stablehlo.dot_general %30, %17, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x4xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
    %32 = stablehlo.transpose %31, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %33 = stablehlo.dot_general %30, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x4xf32>, tensor<6x4xf32>) -> tensor<3x6xf32>
    %34 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x6xf32>
    %35 = stablehlo.divide %33, %34 : tensor<3x6xf32>
    %c_9 = stablehlo.constant dense<2> : tensor<1xi32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %36 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<10x1xi32>
    %37 = stablehlo.compare GE, %8, %36, SIGNED : (tensor<10x1xi32>, tensor<10x1xi32>) -> tensor<10x1xi1>
    %38 = stablehlo.broadcast_in_dim %c_9, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<10x1xi32>
    %40 = stablehlo.compare LE, %8, %39, SIGNED : (tensor<10x1xi32>, tensor<10x1xi32>) -> tensor<10x1xi1>
    %41 = stablehlo.and %37, %40 : tensor<10x1xi1>
    %c_11 = stablehlo.constant dense<true> : tensor<i1>
    %42 = stablehlo.reduce(%41 init: %c_11) applies stablehlo.and across dimensions = [1] : (tensor<10x1xi1>, tensor<i1>) -> tensor<10xi1>
    %43 = "stablehlo.gather"(%35, %8) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> : (tensor<3x6xf32>, tensor<10x1xi32>) -> tensor<10x6xf32>
    %44 = stablehlo.broadcast_in_dim %42, dims = [0] : (tensor<10xi1>) -> tensor<10x6xi1>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<10x6xf32>
    %46 = stablehlo.select %44, %43, %45 : tensor<10x6xi1>, tensor<10x6xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<17x6xf32>
    %48 = "stablehlo.scatter"(%47, %5, %46) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %55 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %55 : tensor<f32>
    }) : (tensor<17x6xf32>, tensor<10x1xi32>, tensor<10x6xf32>) -> tensor<17x6xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<17x6xf32>
    %50 = stablehlo.multiply %49, %48 : tensor<17x6xf32>
    %51 = stablehlo.subtract %arg0, %50 : tensor<17x6xf32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<6x4xf32>
    %53 = stablehlo.multiply %52, %32 : tensor<6x4xf32>
    %54 = stablehlo.subtract %arg1, %53 : tensor<6x4xf32>
    return %24, %51, %54 : tensor<f32>, tensor<17x6xf32>, tensor<6x4xf32>
  }
  func.func private @log_softmax(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<3xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x4xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x4xf32>
    %6 = stablehlo.exponential %5 : tensor<3x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %9 = stablehlo.log %8 : tensor<3x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x4xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<3x4xf32>
    return %11, %6, %8 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<3x4xf32>, %arg1: tensor<3x1xf32>, %arg2: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = stablehlo.negate %arg2 : tensor<3x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.reshape %1 : (tensor<3xf32>) -> tensor<3x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<3x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x1xf32>, tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<3x4xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<3x4xf32>
    return %7 : tensor<3x4xf32>
  }
}
