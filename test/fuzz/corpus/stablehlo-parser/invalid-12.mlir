func.func @concat_size(%a: tensor<3x4xf32>) -> tensor<7x4xf32> {
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<7x4xf32>
  return %0 : tensor<7x4xf32>
}
