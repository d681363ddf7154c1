// Tests that the TDL description interface answers for each of its models:
// derived from indexing maps (linalg), library-backed (a shipped TOSA entry;
// a user library loaded with --tdl-load-library, which adds an op the shipped
// library lacks and overrides a shipped entry) and native (tdl.apply).
// Without the user library, linalg.softmax (not a structured op) has none:
// the other ops still print, and the pass fails.
// RUN: not tofu-opt --tofu-print-tdl %s -o /dev/null 2>/dev/null | FileCheck %s --check-prefixes=CHECK,SHIPPED
// RUN: echo 'tdl.opaque @"tosa.exp" dims ["a", "b"] batch ["a"] inputs [["a", ":"]]' > %t.lib.mlir
// RUN: echo 'tdl.opaque @"linalg.softmax" dims ["a", "b"] batch ["a"] inputs [["a", ":"], ["a", ":"]]' >> %t.lib.mlir
// RUN: tofu-opt --tdl-load-library="paths=%t.lib.mlir" --tofu-print-tdl %s -o /dev/null | FileCheck %s --check-prefixes=CHECK,USER
// RUN: not tofu-opt --tofu-print-tdl %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNDESCRIBED

// CHECK-LABEL: // linalg.matmul in @models at
// CHECK-NEXT: tdl.operator @"linalg.matmul#0" dims ["d0", "d1"] reduce sum ["d2"]
// CHECK-SAME: extents = {d0 = 4 : i64, d1 = 16 : i64, d2 = 8 : i64}
// CHECK-LABEL: // tosa.exp in @models at
// SHIPPED-NEXT: tdl.operator @"tosa.exp#0" dims ["d0", "d1"] inputs [affine_map<(d0, d1) -> (d0, d1)>]
// SHIPPED: math.exp
// USER-NEXT: tdl.opaque @"tosa.exp#0" dims ["a", "b"] batch ["a"] inputs {{\[}}["a", ":"]] {extents = {a = 4 : i64, b = 16 : i64}}
// CHECK-LABEL: // tdl.apply in @models at
// CHECK-NEXT: tdl.operator @"shift_two#0" dims ["i"] inputs [affine_map<(d0) -> (d0 + 2)>]
// CHECK-SAME: extents = {i = 10 : i64}
// USER-LABEL: // linalg.softmax in @models at
// USER-NEXT: tdl.opaque @"linalg.softmax#0" dims ["a", "b"] batch ["a"] inputs {{\[}}["a", ":"], ["a", ":"]]
// UNDESCRIBED: error: 'linalg.softmax' op has no TDL description (describe it with a tdl.operator or tdl.opaque named after the op in a file loaded with --tdl-load-library)

tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>] {
^bb0(%a: f32):
  tdl.yield %a : f32
}

func.func @models(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %o: tensor<4x16xf32>, %a: tensor<12xf32>) -> (tensor<4x16xf32>, tensor<10xf32>, tensor<4x16xf32>) {
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %e = tosa.exp %m : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %s = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
  %p = linalg.softmax dimension(1) ins(%e : tensor<4x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %p, %s, %m : tensor<4x16xf32>, tensor<10xf32>, tensor<4x16xf32>
}
