// Tests that every TDL construct parses, verifies and prints back unchanged.
// RUN: tofu-opt %s | tofu-opt --mlir-print-local-scope | FileCheck %s

// CHECK-LABEL: tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
// CHECK-SAME: inputs [affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>]
// CHECK: arith.mulf
// CHECK: tdl.yield
tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
    inputs [affine_map<(b, co, x, ci, dx) -> (b, ci, x + dx)>,
            affine_map<(b, co, x, ci, dx) -> (ci, co, dx)>] {
^bb0(%data: f32, %filter: f32):
  %0 = arith.mulf %data, %filter : f32
  tdl.yield %0 : f32
}

// CHECK-LABEL: tdl.opaque @batch_cholesky dims ["b", "i", "j"] batch ["b"] inputs {{\[}}["b", ":", ":"]]
tdl.opaque @batch_cholesky dims ["b", "i", "j"] batch ["b"] inputs [["b", ":", ":"]]

// CHECK-LABEL: tdl.operator @strided
// CHECK-SAME: #tdl.guarded<affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 - s1)>>
// CHECK-SAME: params ["attr.stride", "attr.pad"]
// CHECK-SAME: extents = {k = "attr.kernel"}
tdl.operator @strided dims ["x"] reduce max ["k"]
    inputs [#tdl.guarded<affine_map<(x, k)[s, p] -> (x * s + k - p)>>]
    params ["attr.stride", "attr.pad"] attributes {extents = {k = "attr.kernel"}}

// CHECK-LABEL: tdl.operator @patterns dims ["..."]
// CHECK-SAME: #tdl.broadcast, #tdl.permute<"attr.perms">, #tdl.reshape, #tdl.tile
// CHECK-SAME: #tdl.shift<offsets = "operand.1[2*i]", scale = -1>
// CHECK-SAME: #tdl.shift<offsets = "attr.o[i]", strides = "attr.s[i]">
tdl.operator @patterns dims ["..."]
    inputs [#tdl.broadcast, #tdl.permute<"attr.perms">, #tdl.reshape, #tdl.tile,
            #tdl.shift<offsets = "operand.1[2*i]", scale = -1>,
            #tdl.shift<offsets = "attr.o[i]", strides = "attr.s[i]">]

// CHECK-LABEL: tdl.operator @sum_axis dims ["..."] reduce sum ["attr.axis"] inputs [#tdl.broadcast]
tdl.operator @sum_axis dims ["..."] reduce sum ["attr.axis"] inputs [#tdl.broadcast]

// CHECK-LABEL: tdl.operator @transpose_out dims ["i", "j"]
// CHECK-SAME: output affine_map<(d0, d1) -> (d1, d0)>
tdl.operator @transpose_out dims ["i", "j"] inputs [affine_map<(i, j) -> (i, j)>]
    output affine_map<(i, j) -> (j, i)>

// CHECK-LABEL: tdl.operator @iota
// CHECK: tdl.index 0
tdl.operator @iota dims ["i"] inputs [] {
^bb0:
  %i = tdl.index 0
  %c = arith.index_cast %i : index to i64
  %f = arith.sitofp %c : i64 to f32
  tdl.yield %f : f32
}

// CHECK-LABEL: func.func @apply
// CHECK: tdl.apply @conv1d(%{{.*}}, %{{.*}}) : (tensor<2x3x10xf32>, tensor<3x4x3xf32>) -> tensor<2x4x8xf32>
func.func @apply(%d: tensor<2x3x10xf32>, %f: tensor<3x4x3xf32>) -> tensor<2x4x8xf32> {
  %0 = tdl.apply @conv1d(%d, %f) : (tensor<2x3x10xf32>, tensor<3x4x3xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}
