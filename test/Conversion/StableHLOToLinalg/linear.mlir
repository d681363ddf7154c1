// Tests that dot_general becomes linalg.matmul / batch_matmul or a
// contraction linalg.generic, and convolution linalg.conv_2d_nhwc_hwcf or a
// window linalg.generic.
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<5x8xf32>, %[[B:.*]]: tensor<8x16xf32>)
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<5x16xf32>)
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : tensor<5x8xf32>, tensor<8x16xf32>) outs(%[[F]] : tensor<5x16xf32>)
func.func @matmul(%a: tensor<5x8xf32>, %b: tensor<8x16xf32>) -> tensor<5x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}

// -----

// CHECK-LABEL: func.func @batch_matmul
// CHECK: linalg.batch_matmul
func.func @batch_matmul(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Transposed operands are read through the maps: loops (lhs free, rhs free, contracting).
// CHECK: #[[L:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK: #[[R:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK: #[[O:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @weight_grad
// CHECK: linalg.generic {indexing_maps = [#[[L]], #[[R]], #[[O]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @weight_grad(%a: tensor<5x4xf32>, %b: tensor<5x16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<5x4xf32>, tensor<5x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// JAX's forward layout: pad, then the named op.
// CHECK-LABEL: func.func @conv
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%[[P]], %{{.*}} : tensor<2x10x10x2xf32>, tensor<3x3x2x4xf32>)
func.func @conv(%x: tensor<2x8x8x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<2x4x6x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x4x6x4xf32>
  return %0 : tensor<2x4x6x4xf32>
}

// -----

// Any other layout (here JAX's weight gradient): loops are the output dims in
// the output layout (kh, kw, c, o), then the input feature (n) and the kernel
// spatial dims (h, w); the input is padded first.
// CHECK: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0 + d5, d1 + d6, d2)>
// CHECK: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-LABEL: func.func @conv_weight_grad
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[K]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[P]], %{{.*}} : tensor<2x10x10x2xf32>, tensor<2x8x8x4xf32>)
func.func @conv_weight_grad(%x: tensor<2x8x8x2xf32>, %dy: tensor<2x8x8x4xf32>) -> tensor<3x3x2x4xf32> {
  %0 = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x2xf32>, tensor<2x8x8x4xf32>) -> tensor<3x3x2x4xf32>
  return %0 : tensor<3x3x2x4xf32>
}
