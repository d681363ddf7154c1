tdl.operator @window dims ["x"] reduce max ["k"]
    inputs [#tdl.guarded<affine_map<(x, k)[s, p] -> (x * s + k - p)>>]
    params ["attr.stride", "attr.pad"] attributes {extents = {k = "attr.kernel"}}
func.func @pool(%a: tensor<9xf32>) -> tensor<5xf32> {
  %0 = tdl.apply @window(%a) {stride = 2 : i64, pad = 1 : i64, kernel = 3 : i64} : (tensor<9xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
