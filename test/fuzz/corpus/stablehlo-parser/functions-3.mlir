func.func @shift_right_logical(%a: tensor<4xi64>, %n: tensor<4xi64>) -> tensor<4xi64> {
  %0 = stablehlo.shift_right_logical %a, %n : tensor<4xi64>
  return %0 : tensor<4xi64>
}
func.func @bits(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.popcnt %a : tensor<4xi32>
  %1 = stablehlo.count_leading_zeros %0 : tensor<4xi32>
  return %1 : tensor<4xi32>
}
