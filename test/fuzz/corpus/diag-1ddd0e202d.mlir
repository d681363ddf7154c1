// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: reshape of _ elements into _
tdl.operator @tiled dims ["..."] inputs [#tdl.reshape]
func.func @tile(%a: tensor<2x3xf32>) -> tensor<4x9xf32> {
  %0 = tdl.apply @tiled(%a) : (tensor<2x3xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}
