tdl.operator @cat dims ["..."] inputs [#tdl.concat<"attr.axis">, #tdl.concat<"attr.axis">]
func.func @concat_axis(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = tdl.apply @cat(%a, %b) {axis = 2 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
