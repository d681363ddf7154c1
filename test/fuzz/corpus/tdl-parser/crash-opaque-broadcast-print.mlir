tdl.opaque @chol dims ["b", "i"] batch ["b"] inputs [["b", ":"]]
func.func @opaque_broadcast(%a: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = tdl.apply @chol(%a) : (tensor<1x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
