// Seed: parametric descriptions, explicit extents, output maps and init.
tdl.operator @window dims ["x"] reduce max ["k"]
    inputs [#tdl.guarded<affine_map<(x, k)[s, p] -> (x * s + k - p)>>]
    params ["attr.stride", "attr.pad"] attributes {extents = {k = "attr.kernel"}}
func.func @pool(%a: tensor<9xf32>) -> tensor<5xf32> {
  %0 = tdl.apply @window(%a) {stride = 2 : i64, pad = 1 : i64, kernel = 3 : i64} : (tensor<9xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

tdl.operator @dilated dims ["x"] reduce sum ["k"]
    inputs [affine_map<(x, k)[d] -> (x + k * d)>, affine_map<(x, k)[d] -> (k)>]
    params ["attr.dilation[0]"]
func.func @conv(%a: tensor<12xf32>, %w: tensor<3xf32>) -> tensor<8xf32> {
  %0 = tdl.apply @dilated(%a, %w) {dilation = array<i64: 2>} : (tensor<12xf32>, tensor<3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

tdl.operator @rowsum dims ["i"] reduce sum ["k"] inputs [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, 0)>]
    output affine_map<(i, k) -> (i, 0)> attributes {init = 1 : i64}
func.func @init(%a: tensor<4x5xf32>, %b: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %0 = tdl.apply @rowsum(%a, %b) : (tensor<4x5xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

tdl.operator @updown dims ["i"] inputs [affine_map<(i) -> (i floordiv 2)>, affine_map<(i) -> (i mod 3)>, affine_map<(i) -> (i ceildiv 4)>]
func.func @nonlinear(%a: tensor<4xf32>, %b: tensor<3xf32>, %c: tensor<3xf32>) -> tensor<8xf32> {
  %0 = tdl.apply @updown(%a, %b, %c) : (tensor<4xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

tdl.opaque @chol dims ["b", "i", "j"] batch ["b"] inputs [["b", ":", ":"]]
func.func @opaque(%a: tensor<4x3x3xf32>) -> tensor<4x3x3xf32> {
  %0 = tdl.apply @chol(%a) : (tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
  return %0 : tensor<4x3x3xf32>
}

// -----

tdl.operator @iota dims ["i", "j"] inputs [] attributes {extents = {i = 4, j = 2}} {
^bb0:
  %i = tdl.index 1
  %c = arith.index_cast %i : index to i64
  %f = arith.sitofp %c : i64 to f32
  tdl.yield %f : f32
}
func.func @index() -> tensor<4x2xf32> {
  %0 = tdl.apply @iota() : () -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
