// Upstream MLIR crash (not fixable here; mlir-opt crashes too): empty
// reassociation groups in tensor.expand_shape segfault in
// AffineExpr::getContext while the op is built or verified. Not used as a
// fuzzing seed.
// reproduce: mlir-opt THIS_FILE
func.func @expand(%a: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.expand_shape %a [[], []] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
}
