// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: rank-generic descriptions allow only constant affine maps (e.g. affine_map<() -> (_)>)
tdl.operator @slice dims ["..."] inputs [affine_map<(i) -> (i)>, affine_map<() -> (0)>]
func.func @wide_operand(%a: tensor<4xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<[123456789012345678901234567890]> : tensor<1xi128>
  %0 = tdl.apply @slice(%a, %c) : (tensor<4xf32>, tensor<1xi128>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
