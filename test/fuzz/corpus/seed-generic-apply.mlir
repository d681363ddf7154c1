// Seed: rank-generic user descriptions applied with tdl.apply.
tdl.operator @cat2 dims ["..."] inputs [#tdl.concat<"attr.axis">, #tdl.concat<"attr.axis">]
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = tdl.apply @cat2(%a, %b) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

tdl.operator @perm dims ["..."] inputs [#tdl.permute<"attr.perms">]
func.func @permute(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tdl.apply @perm(%a) {perms = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

tdl.operator @slice dims ["..."] inputs [#tdl.shift<offsets = "operand.1[i]", strides = "attr.s[i]">, affine_map<() -> (0)>]
func.func @shift(%a: tensor<10x8xf32>) -> tensor<4x3xf32> {
  %o = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = tdl.apply @slice(%a, %o) {s = array<i64: 2, 2>} : (tensor<10x8xf32>, tensor<2xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

tdl.operator @tiled dims ["..."] inputs [#tdl.tile]
func.func @tile(%a: tensor<2x3xf32>) -> tensor<4x9xf32> {
  %0 = tdl.apply @tiled(%a) : (tensor<2x3xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

tdl.operator @reshaped dims ["..."] inputs [#tdl.reshape]
func.func @reshape(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tdl.apply @reshaped(%a) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

tdl.operator @rsum dims ["..."] reduce sum ["attr.axis"] inputs [#tdl.broadcast]
func.func @reduce(%a: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = tdl.apply @rsum(%a) {axis = 1 : i32} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

tdl.operator @padlow dims ["..."] inputs [#tdl.guarded<#tdl.shift<offsets = "operand.1[2*i]", scale = -1>>, affine_map<() -> (0)>]
func.func @pad(%a: tensor<4x4xf32>) -> tensor<6x7xf32> {
  %p = arith.constant dense<[1, 1, 2, 1]> : tensor<4xi64>
  %0 = tdl.apply @padlow(%a, %p) : (tensor<4x4xf32>, tensor<4xi64>) -> tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}

// -----

tdl.operator @bcast dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] {
^bb0(%x: f32, %y: f32):
  %0 = arith.addf %x, %y : f32
  tdl.yield %0 : f32
}
func.func @broadcast(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = tdl.apply @bcast(%a, %b) : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
