func.func private @relu(%arg0: tensor<5x16xf32>) -> tensor<5x16xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
  %1 = stablehlo.maximum %arg0, %0 : tensor<5x16xf32>
  return %1 : tensor<5x16xf32>
}
