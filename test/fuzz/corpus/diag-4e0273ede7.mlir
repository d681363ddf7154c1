// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: parameter _: the op has no attribute _
tdl.operator @strided dims ["i"] inputs [affine_map<(i)[s] -> ()>] params ["attr.stride"]
func.func @param(%a: tensor<8xf32>) -> tensor<4xf32> {
  %b = tdl.apply @strided(%a) : (tensor<8xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
