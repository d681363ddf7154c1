func.func @convert(%a: tensor<3xf32>, %p: tensor<3xi1>) -> (tensor<3xi32>, tensor<3xf32>) {
  %0 = stablehlo.convert %a : (tensor<3xf32>) -> tensor<3xi32>
  %1 = stablehlo.convert %p : (tensor<3xi1>) -> tensor<3xf32>
  return %0, %1 : tensor<3xi32>, tensor<3xf32>
}
