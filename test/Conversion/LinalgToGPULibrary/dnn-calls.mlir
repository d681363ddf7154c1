// What --tofu-gpu-library-calls gives to cuDNN and what it leaves to the
// kernels: convolutions and poolings on f32 memrefs with static shapes, any
// positive activation strides, packed filters; named ops and generics of the
// same maps and body; autodiff's gradient forms. cudnn=false keeps them all.
// RUN: tofu-opt %s --tofu-gpu-library-calls=host-memory=true | FileCheck %s
// RUN: tofu-opt %s --tofu-gpu-library-calls="host-memory=true cudnn=false" | FileCheck %s --check-prefix=NODNN
// NODNN-NOT: call @tofu_rt_gpu_conv
// NODNN-NOT: call @tofu_rt_gpu_pool

// Stride 2, dilation 2, NCHW/FCHW: layout 0, (sh, sw, ph, pw, dh, dw).
// CHECK-LABEL: func.func @nchw(
// CHECK: %[[X:.*]] = memref.cast %arg0 : memref<1x2x9x9xf32> to memref<*xf32>
// CHECK: %[[W:.*]] = memref.cast %arg1 : memref<3x2x3x3xf32> to memref<*xf32>
// CHECK: %[[Y:.*]] = memref.cast %arg2 : memref<1x3x3x3xf32> to memref<*xf32>
// CHECK: call @tofu_rt_gpu_conv2d_fwd_f32(%[[X]], %[[W]], %[[Y]], %c0_i32, %c2_i64, %c2_i64_{{.*}}, %c0_i64, %c0_i64_{{.*}}, %c2_i64_{{.*}}, %c2_i64_{{.*}})
// CHECK-NOT: linalg.conv
func.func @nchw(%x: memref<1x2x9x9xf32>, %w: memref<3x2x3x3xf32>, %y: memref<1x3x3x3xf32>) {
  linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x2x9x9xf32>, memref<3x2x3x3xf32>) outs(%y : memref<1x3x3x3xf32>)
  return
}
// NHWC/FHWC: layout 1; the input a window of a larger buffer (halo rows).
// CHECK-LABEL: func.func @nhwc_window(
// CHECK: call @tofu_rt_gpu_conv2d_fwd_f32(%{{.*}}, %{{.*}}, %{{.*}}, %c1_i32, %c1_i64, %c1_i64_{{.*}}, %c0_i64, %c0_i64_{{.*}}, %c1_i64_{{.*}}, %c1_i64_{{.*}})
func.func @nhwc_window(%x: memref<1x8x5x2xf32>, %w: memref<3x3x3x2xf32>, %y: memref<1x3x3x3xf32>) {
  %win = memref.subview %x[0, 2, 0, 0] [1, 5, 5, 2] [1, 1, 1, 1] : memref<1x8x5x2xf32> to memref<1x5x5x2xf32, strided<[80, 10, 2, 1], offset: 20>>
  linalg.conv_2d_nhwc_fhwc {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%win, %w : memref<1x5x5x2xf32, strided<[80, 10, 2, 1], offset: 20>>, memref<3x3x3x2xf32>) outs(%y : memref<1x3x3x3xf32>)
  return
}
// Left to the kernels: f64; a filter that is not packed (a slice of its
// channels); the HWCF filter layout (no cuDNN filter format); dynamic shapes.
// CHECK-LABEL: func.func @kernels(
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}memref<1x2x5x5xf64>
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}memref<3x2x3x3xf32, strided<[36, 9, 3, 1]>>
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}memref<?x2x5x5xf32>
// CHECK-NOT: call @tofu_rt_gpu_conv
func.func @kernels(%xd: memref<1x2x5x5xf64>, %wd: memref<3x2x3x3xf64>, %yd: memref<1x3x3x3xf64>,
                   %x: memref<1x2x5x5xf32>, %w4: memref<3x4x3x3xf32>, %y: memref<1x3x3x3xf32>,
                   %xh: memref<1x5x5x2xf32>, %wh: memref<3x3x2x3xf32>, %yh: memref<1x3x3x3xf32>,
                   %xq: memref<?x2x5x5xf32>, %w: memref<3x2x3x3xf32>, %yq: memref<?x3x3x3xf32>) {
  linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%xd, %wd : memref<1x2x5x5xf64>, memref<3x2x3x3xf64>) outs(%yd : memref<1x3x3x3xf64>)
  %ws = memref.subview %w4[0, 0, 0, 0] [3, 2, 3, 3] [1, 1, 1, 1] : memref<3x4x3x3xf32> to memref<3x2x3x3xf32, strided<[36, 9, 3, 1]>>
  linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%x, %ws : memref<1x2x5x5xf32>, memref<3x2x3x3xf32, strided<[36, 9, 3, 1]>>) outs(%y : memref<1x3x3x3xf32>)
  linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%xh, %wh : memref<1x5x5x2xf32>, memref<3x3x2x3xf32>) outs(%yh : memref<1x3x3x3xf32>)
  linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%xq, %w : memref<?x2x5x5xf32>, memref<3x2x3x3xf32>) outs(%yq : memref<?x3x3x3xf32>)
  return
}

