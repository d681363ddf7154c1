// Tests the strategies of TOSA ops instantiated from the TDL library: a strided,
// dilated, padded conv2d (halos), depthwise conv, reshape (floordiv/mod), pooling,
// transpose, broadcasting element-wise ops, slice, pad, concat and the opaque gather.
// RUN: tofu-opt --tofu-print-strategies %s -o /dev/null | FileCheck %s

// CHECK-LABEL: tosa.conv2d at
// CHECK: loops: n=1 oh=8 ow=8 oc=8 kh=3(sum) kw=3(sum) ic=4(sum)
// CHECK: split oh (output): in0[all, halo(2, 1), all, all] in1[all, all, all, all] in2[all] in3[all] in4[all] -> [all, half, all, all]
// CHECK: worker 0: in0[0:0, 0:8, 0:14, 0:3] in1[0:7, 0:2, 0:2, 0:3] in2[0:7] in3[0:0] in4[0:0] -> [0:0, 0:3, 0:7, 0:7]
// CHECK: split ow (output): in0[all, all, halo(2, 1), all] in1[all, all, all, all] in2[all] in3[all] in4[all] -> [all, all, half, all]
// CHECK: worker 0: in0[0:0, 0:14, 0:8, 0:3] in1[0:7, 0:2, 0:2, 0:3] in2[0:7] in3[0:0] in4[0:0] -> [0:0, 0:7, 0:3, 0:7]
// CHECK: split oc (output): in0[all, all, all, all] in1[half, all, all, all] in2[half] in3[all] in4[all] -> [all, all, all, half]
// CHECK: split kh (reduction): in0[all, halo(2, 11), all, all] in1[all, half, all, all] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK: worker 0: in0[0:0, 0:12, 0:14, 0:3] in1[0:7, 0:0, 0:2, 0:3] in2[0:7] in3[0:0] in4[0:0] -> [0:0, 0:7, 0:7, 0:7]
// CHECK: split kw (reduction): in0[all, all, halo(2, 11), all] in1[all, all, half, all] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK: worker 0: in0[0:0, 0:14, 0:12, 0:3] in1[0:7, 0:2, 0:0, 0:3] in2[0:7] in3[0:0] in4[0:0] -> [0:0, 0:7, 0:7, 0:7]
// CHECK: split ic (reduction): in0[all, all, all, half] in1[all, all, all, half] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK-LABEL: tosa.depthwise_conv2d at
// CHECK: loops: n=1 oh=16 ow=16 o=8 kh=3(sum) kw=3(sum)
// CHECK: split oh (output): in0[all, halo(1, 1), all, all] in1[all, all, all, all] in2[all] in3[all] in4[all] -> [all, half, all, all]
// CHECK: worker 0: in0[0:0, 0:8, 0:15, 0:3] in1[0:2, 0:2, 0:3, 0:1] in2[0:7] in3[0:0] in4[0:0] -> [0:0, 0:7, 0:15, 0:7]
// CHECK: split ow (output): in0[all, all, halo(1, 1), all] in1[all, all, all, all] in2[all] in3[all] in4[all] -> [all, all, half, all]
// CHECK: worker 0: in0[0:0, 0:15, 0:8, 0:3] in1[0:2, 0:2, 0:3, 0:1] in2[0:7] in3[0:0] in4[0:0] -> [0:0, 0:15, 0:7, 0:7]
// CHECK: split o (output): in0[all, all, all, half] in1[all, all, half, all] in2[half] in3[all] in4[all] -> [all, all, all, half]
// CHECK: worker 0: in0[0:0, 0:15, 0:15, 0:1] in1[0:2, 0:2, 0:1, 0:1] in2[0:3] in3[0:0] in4[0:0] -> [0:0, 0:15, 0:15, 0:3]
// CHECK: split kh (reduction): in0[all, halo(1, 14), all, all] in1[half, all, all, all] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK: worker 0: in0[0:0, 0:14, 0:15, 0:3] in1[0:0, 0:2, 0:3, 0:1] in2[0:7] in3[0:0] in4[0:0] -> [0:0, 0:15, 0:15, 0:7]
// CHECK: split kw (reduction): in0[all, all, halo(1, 14), all] in1[all, half, all, all] in2[all] in3[all] in4[all] -> partial(sum)
// CHECK: worker 0: in0[0:0, 0:15, 0:14, 0:3] in1[0:2, 0:0, 0:3, 0:1] in2[0:7] in3[0:0] in4[0:0] -> [0:0, 0:15, 0:15, 0:7]
// CHECK-LABEL: tosa.add at
// CHECK: loops: d0=2 d1=3 d2=4
// CHECK: split d0 (output): in0[half, all, all] in1[all, all, all] -> [half, all, all]
// CHECK: split d1 (output): in0[all, half, all] in1[all, all, all] -> [all, half, all]
// CHECK: split d2 (output): in0[all, all, half] in1[all, all, half] -> [all, all, half]
// CHECK-LABEL: tosa.reduce_sum at
// CHECK: loops: d0=2 r1=3(sum) d2=4
// CHECK: split d0 (output): in0[half, all, all] -> [half, all, all]
// CHECK: split r1 (reduction): in0[all, half, all] -> partial(sum)
// CHECK: split d2 (output): in0[all, all, half] -> [all, all, half]
// CHECK-LABEL: tosa.transpose at
// CHECK: loops: d0=4 d1=3 d2=2
// CHECK: split d0 (output): in0[all, all, half] -> [half, all, all]
// CHECK: split d1 (output): in0[all, half, all] -> [all, half, all]
// CHECK: split d2 (output): in0[half, all, all] -> [all, all, half]
// CHECK-LABEL: tosa.reshape at
// CHECK: loops: d0=6 d1=4
// CHECK: split d0 (output): in0[half, all, all] -> [half, all]
// CHECK: split d1 (output): in0[all, all, half] -> [all, half]
// CHECK-LABEL: tosa.matmul at
// CHECK: loops: b=2 m=3 n=5 k=4(sum)
// CHECK: split b (output): in0[half, all, all] in1[half, all, all] in2[all] in3[all] -> [half, all, all]
// CHECK: split m (output): in0[all, half, all] in1[all, all, all] in2[all] in3[all] -> [all, half, all]
// CHECK: split n (output): in0[all, all, all] in1[all, all, half] in2[all] in3[all] -> [all, all, half]
// CHECK: split k (reduction): in0[all, all, half] in1[all, half, all] in2[all] in3[all] -> partial(sum)
// CHECK-LABEL: tosa.slice at
// CHECK: loops: d0=1 d1=2 d2=2
// CHECK: split d1 (output): in0[all, half, all] -> [all, half, all]
// CHECK: split d2 (output): in0[all, all, half] -> [all, all, half]
// CHECK-LABEL: tosa.pad at
// CHECK: loops: d0=4 d1=5 d2=6
// CHECK: split d0 (output): in0[half, all, all] in1[all] -> [half, all, all]
// CHECK: split d1 (output): in0[all, half, all] in1[all] -> [all, half, all]
// CHECK: split d2 (output): in0[all, all, half] in1[all] -> [all, all, half]
// CHECK-LABEL: tosa.concat at
// CHECK: loops: d0=2 d1=6 d2=4
// CHECK: split d0 (output): in0[half, all, all] in1[half, all, all] -> [half, all, all]
// CHECK: split d1 (output): in0[all, half, all] in1[all, half, all] -> [all, half, all]
// CHECK: split d2 (output): in0[all, all, half] in1[all, all, half] -> [all, all, half]
// CHECK-LABEL: tosa.gather at
// CHECK: loops: n=2 w=6 c=4 [opaque]
// CHECK: split n (output): in0[half, all, all] in1[half, all] -> [half, all, all]
// CHECK: split w (output): in0[all, all, all] in1[all, half] -> [all, half, all]
// CHECK: split c (output): in0[all, all, half] in1[all, all] -> [all, all, half]
// CHECK-LABEL: tosa.concat at
// CHECK: loops: d0=2 d1=3 d2=8
// CHECK: split d0 (output): in0[half, all, all] in1[half, all, all] -> [half, all, all]
// CHECK: split d1 (output): in0[all, half, all] in1[all, half, all] -> [all, half, all]
// CHECK: split d2 (output): in0[all, all, half] in1[all, all, half] -> [all, all, half]
// CHECK-LABEL: tosa.mul at
// CHECK: loops: d0=2 d1=6 d2=4
// CHECK: split d0 (output): in0[half, all, all] in1[half, all, all] in2[all] -> [half, all, all]
// CHECK: split d1 (output): in0[all, half, all] in1[all, half, all] in2[all] -> [all, half, all]
// CHECK: split d2 (output): in0[all, all, half] in1[all, all, half] in2[all] -> [all, all, half]
// CHECK-LABEL: tosa.max_pool2d at
// CHECK: loops: n=1 oh=4 ow=4 c=4 kh=3(max) kw=3(max)
// CHECK: split oh (output): in0[all, halo(1, 0), all, all] -> [all, half, all, all]
// CHECK: worker 0: in0[0:0, 0:3, 0:7, 0:3] -> [0:0, 0:1, 0:3, 0:3]
// CHECK: split ow (output): in0[all, all, halo(1, 0), all] -> [all, all, half, all]
// CHECK: worker 0: in0[0:0, 0:7, 0:3, 0:3] -> [0:0, 0:3, 0:1, 0:3]
// CHECK: split c (output): in0[all, all, all, half] -> [all, all, all, half]
// CHECK: split kh (reduction): in0[all, halo(1, 5), all, all] -> partial(max)
// CHECK: worker 0: in0[0:0, 0:5, 0:7, 0:3] -> [0:0, 0:3, 0:3, 0:3]
// CHECK: split kw (reduction): in0[all, all, halo(1, 5), all] -> partial(max)
// CHECK: worker 0: in0[0:0, 0:7, 0:5, 0:3] -> [0:0, 0:3, 0:3, 0:3]
// CHECK-LABEL: tosa.avg_pool2d at
// CHECK: loops: n=1 oh=4 ow=4 c=4 kh=2(sum) kw=2(sum)
// CHECK: split oh (output): in0[all, half, all, all] in1[all] in2[all] -> [all, half, all, all]
// CHECK: split ow (output): in0[all, all, half, all] in1[all] in2[all] -> [all, all, half, all]
// CHECK: split c (output): in0[all, all, all, half] in1[all] in2[all] -> [all, all, all, half]
// CHECK: split kh (reduction): in0[all, halo(0, 6), all, all] in1[all] in2[all] -> partial(sum)
// CHECK: worker 0: in0[0:0, 0:6, 0:7, 0:3] in1[0:0] in2[0:0] -> [0:0, 0:3, 0:3, 0:3]
// CHECK: split kw (reduction): in0[all, all, halo(0, 6), all] in1[all] in2[all] -> partial(sum)
// CHECK: worker 0: in0[0:0, 0:7, 0:6, 0:3] in1[0:0] in2[0:0] -> [0:0, 0:3, 0:3, 0:3]

