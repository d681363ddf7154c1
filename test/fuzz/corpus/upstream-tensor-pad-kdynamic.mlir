// Upstream MLIR crash (not fixable here; mlir-opt crashes too): a static pad
// amount equal to INT64_MIN, the ShapedType::kDynamic sentinel, is taken for
// a dynamic one when printing, and printDynamicIndexList reads a missing
// operand (segfault). Not used as a fuzzing seed.
// reproduce: mlir-opt THIS_FILE
func.func @padded(%x: tensor<4x6xf32>) -> tensor<6x8xf32> {
  %c = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[1, 1] high[-9223372036854775808, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<4x6xf32> to tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
