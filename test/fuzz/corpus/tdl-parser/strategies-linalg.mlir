#perm_in = affine_map<(i, j, k) -> (k, i, j)>
#perm_out = affine_map<(i, j, k) -> (j, k, i)>
func.func @generic(%a: tensor<8x2x4xf32>, %o: tensor<4x8x2xf32>) -> tensor<4x8x2xf32> {
  %0 = linalg.generic {indexing_maps = [#perm_in, #perm_out], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<8x2x4xf32>) outs(%o : tensor<4x8x2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<4x8x2xf32>
  return %0 : tensor<4x8x2xf32>
}
func.func @rowmax(%a: tensor<4x6xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x6xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %acc, %x : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @conv(%x: tensor<2x3x17x17xf32>, %w: tensor<8x3x3x3xf32>, %o: tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x17x17xf32>, tensor<8x3x3x3xf32>) outs(%o : tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32>
  return %0 : tensor<2x8x7x7xf32>
}
func.func @pool(%x: tensor<2x4x8x8xf32>, %k: tensor<2x2xf32>, %o: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %k : tensor<2x4x8x8xf32>, tensor<2x2xf32>) outs(%o : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}
func.func @collapse(%x: tensor<4x6xf32>) -> tensor<24xf32> {
  %0 = tensor.collapse_shape %x [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  return %0 : tensor<24xf32>
}
func.func @padded(%x: tensor<4x6xf32>) -> tensor<6x8xf32> {
  %c = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<4x6xf32> to tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
