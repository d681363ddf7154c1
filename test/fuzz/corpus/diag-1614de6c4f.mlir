// Fuzzer mutant kept for its diagnostic:
// error: _ op reduction axis _ is outside rank _
tdl.operator @rsum dims ["..."] reduce sum ["attr.axis"] inputs [#tdl.broadcast]
func.func @reduce(%a: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = tdl.apply @rsum(%a) {axis = -1 } : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}
