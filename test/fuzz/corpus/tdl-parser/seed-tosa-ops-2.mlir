func.func @transpose(%a: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = tosa.transpose %a {perms = array<i32: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}
