// Strategies of the TOSA descriptions added for the coverage goal (see
// docs/coverage.md): one instance each, with the expected splits.
// RUN: tofu-opt --tofu-print-strategies %s -o /dev/null | FileCheck %s

// CHECK-LABEL: tosa.identity at
// CHECK-NEXT: loops: d0=4 d1=6
// CHECK: split d0 (output): in0[half, all] -> [half, all]
// CHECK: split d1 (output): in0[all, half] -> [all, half]
// CHECK-LABEL: tosa.intdiv at
// CHECK-NEXT: loops: d0=4 d1=6
// CHECK: split d0 (output): in0[half, all] in1[half, all] -> [half, all]
// CHECK: split d1 (output): in0[all, half] in1[all, half] -> [all, half]
// CHECK-LABEL: tosa.rescale at
// CHECK-NEXT: loops: d0=4 d1=6
// CHECK: split d0 (output): in0[half, all] in1[all] in2[all] in3[all] in4[all] -> [half, all]
// CHECK: split d1 (output): in0[all, half] in1[all] in2[all] in3[all] in4[all] -> [all, half]
// CHECK-LABEL: tosa.apply_scale at
// CHECK-NEXT: loops: d0=4 d1=6
// CHECK: split d0 (output): in0[half, all] in1[half, all] in2[half, all] -> [half, all]
// CHECK: split d1 (output): in0[all, half] in1[all, half] in2[all, half] -> [all, half]
// CHECK-LABEL: tosa.table at
// CHECK-NEXT: loops: d0=4 d1=6
// CHECK: split d0 (output): in0[half, all] in1[all] -> [half, all]
// CHECK: split d1 (output): in0[all, half] in1[all] -> [all, half]
// CHECK-LABEL: tosa.argmax at
// CHECK-NEXT: loops: d0=2 r1=3(max) d2=4
// CHECK: split d0 (output): in0[half, all, all] -> [half, all]
// CHECK: split d2 (output): in0[all, all, half] -> [all, half]
// argmax: the reduced axis r1 is never split (split_reductions = false).
// CHECK-NOT: split r1
// CHECK-LABEL: tosa.reverse at
// CHECK-NEXT: loops: d0=4 d1=6
// CHECK: split d0 (output): in0[half, all] -> [half, all]
// CHECK: split d1 (output): in0[all, half] -> [all, half]
// CHECK-LABEL: tosa.conv3d at
// CHECK-NEXT: loops: n=1 od=3 oh=3 ow=3 oc=3 kd=2(sum) kh=2(sum) kw=2(sum) ic=2(sum)
// CHECK: split od (output): in0[all, halo(0, 1), all, all, all] in1[all, all, all, all, all] in2[all] in3[all] in4[all] -> [all, half, all, all, all]
// CHECK: split oh (output): in0[all, all, halo(0, 1), all, all] in1[all, all, all, all, all] in2[all] in3[all] in4[all] -> [all, all, half, all, all]
// CHECK: split ow (output): in0[all, all, all, halo(0, 1), all] in1[all, all, all, all, all] in2[all] in3[all] in4[all] -> [all, all, all, half, all]
// CHECK: split oc (output): in0[all, all, all, all, all] in1[half, all, all, all, all] in2[half] in3[all] in4[all] -> [all, all, all, all, half]
// CHECK: split kd (reduction): in0[all, halo(0, 2), all, all, all] in1[all, half, all, all, all] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK: split kh (reduction): in0[all, all, halo(0, 2), all, all] in1[all, all, half, all, all] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK: split kw (reduction): in0[all, all, all, halo(0, 2), all] in1[all, all, all, half, all] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK: split ic (reduction): in0[all, all, all, all, half] in1[all, all, all, all, half] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK-LABEL: tosa.matmul_t_block_scaled at
// CHECK-NEXT: loops: b=2 m=4 n=3 k=32(sum)
// CHECK: split b (output): in0[half, all, all] in1[half, all, all] in2[half, all, all] in3[half, all, all] -> [half, all, all]
// CHECK: split m (output): in0[all, half, all] in1[all, half, all] in2[all, all, all] in3[all, all, all] -> [all, half, all]
// CHECK: split n (output): in0[all, all, all] in1[all, all, all] in2[all, half, all] in3[all, half, all] -> [all, all, half]
// CHECK: split k (reduction): in0[all, all, half] in1[all, all, all] in2[all, all, half] in3[all, all, all] -> partial(sum)
// CHECK-LABEL: tosa.transpose_conv2d at
// CHECK-NEXT: loops: n=1 oh=4 ow=4 oc=4 [opaque]
// CHECK: split oc (output): in0[all, all, all, all] in1[half, all, all, all] in2[half] in3[all] in4[all] -> [all, all, all, half]
// CHECK-LABEL: tosa.resize at
// CHECK-NEXT: loops: n=1 oh=6 ow=6 c=2 [opaque]
// CHECK: split c (output): in0[all, all, all, half] -> [all, all, all, half]
// CHECK-LABEL: tosa.fft2d at
// CHECK-NEXT: loops: n=2 h=4 w=4 [opaque]
// CHECK: split n (output): in0[half, all, all] in1[half, all, all] -> [half, all, all] [half, all, all]
// CHECK-LABEL: tosa.rfft2d at
// CHECK-NEXT: loops: n=2 h=4 w=3 [opaque]
// CHECK: split n (output): in0[half, all, all] -> [half, all, all] [half, all, all]

