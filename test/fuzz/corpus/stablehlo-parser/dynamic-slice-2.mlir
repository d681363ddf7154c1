func.func @dynamic_slice_constant(%x: tensor<3x4xf32>) -> tensor<1x3xf32> {
  %i = stablehlo.constant dense<9> : tensor<i32>
  %j = stablehlo.constant dense<-2> : tensor<i32>
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 3] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}