func.func @cnn(%x: tensor<1x15x15x4xf32>, %y: tensor<1x16x16x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<8xf32>, %dw: tensor<3x3x4x2xf32>, %db: tensor<8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x16x16x8xf32>) {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 2, 2>, dilation = array<i64: 2, 2>} : (tensor<1x15x15x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x8xf32>
  %d = tosa.depthwise_conv2d %y, %dw, %db, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x16x16x4xf32>, tensor<3x3x4x2xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
  return %c, %d : tensor<1x8x8x8xf32>, tensor<1x16x16x8xf32>
}
func.func @misc(%a: tensor<2x3x4xf32>, %v: tensor<1x1x4xf32>, %m: tensor<2x4x5xf32>, %idx: tensor<2x6xi32>) -> (tensor<2x3x4xf32>, tensor<2x1x4xf32>, tensor<4x3x2xf32>, tensor<6x4xf32>, tensor<2x3x5xf32>, tensor<1x2x2xf32>, tensor<4x5x6xf32>, tensor<2x6x4xf32>, tensor<2x6x4xf32>, tensor<2x3x8xf32>, tensor<2x6x4xf32>) {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.add %a, %v : (tensor<2x3x4xf32>, tensor<1x1x4xf32>) -> tensor<2x3x4xf32>
  %1 = tosa.reduce_sum %0 {axis = 1 : i32} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  %2 = tosa.transpose %a {perms = array<i32: 2, 1, 0>} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  %s = tosa.const_shape {values = dense<[6, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %3 = tosa.reshape %a, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<6x4xf32>
  %4 = tosa.matmul %a, %m, %zp, %zp : (tensor<2x3x4xf32>, tensor<2x4x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x5xf32>
  %st = tosa.const_shape {values = dense<[1, 1, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %sz = tosa.const_shape {values = dense<[1, 2, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %5 = tosa.slice %a, %st, %sz : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x2x2xf32>
  %pd = tosa.const_shape {values = dense<[1, 1, 1, 1, 1, 1]> : tensor<6xindex>} : () -> !tosa.shape<6>
  %6 = tosa.pad %a, %pd, %zp : (tensor<2x3x4xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<4x5x6xf32>
  %7 = tosa.concat %a, %a {axis = 1 : i32} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  %8 = tosa.gather %a, %idx : (tensor<2x3x4xf32>, tensor<2x6xi32>) -> tensor<2x6x4xf32>
  %9 = tosa.concat %a, %a {axis = 2 : i32} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x8xf32>
  %mul = tosa.mul %7, %7, %shift : (tensor<2x6x4xf32>, tensor<2x6x4xf32>, tensor<1xi8>) -> tensor<2x6x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %mul : tensor<2x3x4xf32>, tensor<2x1x4xf32>, tensor<4x3x2xf32>, tensor<6x4xf32>, tensor<2x3x5xf32>, tensor<1x2x2xf32>, tensor<4x5x6xf32>, tensor<2x6x4xf32>, tensor<2x6x4xf32>, tensor<2x3x8xf32>, tensor<2x6x4xf32>
}
func.func @pool(%x: tensor<1x8x8x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.max_pool2d %x {kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf32>
  %1 = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %0, %1 : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>
}
