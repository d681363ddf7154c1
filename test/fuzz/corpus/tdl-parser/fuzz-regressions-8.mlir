tdl.operator @far dims ["..."] inputs [#tdl.shift<offsets = "attr.o[i]">]
func.func @overflow(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tdl.apply @far(%a) {o = array<i64: 9223372036854775807>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
