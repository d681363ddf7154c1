func.func @broadcast() -> tensor<5x16xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<16xf32>
  %0 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}
