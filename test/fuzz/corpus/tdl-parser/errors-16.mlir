tdl.operator @bad_generic dims ["..."] inputs [affine_map<(i) -> (i)>]
func.func @generic_map(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tdl.apply @bad_generic(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
