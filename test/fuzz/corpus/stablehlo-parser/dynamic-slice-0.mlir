func.func @reverse(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.reverse %a, dims = [1] : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
