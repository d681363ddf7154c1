func.func @pad(%a: tensor<3x4xf32>, %v: f32) -> tensor<6x5xf32> {
  %0 = tensor.pad %a low[1, 0] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x4xf32> to tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}
