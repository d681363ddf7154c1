// One instance of every op the tensor description library
// (lib/Dialect/TDL/Library/tensor.mlir) describes, for the differential
// check (test/Reports/verify-tdl-tensor.test).
func.func @extract_slice_op(%a: tensor<4x5x12xf32>) -> tensor<4x6xf32> {
  %0 = tensor.extract_slice %a[3, 1, 0] [1, 4, 6] [1, 1, 2] : tensor<4x5x12xf32> to tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @extract_slice_strided_op(%a: tensor<8x9xf32>) -> tensor<3x4xf32> {
  %0 = tensor.extract_slice %a[1, 2] [3, 4] [2, 1] : tensor<8x9xf32> to tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @insert_slice_op(%b: tensor<3x6xf32>, %d: tensor<2x8x6xf32>) -> tensor<2x8x6xf32> {
  %0 = tensor.insert_slice %b into %d[1, 2, 0] [1, 3, 6] [1, 1, 1] : tensor<3x6xf32> into tensor<2x8x6xf32>
  return %0 : tensor<2x8x6xf32>
}
func.func @pad_op(%c: tensor<4x4xf32>) -> tensor<6x8xf32> {
  %cst = arith.constant 0.5 : f32
  %0 = tensor.pad %c low[1, 2] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
func.func @concat_op(%a: tensor<4x2xf32>, %b: tensor<4x3xf32>) -> tensor<4x5xf32> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<4x2xf32>, tensor<4x3xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
func.func @collapse_shape_op(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
func.func @expand_shape_op(%e: tensor<4x12xf32>) -> tensor<4x3x4xf32> {
  %0 = tensor.expand_shape %e [[0], [1, 2]] output_shape [4, 3, 4] : tensor<4x12xf32> into tensor<4x3x4xf32>
  return %0 : tensor<4x3x4xf32>
}
