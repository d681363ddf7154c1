func.func @iota() -> tensor<2x3xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
