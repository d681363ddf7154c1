tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>]
func.func @bounds(%a: tensor<10xf32>) -> tensor<10xf32> {
  %b = tdl.apply @shift_two(%a) : (tensor<10xf32>) -> tensor<10xf32>
  return %b : tensor<10xf32>
}
