// Tests strategies derived from linalg structured ops (permuted generic maps, a
// recognised max reducer, strided/dilated convolution, pooling) and tensor ops.
// RUN: tofu-opt --tofu-print-strategies %s -o /dev/null | FileCheck %s

// CHECK-LABEL: linalg.generic at
// CHECK-NEXT: loops: d0=2 d1=4 d2=8
// CHECK: split d0 (output): in0[all, half, all] -> [all, all, half]
// CHECK: split d1 (output): in0[all, all, half] -> [half, all, all]
// CHECK: split d2 (output): in0[half, all, all] -> [all, half, all]
// CHECK-LABEL: linalg.generic at
// CHECK-NEXT: loops: d0=4 d1=6(max)
// CHECK: split d0 (output): in0[half, all] -> [half]
// CHECK: split d1 (reduction): in0[all, half] -> partial(max)
// CHECK-LABEL: linalg.conv_2d_nchw_fchw at
// CHECK-NEXT: loops: d0=2 d1=8 d2=7 d3=7 d4=3(sum) d5=3(sum) d6=3(sum)
// CHECK: split d0 (output): in0[half, all, all, all] in1[all, all, all, all] -> [half, all, all, all]
// CHECK: split d1 (output): in0[all, all, all, all] in1[half, all, all, all] -> [all, half, all, all]
// CHECK: split d2 (output): in0[all, all, halo(0, 3), all] in1[all, all, all, all] -> [all, all, half, all]
// CHECK: split d3 (output): in0[all, all, all, halo(0, 3)] in1[all, all, all, all] -> [all, all, all, half]
// CHECK: split d4 (reduction): in0[all, half, all, all] in1[all, half, all, all] -> partial(sum)
// CHECK: split d5 (reduction): in0[all, all, halo(0, 11), all] in1[all, all, half, all] -> partial(sum)
// CHECK: split d6 (reduction): in0[all, all, all, halo(0, 11)] in1[all, all, all, half] -> partial(sum)
// CHECK-LABEL: linalg.pooling_nchw_max at
// CHECK-NEXT: loops: d0=2 d1=4 d2=4 d3=4 d4=2(max) d5=2(max)
// CHECK: split d0 (output): in0[half, all, all, all] in1[all, all] -> [half, all, all, all]
// CHECK: split d1 (output): in0[all, half, all, all] in1[all, all] -> [all, half, all, all]
// CHECK: split d2 (output): in0[all, all, half, all] in1[all, all] -> [all, all, half, all]
// CHECK: split d3 (output): in0[all, all, all, half] in1[all, all] -> [all, all, all, half]
// CHECK: split d4 (reduction): in0[all, all, halo(0, 6), all] in1[half, all] -> partial(max)
// CHECK: split d5 (reduction): in0[all, all, all, halo(0, 6)] in1[all, half] -> partial(max)
// CHECK-LABEL: tensor.collapse_shape at
// CHECK-NEXT: loops: d0=24
// CHECK: split d0 (output): in0[half, all] -> [half]
// CHECK-LABEL: tensor.pad at
// CHECK-NEXT: loops: d0=6 d1=8
// CHECK: split d0 (output): in0[half, all] -> [half, all]
// CHECK: split d1 (output): in0[all, half] -> [all, half]

#perm_in = affine_map<(i, j, k) -> (k, i, j)>
#perm_out = affine_map<(i, j, k) -> (j, k, i)>
func.func @generic(%a: tensor<8x2x4xf32>, %o: tensor<4x8x2xf32>) -> tensor<4x8x2xf32> {
  %0 = linalg.generic {indexing_maps = [#perm_in, #perm_out], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<8x2x4xf32>) outs(%o : tensor<4x8x2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<4x8x2xf32>
  return %0 : tensor<4x8x2xf32>
}
func.func @rowmax(%a: tensor<4x6xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x6xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %acc, %x : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @conv(%x: tensor<2x3x17x17xf32>, %w: tensor<8x3x3x3xf32>, %o: tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x17x17xf32>, tensor<8x3x3x3xf32>) outs(%o : tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32>
  return %0 : tensor<2x8x7x7xf32>
}
func.func @pool(%x: tensor<2x4x8x8xf32>, %k: tensor<2x2xf32>, %o: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %k : tensor<2x4x8x8xf32>, tensor<2x2xf32>) outs(%o : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}
func.func @collapse(%x: tensor<4x6xf32>) -> tensor<24xf32> {
  %0 = tensor.collapse_shape %x [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  return %0 : tensor<24xf32>
}
func.func @padded(%x: tensor<4x6xf32>) -> tensor<6x8xf32> {
  %c = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<4x6xf32> to tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
