func.func @reduce_sum(%x: tensor<5x4xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
