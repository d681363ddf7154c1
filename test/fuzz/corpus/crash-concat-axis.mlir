// Reproducer (fixed; found by the fuzzer, seed 7): a concat axis outside the
// rank indexed past the input's shape in instantiateOperator (SmallVector
// assertion). Now: "concatenation axis 2 is outside rank 2".
// reproduce: tofu-opt THIS_FILE --tofu-print-strategies -o /dev/null
tdl.operator @cat2 dims ["..."] inputs [#tdl.concat<"attr.axis">, #tdl.concat<"attr.axis">]
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = tdl.apply @cat2(%a, %b) {axis = 2 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
