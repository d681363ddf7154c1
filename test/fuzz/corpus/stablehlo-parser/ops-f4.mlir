func.func @contractions(%a: tensor<5x8xf32>, %w: tensor<8x16xf32>, %q: tensor<2x3x4xf32>, %k: tensor<2x4x5xf32>, %x: tensor<2x8x8x2xf32>, %f: tensor<3x3x2x4xf32>) -> (tensor<5x16xf32>, tensor<2x3x5xf32>, tensor<2x8x8x4xf32>, tensor<3x3x2x4xf32>) {
  %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  %1 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = stablehlo.convolution(%x, %f) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32>
  %3 = stablehlo.convolution(%x, %2) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x2xf32>, tensor<2x8x8x4xf32>) -> tensor<3x3x2x4xf32>
  return %0, %1, %2, %3 : tensor<5x16xf32>, tensor<2x3x5xf32>, tensor<2x8x8x4xf32>, tensor<3x3x2x4xf32>
}
