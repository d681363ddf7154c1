// A TOSA CNN (NHWC): a padded 3x3 convolution with stride 2, a padded 3x3/2
// max pooling, a 2x2 convolution, a 2x2 average pooling and a sum of squares
// as the loss. For --tofu-autodiff and the cuDNN rewrite (library-calls-cpu).
func.func @forward(%x: tensor<2x9x9x3xf32> {tofu.name = "x"},
                   %w: tensor<4x3x3x3xf32> {tofu.param, tofu.name = "w"},
                   %b: tensor<4xf32> {tofu.param, tofu.name = "b"},
                   %w2: tensor<6x2x2x4xf32> {tofu.param, tofu.name = "w2"},
                   %b2: tensor<6xf32> {tofu.param, tofu.name = "b2"}) -> tensor<f32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %zps = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<2x9x9x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x5x5x4xf32>
  %1 = tosa.max_pool2d %0 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 1>} : (tensor<2x5x5x4xf32>) -> tensor<2x3x3x4xf32>
  %2 = tosa.conv2d %1, %w2, %b2, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<2x3x3x4xf32>, tensor<6x2x2x4xf32>, tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x2x2x6xf32>
  %3 = tosa.avg_pool2d %2, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<2x2x2x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x1x1x6xf32>
  %4 = tosa.mul %3, %3, %zps : (tensor<2x1x1x6xf32>, tensor<2x1x1x6xf32>, tensor<1xi8>) -> tensor<2x1x1x6xf32>
  %5 = tosa.reduce_sum %4 {axis = 0 : i32} : (tensor<2x1x1x6xf32>) -> tensor<1x1x1x6xf32>
  %6 = tosa.reduce_sum %5 {axis = 3 : i32} : (tensor<1x1x1x6xf32>) -> tensor<1x1x1x1xf32>
  %shape = tosa.const_shape {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
  %7 = tosa.reshape %6, %shape : (tensor<1x1x1x1xf32>, !tosa.shape<0>) -> tensor<f32>
  return %7 : tensor<f32>
}