func.func @identity(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.identity %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @intdiv(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.intdiv %a, %b : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @rescale(%a: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %0 = "tosa.rescale"(%a, %m, %s, %zp, %zp) <{scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<4x6xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @apply_scale(%v: tensor<4x6xi32>, %m: tensor<4x6xi32>, %s: tensor<4x6xi8>) -> tensor<4x6xi32> {
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>} : (tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi8>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @table(%a: tensor<4x6xi8>) -> tensor<4x6xi8> {
  %t = "tosa.const"() <{values = dense<3> : tensor<256xi8>}> : () -> tensor<256xi8>
  %0 = tosa.table %a, %t : (tensor<4x6xi8>, tensor<256xi8>) -> tensor<4x6xi8>
  return %0 : tensor<4x6xi8>
}
func.func @argmax(%a: tensor<2x3x4xf32>) -> tensor<2x4xi32> {
  %0 = "tosa.argmax"(%a) <{axis = 1 : i32}> : (tensor<2x3x4xf32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}
func.func @reverse(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.reverse %a {axis = 1 : i32} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @conv3d(%x: tensor<1x4x4x4x2xf32>, %w: tensor<3x2x2x2x2xf32>, %b: tensor<3xf32>) -> tensor<1x3x3x3x3xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv3d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>, dilation = array<i64: 1, 1, 1>} : (tensor<1x4x4x4x2xf32>, tensor<3x2x2x2x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x3x3xf32>
  return %0 : tensor<1x3x3x3x3xf32>
}
func.func @matmul_t_block_scaled(%a: tensor<2x4x32xf4E2M1FN>, %as: tensor<2x4x1xf8E8M0FNU>, %b: tensor<2x3x32xf4E2M1FN>, %bs: tensor<2x3x1xf8E8M0FNU>) -> tensor<2x4x3xf32> {
  %0 = "tosa.matmul_t_block_scaled"(%a, %as, %b, %bs) <{block_size = #tosa.block_size<BLOCK_SIZE_32>}> : (tensor<2x4x32xf4E2M1FN>, tensor<2x4x1xf8E8M0FNU>, tensor<2x3x32xf4E2M1FN>, tensor<2x3x1xf8E8M0FNU>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}
func.func @transpose_conv2d(%x: tensor<1x3x3x2xf32>, %w: tensor<4x2x2x2xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.transpose_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x2xf32>, tensor<4x2x2x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
func.func @resize(%a: tensor<1x3x3x2xf32>) -> tensor<1x6x6x2xf32> {
  %scale = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.resize"(%a, %scale, %offset, %border) <{mode = #tosa.resize_mode<NEAREST_NEIGHBOR>}> : (tensor<1x3x3x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x6x6x2xf32>
  return %0 : tensor<1x6x6x2xf32>
}
func.func @fft2d(%re: tensor<2x4x4xf32>, %im: tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4x4xf32>) {
  %0, %1 = tosa.fft2d %re, %im {inverse = false} : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4x4xf32>)
  return %0, %1 : tensor<2x4x4xf32>, tensor<2x4x4xf32>
}
func.func @rfft2d(%re: tensor<2x4x4xf32>) -> (tensor<2x4x3xf32>, tensor<2x4x3xf32>) {
  %0, %1 = tosa.rfft2d %re : (tensor<2x4x4xf32>) -> (tensor<2x4x3xf32>, tensor<2x4x3xf32>)
  return %0, %1 : tensor<2x4x3xf32>, tensor<2x4x3xf32>
}
