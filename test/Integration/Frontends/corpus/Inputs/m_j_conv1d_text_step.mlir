// m_j_conv1d_text_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<15x5xf32>, %arg1: tensor<3x5x7xf32>, %arg2: tensor<7x3xf32>, %arg3: tensor<3x9xi32>, %arg4: tensor<3x3xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<15x5xf32> {jax.result_info = "result[1][0]"}, tensor<3x5x7xf32> {jax.result_info = "result[1][1]"}, tensor<7x3xf32> {jax.result_info = "result[1][2]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x9xi32>
    %1 = stablehlo.compare LT, %arg3, %0, SIGNED : (tensor<3x9xi32>, tensor<3x9xi32>) -> tensor<3x9xi1>
    %c_0 = stablehlo.constant dense<15> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x9xi32>
    %3 = stablehlo.add %arg3, %2 : tensor<3x9xi32>
    %4 = stablehlo.select %1, %3, %arg3 : tensor<3x9xi1>, tensor<3x9xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<3x9xi32>) -> tensor<3x9x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 5>}> : (tensor<15x5xf32>, tensor<3x9x1xi32>) -> tensor<3x9x5xf32>
    %7 = stablehlo.convolution(%6, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x9x5xf32>, tensor<3x5x7xf32>) -> tensor<3x7x7xf32>
    %8 = call @relu(%7) : (tensor<3x7x7xf32>) -> tensor<3x7x7xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x7x7xf32>
    %10 = stablehlo.compare GT, %7, %9, FLOAT : (tensor<3x7x7xf32>, tensor<3x7x7xf32>) -> tensor<3x7x7xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x7x7xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %12 = stablehlo.reduce(%8 init: %cst_2) applies stablehlo.maximum across dimensions = [1] : (tensor<3x7x7xf32>, tensor<f32>) -> tensor<3x7xf32>
    %13 = stablehlo.reshape %12 : (tensor<3x7xf32>) -> tensor<3x1x7xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<3x1x7xf32>) -> tensor<3x7x7xf32>
    %15 = stablehlo.compare EQ, %8, %14, FLOAT : (tensor<3x7x7xf32>, tensor<3x7x7xf32>) -> tensor<3x7x7xi1>
    %16 = stablehlo.convert %15 : (tensor<3x7x7xi1>) -> tensor<3x7x7xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<3x7x7xf32>, tensor<f32>) -> tensor<3x7xf32>
    %18 = stablehlo.dot_general %12, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x7xf32>, tensor<7x3xf32>) -> tensor<3x3xf32>
    %19:3 = call @log_softmax(%18) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x1xf32>)
    %20 = stablehlo.multiply %19#0, %arg4 : tensor<3x3xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
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
    %28 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
    %29 = stablehlo.multiply %28, %arg4 : tensor<3x3xf32>
    %30 = call @log_softmax_0(%19#1, %19#2, %29) : (tensor<3x3xf32>, tensor<3x1xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %31 = stablehlo.dot_general %30, %12, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x3xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %32 = stablehlo.transpose %31, dims = [1, 0] : (tensor<3x7xf32>) -> tensor<7x3xf32>
    %33 = stablehlo.dot_general %30, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x3xf32>, tensor<7x3xf32>) -> tensor<3x7xf32>
    %34 = stablehlo.divide %33, %17 : tensor<3x7xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 2] : (tensor<3x7xf32>) -> tensor<3x7x7xf32>
    %36 = stablehlo.multiply %35, %16 : tensor<3x7x7xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<3x7x7xf32>
    %38 = stablehlo.select %10, %36, %37 : tensor<3x7x7xi1>, tensor<3x7x7xf32>
    %39 = stablehlo.convolution(%6, %38) dim_numbers = [f, 0, b]x[i, 0, o]->[0, b, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x9x5xf32>, tensor<3x7x7xf32>) -> tensor<3x5x7xf32>
    %40 = stablehlo.reverse %arg1, dims = [0] : tensor<3x5x7xf32>
    %41 = stablehlo.convolution(%38, %40) dim_numbers = [b, 0, f]x[0, o, i]->[b, 0, f], window = {stride = [1], pad = [[2, 2]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x7x7xf32>, tensor<3x5x7xf32>) -> tensor<3x9x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<15x5xf32>
    %43 = "stablehlo.scatter"(%42, %5, %41) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %53 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %53 : tensor<f32>
    }) : (tensor<15x5xf32>, tensor<3x9x1xi32>, tensor<3x9x5xf32>) -> tensor<15x5xf32>
    %cst_11 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<15x5xf32>
    %45 = stablehlo.multiply %44, %43 : tensor<15x5xf32>
    %46 = stablehlo.subtract %arg0, %45 : tensor<15x5xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<3x5x7xf32>
    %48 = stablehlo.multiply %47, %39 : tensor<3x5x7xf32>
    %49 = stablehlo.subtract %arg1, %48 : tensor<3x5x7xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<7x3xf32>
    %51 = stablehlo.multiply %50, %32 : tensor<7x3xf32>
    %52 = stablehlo.subtract %arg2, %51 : tensor<7x3xf32>
    return %24, %46, %49, %52 : tensor<f32>, tensor<15x5xf32>, tensor<3x5x7xf32>, tensor<7x3xf32>
  }
  func.func private @relu(%arg0: tensor<3x7x7xf32>) -> tensor<3x7x7xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x7x7xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<3x7x7xf32>
    return %1 : tensor<3x7x7xf32>
  }
  func.func private @log_softmax(%arg0: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<3xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x3xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x3xf32>
    %6 = stablehlo.exponential %5 : tensor<3x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %9 = stablehlo.log %8 : tensor<3x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x3xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<3x3xf32>
    return %11, %6, %8 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<3x3xf32>, %arg1: tensor<3x1xf32>, %arg2: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = stablehlo.negate %arg2 : tensor<3x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.reshape %1 : (tensor<3xf32>) -> tensor<3x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<3x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x1xf32>, tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<3x3xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<3x3xf32>
    return %7 : tensor<3x3xf32>
  }
}
