tdl.operator @window dims ["i"] reduce sum ["k"] inputs [affine_map<(i, k) -> (i + k)>]
    attributes {extents = {k = "attr.width"}}
func.func @explicit(%a: tensor<8xf32>) -> tensor<6xf32> {
  %0 = tdl.apply @window(%a) : (tensor<8xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
