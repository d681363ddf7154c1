// Tests that convolutions and poolings become im2col + OpenBLAS calls of the CPU runtime (any filter strides, also ones known at run time), with the GPU conversion's operands and parameters; convolutions=false keeps them as linalg ops.
// RUN: tofu-opt %s --tofu-cpu-library-calls | FileCheck %s
// RUN: tofu-opt %s --tofu-cpu-library-calls=convolutions=false | FileCheck %s --check-prefix=OFF
// OFF-NOT: call @tofu_rt_cpu_conv
// OFF-NOT: call @tofu_rt_cpu_pool

// CHECK-LABEL: func.func @forward(
// CHECK: %[[X:.*]] = memref.cast %arg0 : memref<1x2x9x9xf32> to memref<*xf32>
// CHECK: %[[W:.*]] = memref.cast %arg1 : memref<3x2x3x3xf32, strided<[?, ?, ?, ?], offset: ?>> to memref<*xf32>
// CHECK: %[[Y:.*]] = memref.cast %arg2 : memref<1x3x3x3xf32> to memref<*xf32>
// CHECK: call @tofu_rt_cpu_conv2d_fwd_f32(%[[X]], %[[W]], %[[Y]], %c0_i32, %c2_i64, %c2_i64_{{.*}}, %c0_i64, %c0_i64_{{.*}}, %c2_i64_{{.*}}, %c2_i64_{{.*}})
// A filter that is a slice of a larger one: the runtime packs it.
// CHECK: call @tofu_rt_cpu_conv2d_fwd_f32({{.*}}, %c1_i64{{.*}}, %c1_i64{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}}, %c1_i64{{.*}}, %c1_i64{{.*}})
// f64 stays a loop nest.
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}memref<1x2x5x5xf64>
// CHECK-NOT: call @tofu_rt_cpu_conv
// OFF-LABEL: func.func @forward(
// OFF-COUNT-3: linalg.conv_2d_nchw_fchw
func.func @forward(%x: memref<1x2x9x9xf32>, %w: memref<3x2x3x3xf32, strided<[?, ?, ?, ?], offset: ?>>, %y: memref<1x3x3x3xf32>,
                   %x5: memref<1x2x5x5xf32>, %w4: memref<3x4x3x3xf32>, %y3: memref<1x3x3x3xf32>,
                   %xd: memref<1x2x5x5xf64>, %wd: memref<3x2x3x3xf64>, %yd: memref<1x3x3x3xf64>) {
  linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x2x9x9xf32>, memref<3x2x3x3xf32, strided<[?, ?, ?, ?], offset: ?>>) outs(%y : memref<1x3x3x3xf32>)
  %ws = memref.subview %w4[0, 0, 0, 0] [3, 2, 3, 3] [1, 1, 1, 1] : memref<3x4x3x3xf32> to memref<3x2x3x3xf32, strided<[36, 9, 3, 1]>>
  linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%x5, %ws : memref<1x2x5x5xf32>, memref<3x2x3x3xf32, strided<[36, 9, 3, 1]>>) outs(%y3 : memref<1x3x3x3xf32>)
  linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%xd, %wd : memref<1x2x5x5xf64>, memref<3x2x3x3xf64>) outs(%yd : memref<1x3x3x3xf64>)
  return
}

