// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: parameter _: index _ is outside the _ referenced values
tdl.operator @rsum dims ["..."] reduce sum ["attr.axis[i-1]"] inputs [#tdl.broadcast]
func.func @reduce(%a: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = tdl.apply @rsum(%a) {axis = 1 } : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}
