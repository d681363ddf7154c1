func.func @reshape(%a: tensor<16xf32>, %b: tensor<3x4xf32>) -> (tensor<1x16xf32>, tensor<12xf32>, tensor<2x6xf32>) {
  %0 = stablehlo.reshape %a : (tensor<16xf32>) -> tensor<1x16xf32>
  %1 = stablehlo.reshape %b : (tensor<3x4xf32>) -> tensor<12xf32>
  %2 = stablehlo.reshape %b : (tensor<3x4xf32>) -> tensor<2x6xf32>
  return %0, %1, %2 : tensor<1x16xf32>, tensor<12xf32>, tensor<2x6xf32>
}
