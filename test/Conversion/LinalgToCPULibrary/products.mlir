// Tests that f32 products become OpenBLAS calls of the CPU runtime: the
// named ops, transposing maps, batches, generics with either input order.
// RUN: tofu-opt %s --tofu-cpu-library-calls --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8x16xf32>, %[[C:.*]]: memref<4x16xf32>
// CHECK-DAG: %[[UA:.*]] = memref.cast %[[A]] : memref<4x8xf32> to memref<*xf32>
// CHECK-DAG: %[[UB:.*]] = memref.cast %[[B]]
// CHECK-DAG: %[[UC:.*]] = memref.cast %[[C]]
// CHECK-DAG: %[[TA:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[TB:.*]] = arith.constant 0 : i32
// CHECK: call @tofu_rt_cpu_matmul_f32(%[[UA]], %[[UB]], %[[UC]], %[[TA]], %[[TB]])
// CHECK-NOT: linalg.matmul
func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}

// -----

// B[n,k] through a transposing map: trans_b = 1.
// CHECK-LABEL: func.func @matmul_transpose_b(
// CHECK-DAG: %[[NO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[YES:.*]] = arith.constant 1 : i32
// CHECK: call @tofu_rt_cpu_matmul_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[NO]], %[[YES]])
func.func @matmul_transpose_b(%a: memref<4x8xf32>, %b: memref<16x8xf32>, %c: memref<4x16xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>)
  return
}

// -----

// A[k,m] (a weight gradient x^T dy) as a generic: trans_a = 1.
// CHECK-LABEL: func.func @generic_transpose_a(
// CHECK-DAG: %[[NO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[YES:.*]] = arith.constant 1 : i32
// CHECK: call @tofu_rt_cpu_matmul_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[YES]], %[[NO]])
// CHECK-NOT: linalg.generic
func.func @generic_transpose_a(%a: memref<8x4xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (k, i)>, affine_map<(i, k, j) -> (k, j)>, affine_map<(i, k, j) -> (i, j)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<8x4xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// C[j,i] = sum_k B[k,j] * A[i,k]: the inputs swap roles,
// tofu_rt_cpu_matmul_f32(B, A, C, 1, 1).
// CHECK-LABEL: func.func @swapped(
// CHECK-DAG: %[[B:.*]] = memref.cast %arg1
// CHECK-DAG: %[[A:.*]] = memref.cast %arg0
// CHECK-DAG: %[[TA:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[TB:.*]] = arith.constant 1 : i32
// CHECK: call @tofu_rt_cpu_matmul_f32(%[[B]], %[[A]], %{{.*}}, %[[TA]], %[[TB]])
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

// -----

// CHECK-LABEL: func.func @batch_matmul(
// CHECK: call @tofu_rt_cpu_batch_matmul_f32(
// CHECK-NOT: linalg.batch_matmul
func.func @batch_matmul(%a: memref<2x4x8xf32>, %b: memref<2x8x16xf32>, %c: memref<2x4x16xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<2x4x8xf32>, memref<2x8x16xf32>) outs(%c : memref<2x4x16xf32>)
  return
}

// -----

// Padded rows and dynamic sizes: the leading dimensions and sizes come
// from the descriptors at run time.
// CHECK-LABEL: func.func @padded_dynamic(
// CHECK: call @tofu_rt_cpu_matmul_f32(
func.func @padded_dynamic(%a: memref<?x?xf32, strided<[?, 1], offset: ?>>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// The name of the product stays on its call (profiles, reports).
// CHECK-LABEL: func.func @named(
// CHECK: call @tofu_rt_cpu_matmul_f32({{.*}}) {tofu.name = "fc1"}
func.func @named(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul {tofu.name = "fc1"} ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}
