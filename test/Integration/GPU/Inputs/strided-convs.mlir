// Convolutions with strides and dilations (NCHW 2x2/2x2; NHWC strides (2, 3),
// dilations (1, 2), inputs with rows and columns past the last window):
// autodiff gives scatter-form input gradients (ConvGradients.cpp handles
// dilation 1 only). For library-calls-cpu.test.
func.func @forward(%x: tensor<2x3x11x11xf32> {tofu.param, tofu.name = "x"},
                   %w: tensor<4x3x3x3xf32> {tofu.param, tofu.name = "w"},
                   %xh: tensor<2x10x18x3xf32> {tofu.param, tofu.name = "xh"},
                   %wh: tensor<5x2x3x3xf32> {tofu.param, tofu.name = "wh"}) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}
         ins(%x, %w : tensor<2x3x11x11xf32>, tensor<4x3x3x3xf32>) outs(%z : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %eh = tensor.empty() : tensor<2x4x3x5xf32>
  %zh = linalg.fill ins(%zero : f32) outs(%eh : tensor<2x4x3x5xf32>) -> tensor<2x4x3x5xf32>
  %ch = linalg.conv_2d_nhwc_fhwc {strides = dense<[2, 3]> : tensor<2xi64>, dilations = dense<[1, 2]> : tensor<2xi64>}
         ins(%xh, %wh : tensor<2x10x18x3xf32>, tensor<5x2x3x3xf32>) outs(%zh : tensor<2x4x3x5xf32>) -> tensor<2x4x3x5xf32>
  %le = tensor.empty() : tensor<f32>
  %lz = linalg.fill ins(%zero : f32) outs(%le : tensor<f32>) -> tensor<f32>
  %sq = linalg.mul ins(%c, %c : tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %l1 = linalg.reduce ins(%sq : tensor<2x4x4x4xf32>) outs(%lz : tensor<f32>) dimensions = [0, 1, 2, 3]
    (%in: f32, %acc: f32) { %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32 }
  %sqh = linalg.mul ins(%ch, %ch : tensor<2x4x3x5xf32>, tensor<2x4x3x5xf32>) outs(%eh : tensor<2x4x3x5xf32>) -> tensor<2x4x3x5xf32>
  %l2 = linalg.reduce ins(%sqh : tensor<2x4x3x5xf32>) outs(%l1 : tensor<f32>) dimensions = [0, 1, 2, 3]
    (%in: f32, %acc: f32) { %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32 }
  return %l2 : tensor<f32>
}
