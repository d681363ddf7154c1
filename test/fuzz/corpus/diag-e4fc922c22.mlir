// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: attribute _ is not an integer or integer list
tdl.operator @perm dims ["..."] inputs [#tdl.permute<"attr.perms">]
func.func @permute(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tdl.apply @perm(%a) {perms } : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}
