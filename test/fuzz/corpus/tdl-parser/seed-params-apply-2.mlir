tdl.operator @rowsum dims ["i"] reduce sum ["k"] inputs [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, 0)>]
    output affine_map<(i, k) -> (i, 0)> attributes {init = 1 : i64}
func.func @init(%a: tensor<4x5xf32>, %b: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %0 = tdl.apply @rowsum(%a, %b) : (tensor<4x5xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}
