// Fuzzer mutant kept for its diagnostic:
// error: _ op description of _ gives result shape [_, _, _] but the op produces [_, _, _]
tdl.operator @rsum dims ["..."] reduce min ["attr.axis"] inputs [#tdl.broadcast]
func.func @reduce(%a: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = tdl.apply @rsum(%a) {axis = 2 } : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}
