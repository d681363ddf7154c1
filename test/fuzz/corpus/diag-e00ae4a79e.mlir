// Fuzzer mutant kept for its diagnostic:
// error: _ op operand #_ has rank _ but its description _ indexes _ dimensions
tdl.operator @window dims ["i"] reduce sum ["k"] inputs [affine_map<(i, k) -> ()>]
func.func @explicit(%a: tensor<8xf32>) -> tensor<6xf32> {
  %0 = tdl.apply @window(%a) : (tensor<8xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
