// One static-shape instance of every op of the chlo subset, for
// --tofu-coverage (dialect=chlo).

func.func @chlo(%x: tensor<5x16xf32>) -> (tensor<5x16xf32>, tensor<5x16xi1>, tensor<5x16xi1>, tensor<5x16xi1>) {
  %0 = chlo.square %x : tensor<5x16xf32> -> tensor<5x16xf32>
  %1 = chlo.erf %0 : tensor<5x16xf32> -> tensor<5x16xf32>
  %2 = chlo.erfc %1 : tensor<5x16xf32> -> tensor<5x16xf32>
  %3 = chlo.erf_inv %2 : tensor<5x16xf32> -> tensor<5x16xf32>
  %4 = chlo.tan %3 : tensor<5x16xf32> -> tensor<5x16xf32>
  %5 = chlo.sinh %4 : tensor<5x16xf32> -> tensor<5x16xf32>
  %6 = chlo.cosh %5 : tensor<5x16xf32> -> tensor<5x16xf32>
  %7 = chlo.asin %6 : tensor<5x16xf32> -> tensor<5x16xf32>
  %8 = chlo.acos %7 : tensor<5x16xf32> -> tensor<5x16xf32>
  %9 = chlo.atan %8 : tensor<5x16xf32> -> tensor<5x16xf32>
  %10 = chlo.asinh %9 : tensor<5x16xf32> -> tensor<5x16xf32>
  %11 = chlo.acosh %10 : tensor<5x16xf32> -> tensor<5x16xf32>
  %12 = chlo.atanh %11 : tensor<5x16xf32> -> tensor<5x16xf32>
  %l = chlo.lgamma %12 : tensor<5x16xf32> -> tensor<5x16xf32>
  %d = chlo.digamma %l : tensor<5x16xf32> -> tensor<5x16xf32>
  %13 = chlo.next_after %d, %x : tensor<5x16xf32>, tensor<5x16xf32> -> tensor<5x16xf32>
  %14 = chlo.is_inf %13 : tensor<5x16xf32> -> tensor<5x16xi1>
  %15 = chlo.is_pos_inf %13 : tensor<5x16xf32> -> tensor<5x16xi1>
  %16 = chlo.is_neg_inf %13 : tensor<5x16xf32> -> tensor<5x16xi1>
  return %13, %14, %15, %16 : tensor<5x16xf32>, tensor<5x16xi1>, tensor<5x16xi1>, tensor<5x16xi1>
}

func.func @top_k(%x: tensor<5x16xf32>) -> (tensor<5x3xf32>, tensor<5x3xi32>) {
  %values, %indices = chlo.top_k(%x, k = 3) : tensor<5x16xf32> -> (tensor<5x3xf32>, tensor<5x3xi32>)
  return %values, %indices : tensor<5x3xf32>, tensor<5x3xi32>
}
