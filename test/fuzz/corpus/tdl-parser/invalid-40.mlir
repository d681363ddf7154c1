tdl.operator @one dims ["i"] inputs [affine_map<(i) -> (i)>]
func.func @arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tdl.apply @one(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
