// Tests that the description interface and interval analysis report every
// failure with a located error instead of crashing.
// RUN: tofu-opt %s -split-input-file -verify-diagnostics --tofu-print-strategies -o /dev/null

// expected-warning @+1 {{not analysed symbolically: product of two intervals in 'd0 * s0' (bind its symbols with params); its strategies are computed where it is applied}}
tdl.operator @product dims ["i"] inputs [affine_map<(i)[s] -> (i * s)>] params ["attr.k"]

// -----

// expected-warning @+1 {{not analysed symbolically: division by a non-constant interval}}
tdl.operator @divide dims ["i"] inputs [affine_map<(i)[s] -> (i floordiv s)>] params ["attr.k"]

// -----

func.func @nodesc(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{has no TDL description}}
  %0 = tosa.custom %a {operator_name = "frobnicate", domain_name = "tofu", implementation_attrs = ""} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @dynamic(%x: tensor<?x8xf32>, %w: tensor<8x16xf32>, %o: tensor<?x16xf32>) -> tensor<?x16xf32> {
  // expected-error @+1 {{has a dynamic shape 'tensor<?x8xf32>'; Tofu partitions static shapes only}}
  %m = linalg.matmul ins(%x, %w : tensor<?x8xf32>, tensor<8x16xf32>) outs(%o : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %m : tensor<?x16xf32>
}

// -----

tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>]
func.func @bounds(%a: tensor<10xf32>) -> tensor<10xf32> {
  // expected-error @+1 {{description of 'shift_two' reads input #0 dimension 0 over [2, 11], outside its extent 10}}
  %b = tdl.apply @shift_two(%a) : (tensor<10xf32>) -> tensor<10xf32>
  return %b : tensor<10xf32>
}

// -----

tdl.operator @copy dims ["i", "j"] inputs [affine_map<(i, j) -> (i, j)>]
func.func @extents(%a: tensor<4x5xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{description of 'copy' reads input #0 dimension 1 over [0, 5], outside its extent 5}}
  %b = tdl.apply @copy(%a) : (tensor<4x5xf32>) -> tensor<4x6xf32>
  return %b : tensor<4x6xf32>
}

// -----

tdl.operator @dot dims ["i"] reduce sum ["k"]
    inputs [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>]
func.func @reduction_extents(%a: tensor<4x5xf32>, %v: tensor<6xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has inconsistent extents for dimension 'k' of its description (5 vs 6)}}
  %b = tdl.apply @dot(%a, %v) : (tensor<4x5xf32>, tensor<6xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

tdl.operator @rowsum dims ["i"] reduce sum ["k"] inputs [affine_map<(i, k) -> (i, k)>]
    output affine_map<(i, k) -> (i, 0)>
func.func @shape(%a: tensor<4x5xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{description of 'rowsum' gives result shape [4, 1] but the op produces [4, 2]}}
  %b = tdl.apply @rowsum(%a) : (tensor<4x5xf32>) -> tensor<4x2xf32>
  return %b : tensor<4x2xf32>
}

// -----

// expected-warning @+1 {{not analysed symbolically}}
tdl.operator @strided dims ["i"] inputs [affine_map<(i)[s] -> (i * s)>] params ["attr.stride"]
func.func @param(%a: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{cannot instantiate the description of 'strided': parameter 'attr.stride': the op has no attribute 'stride'}}
  %b = tdl.apply @strided(%a) : (tensor<8xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// expected-warning @+1 {{not analysed symbolically}}
tdl.operator @strided dims ["i"] inputs [affine_map<(i)[s] -> (i * s)>] params ["attr.stride"]
func.func @param_ok(%a: tensor<8xf32>) -> tensor<4xf32> {
  %b = tdl.apply @strided(%a) {stride = 2 : i64} : (tensor<8xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
    inputs [affine_map<(b, co, x, ci, dx) -> (b, ci, x + dx)>,
            affine_map<(b, co, x, ci, dx) -> (ci, co, dx)>]
func.func @rank(%d: tensor<2x10xf32>, %f: tensor<3x4x3xf32>) -> tensor<2x4x8xf32> {
  // expected-error @+1 {{operand #0 has rank 2 but its description 'conv1d' indexes 3 dimensions}}
  %0 = tdl.apply @conv1d(%d, %f) : (tensor<2x10xf32>, tensor<3x4x3xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

tdl.operator @window dims ["i"] reduce sum ["k"] inputs [affine_map<(i, k) -> (i + k)>]
func.func @undetermined(%a: tensor<8xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{description of 'window' leaves the extent of dimension 'k' undetermined}}
  %0 = tdl.apply @window(%a) : (tensor<8xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

tdl.operator @window dims ["i"] reduce sum ["k"] inputs [affine_map<(i, k) -> (i + k)>]
    attributes {extents = {k = "attr.width"}}
func.func @explicit(%a: tensor<8xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{extent of 'k': the op has no attribute 'width'}}
  %0 = tdl.apply @window(%a) : (tensor<8xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @transpose(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'tosa.transpose' op}}
  %0 = tosa.transpose %a {perms = array<i32: 1, 1>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

tdl.operator @perm dims ["..."] inputs [#tdl.permute<"attr.perms">]
func.func @not_permutation(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{cannot instantiate the description of 'perm': 'perms' is not a permutation}}
  %0 = tdl.apply @perm(%a) {perms = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

tdl.operator @view dims ["..."] inputs [#tdl.reshape]
func.func @reshape_count(%a: tensor<4x6xf32>) -> tensor<5x5xf32> {
  // expected-error @+1 {{cannot instantiate the description of 'view': reshape of 24 elements into 25}}
  %0 = tdl.apply @view(%a) : (tensor<4x6xf32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

tdl.operator @bad_generic dims ["..."] inputs [affine_map<(i) -> (i)>]
func.func @generic_map(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{rank-generic descriptions allow only constant affine maps}}
  %0 = tdl.apply @bad_generic(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

tdl.operator @ew dims ["..."] inputs [#tdl.broadcast]
func.func @broadcast_rank(%a: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{cannot instantiate the description of 'ew': input rank 2 does not match the 1-dimensional iteration space}}
  %0 = tdl.apply @ew(%a) : (tensor<2x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

tdl.operator @sum dims ["..."] reduce sum ["attr.axis"] inputs [#tdl.broadcast]
func.func @axis(%a: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{reduction axis 5 is outside rank 2}}
  %0 = tdl.apply @sum(%a) {axis = 5 : i64} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

tdl.operator @slice dims ["..."] inputs [#tdl.shift<offsets = "attr.o[i]">]
func.func @slice_rank(%a: tensor<2x3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{input rank 3 does not match the 2-dimensional iteration space}}
  %0 = tdl.apply @slice(%a) {o = array<i64: 0, 0, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
