func.func @select_pred(%p: tensor<3xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.select %p, %a, %a : tensor<3xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}
