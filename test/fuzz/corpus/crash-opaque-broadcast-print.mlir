// Reproducer (fixed): an opaque input of extent 1 facing a batch loop of
// extent 3 is broadcast to the constant 0; buildTDL cast it to
// AffineDimExpr (--tofu-print-tdl assertion). Now printed as ':'.
// reproduce: tofu-opt THIS_FILE --tofu-print-tdl -o /dev/null
tdl.opaque @chol dims ["b", "i"] batch ["b"] inputs [["b", ":"]]
func.func @opaque_broadcast(%a: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = tdl.apply @chol(%a) : (tensor<1x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
