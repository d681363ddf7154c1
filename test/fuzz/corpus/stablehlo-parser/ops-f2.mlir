func.func @data_movement(%x: tensor<16xf32>, %y: tensor<3x4xf32>) -> (tensor<5x16xf32>, tensor<1x16xf32>, tensor<4x3xf32>, tensor<2x4xf32>, tensor<6x4xf32>, tensor<4x6xf32>, tensor<3xi32>, tensor<f32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<16xf32>) -> tensor<5x16xf32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<5x16xf32>
  %3 = stablehlo.reshape %x : (tensor<16xf32>) -> tensor<1x16xf32>
  %4 = stablehlo.transpose %y, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %5 = stablehlo.concatenate %y, %y, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %6 = stablehlo.slice %5 [1:3, 0:4] : (tensor<6x4xf32>) -> tensor<2x4xf32>
  %s = stablehlo.slice %5 [0:6:2, 1:4:3] : (tensor<6x4xf32>) -> tensor<3x1xf32>
  %7 = stablehlo.pad %y, %cst, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x6xf32>
  %8 = stablehlo.iota dim = 0 : tensor<3xi32>
  %9 = stablehlo.reduce(%y init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
  return %2, %3, %4, %6, %5, %7, %8, %9 : tensor<5x16xf32>, tensor<1x16xf32>, tensor<4x3xf32>, tensor<2x4xf32>, tensor<6x4xf32>, tensor<4x6xf32>, tensor<3xi32>, tensor<f32>
}
