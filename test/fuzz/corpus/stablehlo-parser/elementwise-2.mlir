func.func @compare_select(%a: tensor<5xf32>, %b: tensor<5xf32>, %i: tensor<5xi32>) -> (tensor<5xi1>, tensor<5xi32>) {
  %0 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %1 = stablehlo.compare LT, %i, %i, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
  %2 = stablehlo.select %1, %i, %i : tensor<5xi1>, tensor<5xi32>
  return %0, %2 : tensor<5xi1>, tensor<5xi32>
}
