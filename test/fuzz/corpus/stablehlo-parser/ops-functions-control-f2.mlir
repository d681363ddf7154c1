func.func @data_movement(%x: tensor<3x4xf32>, %k: tensor<i32>) -> (tensor<3x4xf32>, tensor<1x4xf32>, tensor<3x4xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reverse %x, dims = [1] : tensor<3x4xf32>
  %1 = stablehlo.dynamic_slice %0, %k, %c, sizes = [1, 4] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %2 = stablehlo.dynamic_update_slice %x, %1, %k, %c : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<1x4xf32>, tensor<3x4xf32>
}
