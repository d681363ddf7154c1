// Tests that products OpenBLAS's sgemm does not take are left to the loops:
// f64 and mixed types, columns not contiguous, two reduction loops, a body
// that is not exactly mulf/addf, tensors.
// RUN: tofu-opt %s --tofu-cpu-library-calls | FileCheck %s
// CHECK-NOT: call @tofu_rt_cpu

// CHECK-LABEL: func.func @f64(
// CHECK: linalg.matmul
func.func @f64(%a: memref<2x3xf64>, %b: memref<3x4xf64>, %c: memref<2x4xf64>) {
  linalg.matmul ins(%a, %b : memref<2x3xf64>, memref<3x4xf64>) outs(%c : memref<2x4xf64>)
  return
}

// CHECK-LABEL: func.func @bf16_inputs(
// CHECK: linalg.matmul
func.func @bf16_inputs(%a: memref<2x3xbf16>, %b: memref<3x4xbf16>, %c: memref<2x4xf32>) {
  linalg.matmul ins(%a, %b : memref<2x3xbf16>, memref<3x4xbf16>) outs(%c : memref<2x4xf32>)
  return
}

// CHECK-LABEL: func.func @strided_columns(
// CHECK: linalg.matmul
func.func @strided_columns(%a: memref<2x3xf32, strided<[1, 2]>>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  linalg.matmul ins(%a, %b : memref<2x3xf32, strided<[1, 2]>>, memref<3x4xf32>) outs(%c : memref<2x4xf32>)
  return
}

// Two reductions fold into one only on contiguous operands (collapse.mlir);
// a dynamic layout keeps the loops.
// CHECK-LABEL: func.func @two_reductions(
// CHECK: linalg.generic
func.func @two_reductions(%a: memref<2x3x5xf32, strided<[?, ?, 1], offset: ?>>, %b: memref<3x5x4xf32>, %c: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i, k, l)>, affine_map<(i, j, k, l) -> (k, l, j)>, affine_map<(i, j, k, l) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : memref<2x3x5xf32, strided<[?, ?, 1], offset: ?>>, memref<3x5x4xf32>) outs(%c : memref<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// linalg's contraction check looks through pure unary ops; a negated
// factor is not a plain product.
// CHECK-LABEL: func.func @negated_factor(
// CHECK: linalg.generic
func.func @negated_factor(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) outs(%c : memref<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %n = arith.negf %x : f32
    %m = arith.mulf %n, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @tensors(
// CHECK: linalg.matmul
func.func @tensors(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