// Autodiff's input gradient (lib/Autodiff/ConvGradients.cpp): the padded
// output gradient convolved with the flipped filter is a stride-1
// backward-data convolution with padding R-1 = 2.
#dyp = affine_map<(n, c, h, w, f, kh, kw) -> (n, f, h + kh, w + kw)>
#flip = affine_map<(n, c, h, w, f, kh, kw) -> (f, c, -kh + 2, -kw + 2)>
#flip_off = affine_map<(n, c, h, w, f, kh, kw) -> (f, c, -kh + 1, -kw + 2)>
#win = affine_map<(n, c, h, w, f, kh, kw) -> (kh, kw)>
#dx = affine_map<(n, c, h, w, f, kh, kw) -> (n, c, h, w)>
// CHECK-LABEL: func.func @input_gradient(
// CHECK: %[[DY:.*]] = memref.cast %arg0 : memref<1x3x7x7xf32> to memref<*xf32>
// CHECK: %[[W:.*]] = memref.cast %arg1 : memref<3x2x3x3xf32> to memref<*xf32>
// CHECK: %[[DX:.*]] = memref.cast %arg3 : memref<1x2x5x5xf32> to memref<*xf32>
// CHECK: call @tofu_rt_gpu_conv2d_bwd_data_f32(%[[DY]], %[[W]], %[[DX]], %c0_i32, %c1_i64, %c1_i64_{{.*}}, %c2_i64, %c2_i64_{{.*}}, %c1_i64_{{.*}}, %c1_i64_{{.*}})
// A 3-row filter read at rows 1 - kh for kh < 2 (not R-1-kh over R rows)
// is no convolution cuDNN knows: a kernel.
// CHECK: linalg.generic
// CHECK-NOT: call @tofu_rt_gpu_conv
func.func @input_gradient(%dyp: memref<1x3x7x7xf32>, %w: memref<3x2x3x3xf32>, %window: memref<3x3xf32>, %dx: memref<1x2x5x5xf32>) {
  linalg.generic {indexing_maps = [#dyp, #flip, #win, #dx],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%dyp, %w, %window : memref<1x3x7x7xf32>, memref<3x2x3x3xf32>, memref<3x3xf32>) outs(%dx : memref<1x2x5x5xf32>) {
  ^bb0(%a: f32, %b: f32, %u: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  %w4 = memref.alloc() : memref<3x2x3x3xf32>
  %window2 = memref.alloc() : memref<2x3xf32>
  %dyp2 = memref.alloc() : memref<1x3x6x7xf32>
  linalg.generic {indexing_maps = [#dyp, #flip_off, #win, #dx],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%dyp2, %w4, %window2 : memref<1x3x6x7xf32>, memref<3x2x3x3xf32>, memref<2x3xf32>) outs(%dx : memref<1x2x5x5xf32>) {
  ^bb0(%a: f32, %b: f32, %u: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// The weight gradient of a stride-2 convolution, and the same with a body
// that subtracts (no convolution): a kernel.
#dy = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>
#xs = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
#dw = affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>
// CHECK-LABEL: func.func @weight_gradient(
// CHECK: %[[X:.*]] = memref.cast %arg1 : memref<2x2x9x9xf32> to memref<*xf32>
// CHECK: %[[DY:.*]] = memref.cast %arg0 : memref<2x3x4x4xf32> to memref<*xf32>
// CHECK: %[[DW:.*]] = memref.cast %arg2 : memref<3x2x3x3xf32> to memref<*xf32>
// CHECK: call @tofu_rt_gpu_conv2d_bwd_filter_f32(%[[X]], %[[DY]], %[[DW]], %c0_i32, %c2_i64, %c2_i64_{{.*}}, %c0_i64, %c0_i64_{{.*}}, %c1_i64, %c1_i64_{{.*}})
// CHECK: linalg.generic
// CHECK: arith.subf
func.func @weight_gradient(%dy: memref<2x3x4x4xf32>, %x: memref<2x2x9x9xf32>, %dw: memref<3x2x3x3xf32>) {
  linalg.generic {indexing_maps = [#dy, #xs, #dw],
                  iterator_types = ["reduction", "parallel", "reduction", "reduction", "parallel", "parallel", "parallel"]}
      ins(%dy, %x : memref<2x3x4x4xf32>, memref<2x2x9x9xf32>) outs(%dw : memref<3x2x3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#dy, #xs, #dw],
                  iterator_types = ["reduction", "parallel", "reduction", "reduction", "parallel", "parallel", "parallel"]}
      ins(%dy, %x : memref<2x3x4x4xf32>, memref<2x2x9x9xf32>) outs(%dw : memref<3x2x3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.subf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// Poolings: max (mode 0) and sum (mode 1) without dilation; a dilated one
// stays a kernel.
// CHECK-LABEL: func.func @pools(
// CHECK: call @tofu_rt_gpu_pool2d_fwd_f32(%{{.*}}, %{{.*}}, %c1_i32, %c0_i32, %c3_i64, %c2_i64, %c2_i64_{{.*}}, %c1_i64, %c0_i64, %c0_i64_{{.*}})
// CHECK: call @tofu_rt_gpu_pool2d_fwd_f32(%{{.*}}, %{{.*}}, %c0_i32{{.*}}, %c1_i32{{.*}}, %c2_i64{{.*}}, %c2_i64{{.*}}, %c2_i64{{.*}}, %c2_i64{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}})
// CHECK: linalg.pooling_nchw_max {dilations = dense<2>
func.func @pools(%x: memref<1x9x9x2xf32>, %k: memref<3x2xf32>, %y: memref<1x4x8x2xf32>,
                 %xc: memref<1x2x8x8xf32>, %k2: memref<2x2xf32>, %yc: memref<1x2x4x4xf32>) {
  linalg.pooling_nhwc_max {strides = dense<[2, 1]> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%x, %k : memref<1x9x9x2xf32>, memref<3x2xf32>) outs(%y : memref<1x4x8x2xf32>)
  linalg.pooling_nchw_sum {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%xc, %k2 : memref<1x2x8x8xf32>, memref<2x2xf32>) outs(%yc : memref<1x2x4x4xf32>)
  %yd = memref.alloc() : memref<1x2x3x3xf32>
  linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}
    ins(%xc, %k2 : memref<1x2x8x8xf32>, memref<2x2xf32>) outs(%yd : memref<1x2x3x3xf32>)
  return
}

// The gradient of a sum pooling (dy spread over each window) becomes
// pool2d_bwd (mode 1, dy and dx standing in for y and x); the max-pooling
// gradient that gives dy to every tied maximum stays a kernel.
#pdy = affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh, ow)>
#pwin = affine_map<(n, c, oh, ow, kh, kw) -> (kh, kw)>
#pdx = affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
// CHECK-LABEL: func.func @pool_gradients(
// CHECK: %[[DY:.*]] = memref.cast %arg0 : memref<1x2x4x4xf32> to memref<*xf32>
// CHECK: %[[DY2:.*]] = memref.cast %arg0 : memref<1x2x4x4xf32> to memref<*xf32>
// CHECK: %[[DX:.*]] = memref.cast %arg2 : memref<1x2x8x8xf32> to memref<*xf32>
// CHECK: %[[DX2:.*]] = memref.cast %arg2 : memref<1x2x8x8xf32> to memref<*xf32>
// CHECK: call @tofu_rt_gpu_pool2d_bwd_f32(%[[DY]], %[[DY2]], %[[DX]], %[[DX2]], %c0_i32, %c1_i32, %c2_i64, %c2_i64_{{.*}}, %c2_i64_{{.*}}, %c2_i64_{{.*}}, %c0_i64, %c0_i64_{{.*}})
// CHECK: linalg.generic
// CHECK: arith.cmpf oeq
func.func @pool_gradients(%dy: memref<1x2x4x4xf32>, %k: memref<2x2xf32>, %dx: memref<1x2x8x8xf32>,
                          %x: memref<1x2x8x8xf32>, %y: memref<1x2x4x4xf32>) {
  linalg.generic {indexing_maps = [#pdy, #pwin, #pdx],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
      ins(%dy, %k : memref<1x2x4x4xf32>, memref<2x2xf32>) outs(%dx : memref<1x2x8x8xf32>) {
  ^bb0(%g: f32, %u: f32, %acc: f32):
    %s = arith.addf %acc, %g : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#pdy, #pdx, #pwin, #pdy, #pdx],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
      ins(%dy, %x, %k, %y : memref<1x2x4x4xf32>, memref<1x2x8x8xf32>, memref<2x2xf32>, memref<1x2x4x4xf32>) outs(%dx : memref<1x2x8x8xf32>) {
  ^bb0(%g: f32, %xv: f32, %u: f32, %yv: f32, %acc: f32):
    %eq = arith.cmpf oeq, %xv, %yv : f32
    %z = arith.constant 0.0 : f32
    %v = arith.select %eq, %g, %z : f32
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  }
  return
}
