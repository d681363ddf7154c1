func.func @matmul(%a: tensor<5x8xf32>, %b: tensor<8x16xf32>) -> tensor<5x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}
