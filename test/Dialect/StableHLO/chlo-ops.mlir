// Tests that every op of the chlo subset parses in the syntax JAX prints and
// prints back the same (round trip through the generic form too).
// RUN: tofu-opt %s | tofu-opt | FileCheck %s
// RUN: tofu-opt %s --mlir-print-op-generic | tofu-opt | FileCheck %s

// CHECK-LABEL: func.func @chlo
func.func @chlo(%x: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>) {
  // CHECK: chlo.square %{{.*}} : tensor<3x4xf32> -> tensor<3x4xf32>
  %0 = chlo.square %x : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.erf %{{.*}} : tensor<3x4xf32> -> tensor<3x4xf32>
  %1 = chlo.erf %0 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.erfc
  %2 = chlo.erfc %1 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.erf_inv
  %3 = chlo.erf_inv %2 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.tan
  %4 = chlo.tan %3 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.sinh
  %5 = chlo.sinh %4 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.cosh
  %6 = chlo.cosh %5 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.asin
  %7 = chlo.asin %6 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.acos
  %8 = chlo.acos %7 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.atan
  %9 = chlo.atan %8 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.asinh
  %10 = chlo.asinh %9 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.acosh
  %11 = chlo.acosh %10 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.atanh
  %12 = chlo.atanh %11 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.lgamma %{{.*}} : tensor<3x4xf32> -> tensor<3x4xf32>
  %l = chlo.lgamma %12 : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.digamma
  %d = chlo.digamma %l : tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.next_after %{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  %13 = chlo.next_after %d, %x : tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  // CHECK: chlo.is_inf %{{.*}} : tensor<3x4xf32> -> tensor<3x4xi1>
  %14 = chlo.is_inf %13 : tensor<3x4xf32> -> tensor<3x4xi1>
  // CHECK: chlo.is_pos_inf
  %15 = chlo.is_pos_inf %13 : tensor<3x4xf32> -> tensor<3x4xi1>
  // CHECK: chlo.is_neg_inf
  %16 = chlo.is_neg_inf %13 : tensor<3x4xf32> -> tensor<3x4xi1>
  return %13, %14, %15, %16 : tensor<3x4xf32>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>
}

// CHECK-LABEL: func.func @top_k
func.func @top_k(%x: tensor<5x8xf32>) -> (tensor<5x3xf32>, tensor<5x3xi32>) {
  // CHECK: %{{.*}}, %{{.*}} = chlo.top_k(%{{.*}}, k = 3) : tensor<5x8xf32> -> (tensor<5x3xf32>, tensor<5x3xi32>)
  %values, %indices = chlo.top_k(%x, k = 3) : tensor<5x8xf32> -> (tensor<5x3xf32>, tensor<5x3xi32>)
  return %values, %indices : tensor<5x3xf32>, tensor<5x3xi32>
}
