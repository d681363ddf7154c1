func.func @weight_grad(%a: tensor<5x4xf32>, %b: tensor<5x16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<5x4xf32>, tensor<5x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}
