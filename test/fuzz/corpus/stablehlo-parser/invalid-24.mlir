func.func @reduce_window_result(%x: tensor<2x8x8x4xf32>, %c: tensor<f32>) -> tensor<2x3x4x4xf32> {
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x8x8x4xf32>, tensor<f32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}
