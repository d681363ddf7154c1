// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: input rank _ does not match the _-dimensional iteration space
tdl.operator @perm dims ["..."] inputs [#tdl.permute<"attr.perms">]
func.func @permute(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tdl.apply @perm(%a) {perms = -9223372036854775808 } : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}
