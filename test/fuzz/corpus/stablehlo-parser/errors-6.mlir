func.func @reducer_not_scalar(%x: tensor<5x4xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %v = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %0 : tensor<5xf32>
}
