tdl.operator @cat2 dims ["..."] inputs [#tdl.concat<"attr.axis">, #tdl.concat<"attr.axis">]
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = tdl.apply @cat2(%a, %b) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
