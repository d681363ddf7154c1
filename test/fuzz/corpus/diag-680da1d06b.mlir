// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: parameter _: attribute _ holds an integer that does not fit in _ bits
tdl.operator @strided dims ["i"] inputs [affine_map<(i)[s] -> (s)>] params ["attr.stride"]
func.func @wide_attribute(%a: tensor<8xf32>) -> tensor<4xf32> {
  %0 = tdl.apply @strided(%a) {stride = 36893488147419103232 : i128} : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
