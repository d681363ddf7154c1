// Tests that products with several row, reduction or batch loops (JAX's
// dot_generals) fold their adjacent loops into one and become OpenBLAS
// calls, and that operands without the identity layout are not folded.
// RUN: tofu-opt %s --tofu-cpu-library-calls --split-input-file | FileCheck %s

// (b,s,d) x (d,e): rows b and s fold into one.
// CHECK-LABEL: func.func @rows(
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<2x3x8xf32> into memref<6x8xf32>
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<2x3x16xf32> into memref<6x16xf32>
// CHECK: call @tofu_rt_cpu_matmul_f32(
// CHECK-NOT: linalg.generic
func.func @rows(%a: memref<2x3x8xf32>, %b: memref<8x16xf32>, %c: memref<2x3x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, s, e, d) -> (b, s, d)>, affine_map<(b, s, e, d) -> (d, e)>, affine_map<(b, s, e, d) -> (b, s, e)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x3x8xf32>, memref<8x16xf32>) outs(%c : memref<2x3x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A weight gradient: the reduction over b and s folds, A is transposed.
// CHECK-LABEL: func.func @reductions(
// CHECK-DAG: %[[YES:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[NO:.*]] = arith.constant 0 : i32
// CHECK: call @tofu_rt_cpu_matmul_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[YES]], %[[NO]])
// CHECK-NOT: linalg.generic
func.func @reductions(%x: memref<2x3x8xf32>, %dy: memref<2x3x16xf32>, %dw: memref<8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, b, s) -> (b, s, i)>, affine_map<(i, j, b, s) -> (b, s, j)>, affine_map<(i, j, b, s) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %dy : memref<2x3x8xf32>, memref<2x3x16xf32>) outs(%dw : memref<8x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Attention's two batch loops fold into one batch.
// CHECK-LABEL: func.func @batches(
// CHECK: call @tofu_rt_cpu_batch_matmul_f32(
// CHECK-NOT: linalg.generic
func.func @batches(%q: memref<2x4x5x8xf32>, %k: memref<2x4x8x5xf32>, %o: memref<2x4x5x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, h, i, j, d) -> (b, h, i, d)>, affine_map<(b, h, i, j, d) -> (b, h, d, j)>, affine_map<(b, h, i, j, d) -> (b, h, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : memref<2x4x5x8xf32>, memref<2x4x8x5xf32>) outs(%o : memref<2x4x5x5xf32>) {
  ^bb0(%p: f32, %r: f32, %acc: f32):
    %m = arith.mulf %p, %r : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A strided operand (a function argument's dynamic layout) may not be
// contiguous: nothing is folded, the loops stay.
// CHECK-LABEL: func.func @strided(
// CHECK-NOT: collapse_shape
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @strided(%a: memref<2x3x8xf32, strided<[?, ?, 1], offset: ?>>, %b: memref<8x16xf32>, %c: memref<2x3x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, s, e, d) -> (b, s, d)>, affine_map<(b, s, e, d) -> (d, e)>, affine_map<(b, s, e, d) -> (b, s, e)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x3x8xf32, strided<[?, ?, 1], offset: ?>>, memref<8x16xf32>) outs(%c : memref<2x3x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
