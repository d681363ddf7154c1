func.func @concat_empty(%a: tensor<2x6xf32>, %b: tensor<5x6xf32>, %c: tensor<0x6xf32>) -> tensor<7x6xf32> {
  %r = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x6xf32>, tensor<5x6xf32>, tensor<0x6xf32>) -> tensor<7x6xf32>
  return %r : tensor<7x6xf32>
}
