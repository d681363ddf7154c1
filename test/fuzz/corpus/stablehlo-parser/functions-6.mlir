func.func @chlo(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.erf %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.erfc %1 : tensor<4xf32> -> tensor<4xf32>
  %3 = chlo.tan %2 : tensor<4xf32> -> tensor<4xf32>
  %4 = chlo.sinh %3 : tensor<4xf32> -> tensor<4xf32>
  %5 = chlo.cosh %4 : tensor<4xf32> -> tensor<4xf32>
  %6 = chlo.asin %5 : tensor<4xf32> -> tensor<4xf32>
  %7 = chlo.acos %6 : tensor<4xf32> -> tensor<4xf32>
  %8 = chlo.atan %7 : tensor<4xf32> -> tensor<4xf32>
  %9 = chlo.asinh %8 : tensor<4xf32> -> tensor<4xf32>
  %10 = chlo.acosh %9 : tensor<4xf32> -> tensor<4xf32>
  %11 = chlo.atanh %10 : tensor<4xf32> -> tensor<4xf32>
  %12 = chlo.erf_inv %11 : tensor<4xf32> -> tensor<4xf32>
  %13 = chlo.next_after %12, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %13 : tensor<4xf32>
}
