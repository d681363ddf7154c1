// Products cuBLAS does not take are left to the kernels: f64, columns not
// contiguous; a contraction with two reduction loops; the rest is rewritten.
// RUN: tofu-opt %s --tofu-gpu-library-calls | FileCheck %s
// CHECK-LABEL: func.func @f64(
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<2x3xf64>, memref<3x4xf64>)
func.func @f64(%a: memref<2x3xf64>, %b: memref<3x4xf64>, %c: memref<2x4xf64>) {
  linalg.matmul ins(%a, %b : memref<2x3xf64>, memref<3x4xf64>) outs(%c : memref<2x4xf64>)
  return
}
// CHECK-LABEL: func.func @strided(
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<2x3xf32, strided<[1, 2]>>, memref<3x4xf32>)
func.func @strided(%a: memref<2x3xf32, strided<[1, 2]>>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  linalg.matmul ins(%a, %b : memref<2x3xf32, strided<[1, 2]>>, memref<3x4xf32>) outs(%c : memref<2x4xf32>)
  return
}
// Padded rows are fine (leading dimension = stride 0).
// CHECK-LABEL: func.func @padded(
// CHECK: call @tofu_rt_gpu_matmul_f32(%{{.*}}, %{{.*}}, %{{.*}}, %c0_i32{{.*}}, %c0_i32{{.*}})
func.func @padded(%a: memref<2x3xf32, strided<[8, 1]>>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  linalg.matmul ins(%a, %b : memref<2x3xf32, strided<[8, 1]>>, memref<3x4xf32>) outs(%c : memref<2x4xf32>)
  return
}
// C[j,i] = sum_k B[k,j] * A[i,k]: the inputs swap roles, A transposed in
// memory as stored: tofu_rt_gpu_matmul_f32(B, A, C, 1, 1).
// CHECK-LABEL: func.func @swapped(
// CHECK: %[[B:.*]] = memref.cast %arg1
// CHECK: %[[A:.*]] = memref.cast %arg0
// CHECK: call @tofu_rt_gpu_matmul_f32(%[[B]], %[[A]], %{{.*}}, %c1_i32{{.*}}, %c1_i32{{.*}})
func.func @swapped(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<4x2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (j, i)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) outs(%c : memref<4x2xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
// CHECK-LABEL: func.func @two_reductions(
// CHECK: linalg.generic
func.func @two_reductions(%a: memref<2x3x5xf32>, %b: memref<3x5x4xf32>, %c: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i, k, l)>, affine_map<(i, j, k, l) -> (k, l, j)>, affine_map<(i, j, k, l) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : memref<2x3x5xf32>, memref<3x5x4xf32>) outs(%c : memref<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
