// m_j_cnn_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3x2x5xf32>, %arg1: tensor<3x3x5x6xf32>, %arg2: tensor<54x3xf32>, %arg3: tensor<3x7x7x2xf32>, %arg4: tensor<3x3xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<3x3x2x5xf32> {jax.result_info = "result[1][0]"}, tensor<3x3x5x6xf32> {jax.result_info = "result[1][1]"}, tensor<54x3xf32> {jax.result_info = "result[1][2]"}) {
    %0 = stablehlo.convolution(%arg3, %arg0) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x7x7x2xf32>, tensor<3x3x2x5xf32>) -> tensor<3x7x7x5xf32>
    %1 = call @relu(%0) : (tensor<3x7x7x5xf32>) -> tensor<3x7x7x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x7x7x5xf32>
    %3 = stablehlo.compare GT, %0, %2, FLOAT : (tensor<3x7x7x5xf32>, tensor<3x7x7x5xf32>) -> tensor<3x7x7x5xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x7x7x5xf32>
    %5 = stablehlo.convolution(%1, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x7x7x5xf32>, tensor<3x3x5x6xf32>) -> tensor<3x7x7x6xf32>
    %6 = call @relu_0(%5) : (tensor<3x7x7x6xf32>) -> tensor<3x7x7x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x7x7x6xf32>
    %8 = stablehlo.compare GT, %5, %7, FLOAT : (tensor<3x7x7x6xf32>, tensor<3x7x7x6xf32>) -> tensor<3x7x7x6xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x7x7x6xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<f32>
    %11 = "stablehlo.reduce_window"(%6, %10) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %50 = stablehlo.maximum %arg5, %arg6 : tensor<f32>
      stablehlo.return %50 : tensor<f32>
    }) : (tensor<3x7x7x6xf32>, tensor<f32>) -> tensor<3x3x3x6xf32>
    %12 = stablehlo.reshape %11 : (tensor<3x3x3x6xf32>) -> tensor<3x54xf32>
    %13 = stablehlo.dot_general %12, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x54xf32>, tensor<54x3xf32>) -> tensor<3x3xf32>
    %14:3 = call @log_softmax(%13) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x1xf32>)
    %15 = stablehlo.multiply %14#0, %arg4 : tensor<3x3xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%15 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %18 = stablehlo.divide %17, %cst_6 : tensor<f32>
    %19 = stablehlo.negate %18 : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.negate %cst_7 : tensor<f32>
    %cst_8 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %21 = stablehlo.divide %20, %cst_8 : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
    %24 = stablehlo.multiply %23, %arg4 : tensor<3x3xf32>
    %25 = call @log_softmax_1(%14#1, %14#2, %24) : (tensor<3x3xf32>, tensor<3x1xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %26 = stablehlo.dot_general %25, %12, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x3xf32>, tensor<3x54xf32>) -> tensor<3x54xf32>
    %27 = stablehlo.transpose %26, dims = [1, 0] : (tensor<3x54xf32>) -> tensor<54x3xf32>
    %28 = stablehlo.dot_general %25, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x3xf32>, tensor<54x3xf32>) -> tensor<3x54xf32>
    %29 = stablehlo.reshape %28 : (tensor<3x54xf32>) -> tensor<3x3x3x6xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %30 = stablehlo.pad %6, %cst_9, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<3x7x7x6xf32>, tensor<f32>) -> tensor<3x7x7x6xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = "stablehlo.select_and_scatter"(%30, %29, %cst_10) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %50 = stablehlo.compare GE, %arg5, %arg6, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %50 : tensor<i1>
    }, {
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %50 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %50 : tensor<f32>
    }) : (tensor<3x7x7x6xf32>, tensor<3x3x3x6xf32>, tensor<f32>) -> tensor<3x7x7x6xf32>
    %32 = stablehlo.slice %31 [0:3, 0:7, 0:7, 0:6] : (tensor<3x7x7x6xf32>) -> tensor<3x7x7x6xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<3x7x7x6xf32>
    %34 = stablehlo.select %8, %32, %33 : tensor<3x7x7x6xi1>, tensor<3x7x7x6xf32>
    %35 = stablehlo.convolution(%1, %34) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x7x7x5xf32>, tensor<3x7x7x6xf32>) -> tensor<3x3x5x6xf32>
    %36 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<3x3x5x6xf32>
    %37 = stablehlo.convolution(%34, %36) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x7x7x6xf32>, tensor<3x3x5x6xf32>) -> tensor<3x7x7x5xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<3x7x7x5xf32>
    %39 = stablehlo.select %3, %37, %38 : tensor<3x7x7x5xi1>, tensor<3x7x7x5xf32>
    %40 = stablehlo.convolution(%arg3, %39) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x7x7x2xf32>, tensor<3x7x7x5xf32>) -> tensor<3x3x2x5xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<3x3x2x5xf32>
    %42 = stablehlo.multiply %41, %40 : tensor<3x3x2x5xf32>
    %43 = stablehlo.subtract %arg0, %42 : tensor<3x3x2x5xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<3x3x5x6xf32>
    %45 = stablehlo.multiply %44, %35 : tensor<3x3x5x6xf32>
    %46 = stablehlo.subtract %arg1, %45 : tensor<3x3x5x6xf32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<54x3xf32>
    %48 = stablehlo.multiply %47, %27 : tensor<54x3xf32>
    %49 = stablehlo.subtract %arg2, %48 : tensor<54x3xf32>
    return %19, %43, %46, %49 : tensor<f32>, tensor<3x3x2x5xf32>, tensor<3x3x5x6xf32>, tensor<54x3xf32>
  }
  func.func private @relu(%arg0: tensor<3x7x7x5xf32>) -> tensor<3x7x7x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x7x7x5xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<3x7x7x5xf32>
    return %1 : tensor<3x7x7x5xf32>
  }
  func.func private @relu_0(%arg0: tensor<3x7x7x6xf32>) -> tensor<3x7x7x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x7x7x6xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<3x7x7x6xf32>
    return %1 : tensor<3x7x7x6xf32>
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
  func.func private @log_softmax_1(%arg0: tensor<3x3xf32>, %arg1: tensor<3x1xf32>, %arg2: tensor<3x3xf32>) -> tensor<3x3xf32> {
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
