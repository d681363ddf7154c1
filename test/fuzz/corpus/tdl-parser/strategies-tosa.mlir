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
