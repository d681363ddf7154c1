func.func @pad_interior(%b: tensor<3x4xf32>, %c: tensor<f32>) -> tensor<4x5xf32> {
  %0 = stablehlo.pad %b, %c, low = [-1, 2], high = [0, -1], interior = [1, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
