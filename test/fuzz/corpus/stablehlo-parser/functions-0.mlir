func.func @rounding(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.round_nearest_even %a : tensor<4xf32>
  %1 = stablehlo.round_nearest_afz %0 : tensor<4xf32>
  %2 = stablehlo.atan2 %1, %a : tensor<4xf32>
  return %2 : tensor<4xf32>
}
