// j_conv_input_grad: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5x5x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<3x3x4x2xf32>) -> (tensor<2x5x5x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x5x5x4xf32>
    %1 = stablehlo.tanh %0 : tensor<2x5x5x4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5x5x4xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<2x5x5x4xf32>
    %4 = stablehlo.convolution(%1, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x5x5x4xf32>, tensor<3x3x4x2xf32>) -> tensor<2x5x5x2xf32>
    %5 = stablehlo.multiply %4, %4 : tensor<2x5x5x2xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x5x2xf32>
    %7 = stablehlo.multiply %6, %4 : tensor<2x5x5x2xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%5 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x5x5x2xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x5x5x2xf32>
    %10 = stablehlo.multiply %9, %7 : tensor<2x5x5x2xf32>
    %11 = stablehlo.reverse %arg2, dims = [0, 1] : tensor<3x3x4x2xf32>
    %12 = stablehlo.convolution(%10, %11) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x5x5x2xf32>, tensor<3x3x4x2xf32>) -> tensor<2x5x5x4xf32>
    %13 = stablehlo.multiply %12, %3 : tensor<2x5x5x4xf32>
    %14 = stablehlo.multiply %13, %1 : tensor<2x5x5x4xf32>
    %15 = stablehlo.add %13, %14 : tensor<2x5x5x4xf32>
    %16 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<3x3x3x4xf32>
    %17 = stablehlo.convolution(%15, %16) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x5x5x4xf32>, tensor<3x3x3x4xf32>) -> tensor<2x5x5x3xf32>
    return %17 : tensor<2x5x5x3xf32>
  }
}
