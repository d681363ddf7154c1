func.func @functions(%x: tensor<3x4xf32>, %i: tensor<3x4xi32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xi1>) {
  %0 = stablehlo.tan %x : tensor<3x4xf32>
  %1 = stablehlo.cbrt %0 : tensor<3x4xf32>
  %2 = stablehlo.round_nearest_even %1 : tensor<3x4xf32>
  %3 = stablehlo.round_nearest_afz %2 : tensor<3x4xf32>
  %4 = stablehlo.atan2 %3, %x : tensor<3x4xf32>
  %5 = stablehlo.clamp %lo, %4, %hi : (tensor<f32>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %6 = stablehlo.clamp %x, %5, %5 : tensor<3x4xf32>
  %7 = stablehlo.is_finite %6 : (tensor<3x4xf32>) -> tensor<3x4xi1>
  %8 = stablehlo.shift_left %i, %i : tensor<3x4xi32>
  %9 = stablehlo.shift_right_arithmetic %8, %i : tensor<3x4xi32>
  %10 = stablehlo.shift_right_logical %9, %i : tensor<3x4xi32>
  %11 = stablehlo.popcnt %10 : tensor<3x4xi32>
  %12 = stablehlo.count_leading_zeros %11 : tensor<3x4xi32>
  return %6, %12, %7 : tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xi1>
}
