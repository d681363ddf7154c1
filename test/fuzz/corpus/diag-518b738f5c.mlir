// Fuzzer mutant kept for its diagnostic:
// error: _ op cannot instantiate the description of _: parameter _: operand #_ holds an integer that does not fit in _ bits
tdl.operator @slice dims ["..."] inputs [#tdl.shift<offsets = "operand.1[i]">, affine_map<() -> (0)>]
func.func @wide_operand(%a: tensor<4xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<[246913578024691357802469135780]> : tensor<1xi128>
  %0 = tdl.apply @slice(%a, %c) : (tensor<4xf32>, tensor<1xi128>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
