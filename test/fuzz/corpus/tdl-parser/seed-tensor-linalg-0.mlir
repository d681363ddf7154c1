func.func @extract(%a: tensor<8x6xf32>) -> tensor<3x2xf32> {
  %0 = tensor.extract_slice %a[1, 2] [3, 2] [2, 1] : tensor<8x6xf32> to tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
