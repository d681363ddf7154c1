// Tests that --tofu-print-tdl prints a concrete, re-parsable TDL description
// for linalg ops (body without the combiner), TOSA library ops and tdl.apply.
// RUN: tofu-opt --tofu-print-tdl %s -o /dev/null > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tofu-opt %t.mlir -o /dev/null

// CHECK-LABEL: // linalg.matmul in @mlp at
// CHECK-NEXT: tdl.operator @"linalg.matmul#0" dims ["d0", "d1"] reduce sum ["d2"]
// CHECK-SAME: extents = {d0 = 4 : i64, d1 = 16 : i64, d2 = 8 : i64}
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT: tdl.yield %[[M]] : f32
// CHECK-LABEL: // linalg.generic in @mlp at
// CHECK-NEXT: tdl.operator @"linalg.generic#0" dims ["d0", "d1"] inputs
// CHECK: arith.maximumf
// CHECK-LABEL: // tosa.conv2d in @cnn at
// CHECK-NEXT: tdl.operator @"tosa.conv2d#0" dims ["n", "oh", "ow", "oc"] reduce sum ["kh", "kw", "ic"]
// CHECK-SAME: #tdl.guarded<affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4 - 1, d2 * 2 + d5 - 1, d6)>>
// CHECK-SAME: init = 2 : i64
// CHECK-LABEL: // tosa.gather in @cnn at
// CHECK-NEXT: tdl.opaque @"tosa.gather#0" dims ["n", "w", "c"] batch ["n", "w", "c"] inputs {{\[}}["n", ":", "c"], ["n", "w"]]
// CHECK-LABEL: // tdl.apply in @apply at
// CHECK-NEXT: tdl.operator @"shift_two#0" dims ["i"] inputs [affine_map<(d0) -> (d0 + 2)>]
// CHECK-SAME: extents = {i = 10 : i64}

func.func @mlp(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %o: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<4x16xf32>) outs(%o : tensor<4x16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %z = arith.constant 0.0 : f32
    %y = arith.maximumf %a, %z : f32
    linalg.yield %y : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

func.func @cnn(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<8xf32>, %v: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> (tensor<1x4x4x8xf32>, tensor<2x4x3xf32>) {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x8xf32>
  %g = tosa.gather %v, %i : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %c, %g : tensor<1x4x4x8xf32>, tensor<2x4x3xf32>
}

tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
func.func @apply(%a: tensor<12xf32>) -> tensor<10xf32> {
  %b = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
  return %b : tensor<10xf32>
}
