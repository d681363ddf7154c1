tdl.operator @reshaped dims ["..."] inputs [#tdl.reshape]
func.func @reshape(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tdl.apply @reshaped(%a) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
