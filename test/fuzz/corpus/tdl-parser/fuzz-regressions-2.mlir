tdl.operator @slice dims ["..."] inputs [#tdl.shift<offsets = "operand.1[i]">, affine_map<() -> (0)>]
func.func @wide_operand(%a: tensor<4xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<[123456789012345678901234567890]> : tensor<1xi128>
  %0 = tdl.apply @slice(%a, %c) : (tensor<4xf32>, tensor<1xi128>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
