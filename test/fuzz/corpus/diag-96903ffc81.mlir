// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: the op has no operand #_
tdl.operator @perm dims ["..."] inputs [#tdl.permute<"operand.7[0]">]
func.func @permute(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tdl.apply @perm(%a) {perms = array<i64: 2, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}
