tdl.operator @strided dims ["i"] inputs [affine_map<(i)[s] -> (i * s)>] params ["attr.stride"]
func.func @param(%a: tensor<8xf32>) -> tensor<4xf32> {
  %b = tdl.apply @strided(%a) : (tensor<8xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
