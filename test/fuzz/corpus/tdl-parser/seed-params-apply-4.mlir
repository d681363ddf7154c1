tdl.opaque @chol dims ["b", "i", "j"] batch ["b"] inputs [["b", ":", ":"]]
func.func @opaque(%a: tensor<4x3x3xf32>) -> tensor<4x3x3xf32> {
  %0 = tdl.apply @chol(%a) : (tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
  return %0 : tensor<4x3x3xf32>
}
