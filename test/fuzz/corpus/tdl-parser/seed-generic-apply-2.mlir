tdl.operator @slice dims ["..."] inputs [#tdl.shift<offsets = "operand.1[i]", strides = "attr.s[i]">, affine_map<() -> (0)>]
func.func @shift(%a: tensor<10x8xf32>) -> tensor<4x3xf32> {
  %o = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = tdl.apply @slice(%a, %o) {s = array<i64: 2, 2>} : (tensor<10x8xf32>, tensor<2xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
