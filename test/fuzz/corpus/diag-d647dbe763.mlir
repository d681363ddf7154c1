// Fuzzer mutant kept for its diagnostic:
// error: _ op has no TDL description (add one to the library with --tofu-print-tdl=_ or the pass_library' option)
func.func @nodesc(%a: tensor<4x6xf64>) -> tensor<4xi32> {
  %0 = tosa.argmax %a {axis = 1 : i32} : (tensor<4x6xf64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
