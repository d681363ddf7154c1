// Tests that a module using the runtime's product or convolution symbols
// otherwise is refused with a located diagnostic.
// RUN: tofu-opt %s --tofu-cpu-library-calls --split-input-file --verify-diagnostics

// expected-error @below {{@tofu_rt_cpu_matmul_f32 is reserved for the CPU runtime}}
func.func private @tofu_rt_cpu_matmul_f32(i32)

func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}

// -----

// expected-error @below {{@tofu_rt_cpu_conv2d_fwd_f32 is reserved for the CPU runtime}}
func.func @tofu_rt_cpu_conv2d_fwd_f32() {
  return
}

func.func @conv(%x: memref<1x2x5x5xf32>, %w: memref<3x2x3x3xf32>, %y: memref<1x3x3x3xf32>) {
  linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x2x5x5xf32>, memref<3x2x3x3xf32>) outs(%y : memref<1x3x3x3xf32>)
  return
}