// Autodiff's gradients: the gather-form input gradient (a stride-1
// backward-data convolution with padding R-1 = 2) and the weight gradient of
// a stride-2 convolution.
#dyp = affine_map<(n, c, h, w, f, kh, kw) -> (n, f, h + kh, w + kw)>
#flip = affine_map<(n, c, h, w, f, kh, kw) -> (f, c, -kh + 2, -kw + 2)>
#win = affine_map<(n, c, h, w, f, kh, kw) -> (kh, kw)>
#dx = affine_map<(n, c, h, w, f, kh, kw) -> (n, c, h, w)>
#dy = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>
#xs = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
#dw = affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>
// CHECK-LABEL: func.func @gradients(
// CHECK: call @tofu_rt_cpu_conv2d_bwd_data_f32({{.*}}, %c0_i32, %c1_i64, %c1_i64_{{.*}}, %c2_i64, %c2_i64_{{.*}}, %c1_i64_{{.*}}, %c1_i64_{{.*}})
// CHECK: call @tofu_rt_cpu_conv2d_bwd_filter_f32({{.*}}, %c0_i32{{.*}}, %c2_i64{{.*}}, %c2_i64{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}}, %c1_i64{{.*}}, %c1_i64{{.*}})
// CHECK-NOT: linalg.generic
func.func @gradients(%dyp: memref<1x3x7x7xf32>, %w: memref<3x2x3x3xf32>, %window: memref<3x3xf32>, %dxv: memref<1x2x5x5xf32>,
                     %dyv: memref<2x3x4x4xf32>, %x: memref<2x2x9x9xf32>, %dwv: memref<3x2x3x3xf32>) {
  linalg.generic {indexing_maps = [#dyp, #flip, #win, #dx],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%dyp, %w, %window : memref<1x3x7x7xf32>, memref<3x2x3x3xf32>, memref<3x3xf32>) outs(%dxv : memref<1x2x5x5xf32>) {
  ^bb0(%a: f32, %b: f32, %u: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#dy, #xs, #dw],
                  iterator_types = ["reduction", "parallel", "reduction", "reduction", "parallel", "parallel", "parallel"]}
      ins(%dyv, %x : memref<2x3x4x4xf32>, memref<2x2x9x9xf32>) outs(%dwv : memref<3x2x3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// Poolings: max (mode 0, NHWC) and sum (mode 1, NCHW); the sum pooling's
// gradient (mode 1, dy and dx standing in for y and x).
#pdy = affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh, ow)>
#pwin = affine_map<(n, c, oh, ow, kh, kw) -> (kh, kw)>
#pdx = affine_map<(n, c, oh, ow, kh, kw) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
// CHECK-LABEL: func.func @pools(
// CHECK: call @tofu_rt_cpu_pool2d_fwd_f32(%{{.*}}, %{{.*}}, %c1_i32, %c0_i32, %c3_i64, %c2_i64, %c2_i64_{{.*}}, %c1_i64, %c0_i64, %c0_i64_{{.*}})
// CHECK: call @tofu_rt_cpu_pool2d_fwd_f32(%{{.*}}, %{{.*}}, %c0_i32{{.*}}, %c1_i32{{.*}}, %c2_i64{{.*}}, %c2_i64{{.*}}, %c2_i64{{.*}}, %c2_i64{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}})
// CHECK: call @tofu_rt_cpu_pool2d_bwd_f32(
// CHECK-NOT: linalg.
func.func @pools(%x: memref<1x9x9x2xf32>, %k: memref<3x2xf32>, %y: memref<1x4x8x2xf32>,
                 %xc: memref<1x2x8x8xf32>, %k2: memref<2x2xf32>, %yc: memref<1x2x4x4xf32>,
                 %dyv: memref<1x2x4x4xf32>, %dxv: memref<1x2x8x8xf32>) {
  linalg.pooling_nhwc_max {strides = dense<[2, 1]> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%x, %k : memref<1x9x9x2xf32>, memref<3x2xf32>) outs(%y : memref<1x4x8x2xf32>)
  linalg.pooling_nchw_sum {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%xc, %k2 : memref<1x2x8x8xf32>, memref<2x2xf32>) outs(%yc : memref<1x2x4x4xf32>)
  linalg.generic {indexing_maps = [#pdy, #pwin, #pdx],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
      ins(%dyv, %k2 : memref<1x2x4x4xf32>, memref<2x2xf32>) outs(%dxv : memref<1x2x8x8xf32>) {
  ^bb0(%g: f32, %u: f32, %acc: f32):
    %s = arith.addf %acc, %g : f32
    linalg.yield %s : f32
  }
  return
}
