// Tests that inputs which crashed tofu-opt under fuzzing (test/fuzz) now get
// a located diagnostic or a correct result.
// RUN: tofu-opt %s -split-input-file -verify-diagnostics --tofu-print-strategies --tofu-print-tdl -o /dev/null | FileCheck %s

// A concatenation axis outside the rank indexed past the input's shape.
tdl.operator @cat dims ["..."] inputs [#tdl.concat<"attr.axis">, #tdl.concat<"attr.axis">]
func.func @concat_axis(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{cannot instantiate the description of 'cat': concatenation axis 2 is outside rank 2}}
  %0 = tdl.apply @cat(%a, %b) {axis = 2 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

tdl.operator @cat dims ["..."] inputs [#tdl.concat<"attr.axis">, #tdl.concat<"attr.axis">]
func.func @concat_negative_axis(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{concatenation axis -1 is outside rank 2}}
  %0 = tdl.apply @cat(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// Parameters wider than 64 bits asserted in APInt::getSExtValue.
tdl.operator @slice dims ["..."] inputs [#tdl.shift<offsets = "operand.1[i]">, affine_map<() -> (0)>]
func.func @wide_operand(%a: tensor<4xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<[123456789012345678901234567890]> : tensor<1xi128>
  // expected-error @+1 {{parameter 'operand.1[i]': operand #1 holds an integer that does not fit in 64 bits}}
  %0 = tdl.apply @slice(%a, %c) : (tensor<4xf32>, tensor<1xi128>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// expected-warning @+1 {{not analysed symbolically}}
tdl.operator @strided dims ["i"] inputs [affine_map<(i)[s] -> (i * s)>] params ["attr.stride"]
func.func @wide_attribute(%a: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{parameter 'attr.stride': attribute 'stride' holds an integer that does not fit in 64 bits}}
  %0 = tdl.apply @strided(%a) {stride = 36893488147419103232 : i128} : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Dividing twice by 2^32 overflowed a Rational's denominator to 0.
// expected-error @+1 {{interval analysis failed: the bounds of '4294967296' have coefficients too large for interval analysis}}
tdl.operator @nested_division dims ["i"] inputs [affine_map<(i) -> ((i floordiv 4294967296) floordiv 4294967296)>]

// -----

// expected-error @+1 {{interval analysis failed: the bounds of '4611686018427387904' have coefficients too large}}
tdl.operator @huge_scale dims ["i", "j"] inputs [affine_map<(i, j) -> (i * 4611686018427387904 + j)>]

// -----

// An opaque input of extent 1 facing a larger batch loop is broadcast (read
// at 0); printing it as TDL cast that constant to a dimension.
// CHECK-LABEL: tdl.opaque @"chol#0" dims ["b", "i"] batch ["b"] inputs {{\[}}[":", ":"]]
tdl.opaque @chol dims ["b", "i"] batch ["b"] inputs [["b", ":"]]
func.func @opaque_broadcast(%a: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = tdl.apply @chol(%a) : (tensor<1x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A reduction that combines the accumulator with itself has no summand: not a
// recognised reducer, so only its parallel loop may split (no error, no crash).
func.func @acc_twice(%a: tensor<4x6xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x6xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.addf %acc, %acc : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Offsets near the int64 range overflow the concrete interval arithmetic: a
// located error instead of wrong regions.
tdl.operator @far dims ["..."] inputs [#tdl.shift<offsets = "attr.o[i]">]
func.func @overflow(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{integer overflow}}
  %0 = tdl.apply @far(%a) {o = array<i64: 9223372036854775807>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
