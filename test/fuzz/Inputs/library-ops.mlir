// Ops that use the shipped TDL library, analysed in the fuzzer's library
// mode against mutated library entries.

func.func @tosa_conv(%x: tensor<1x8x8x2xf32>, %w: tensor<4x3x3x2xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<1x8x8x2xf32>, tensor<4x3x3x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

func.func @tosa_reduce(%a: tensor<2x3x4xf32>) -> tensor<2x3x1xf32> {
  %0 = tosa.reduce_max %a {axis = 2 : i32} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

func.func @tosa_transpose(%a: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = tosa.transpose %a {perms = array<i32: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

func.func @tosa_reshape(%a: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %s = tosa.const_shape {values = dense<[4, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.reshape %a, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

func.func @tosa_slice(%a: tensor<6x5xf32>) -> tensor<2x3xf32> {
  %st = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %sz = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.slice %a, %st, %sz : (tensor<6x5xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @tosa_pad(%a: tensor<3x4xf32>) -> tensor<5x7xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %p = tosa.const_shape {values = dense<[1, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %0 = tosa.pad %a, %p, %zp : (tensor<3x4xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @tosa_tile(%a: tensor<2x3xf32>) -> tensor<4x9xf32> {
  %m = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.tile %a, %m : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

func.func @tosa_concat(%a: tensor<2x3xf32>, %b: tensor<2x2xf32>, %c: tensor<2x1xf32>) -> tensor<2x6xf32> {
  %0 = tosa.concat %a, %b, %c {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

func.func @tosa_gather(%v: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = tosa.gather %v, %i : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

func.func @tosa_matmul(%a: tensor<1x3x4xf32>, %b: tensor<1x4x5xf32>) -> tensor<1x3x5xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<1x3x4xf32>, tensor<1x4x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x5xf32>
  return %0 : tensor<1x3x5xf32>
}

func.func @tosa_pool(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x6x6x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

func.func @tensor_extract(%a: tensor<8x6xf32>) -> tensor<3x2xf32> {
  %0 = tensor.extract_slice %a[1, 2] [3, 2] [2, 1] : tensor<8x6xf32> to tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

func.func @tensor_insert(%a: tensor<2x2xf32>, %b: tensor<5x5xf32>) -> tensor<5x5xf32> {
  %0 = tensor.insert_slice %a into %b[1, 1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

func.func @tensor_pad(%a: tensor<3x4xf32>, %v: f32) -> tensor<6x5xf32> {
  %0 = tensor.pad %a low[1, 0] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x4xf32> to tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

func.func @tensor_concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

func.func @tensor_collapse(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

func.func @tensor_expand(%a: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

func.func @paper_cnn(%x: tensor<1x15x15x4xf32>, %y: tensor<1x16x16x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<8xf32>, %dw: tensor<3x3x4x2xf32>, %db: tensor<8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x16x16x8xf32>) {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 2, 2>, dilation = array<i64: 2, 2>} : (tensor<1x15x15x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x8xf32>
  %d = tosa.depthwise_conv2d %y, %dw, %db, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x16x16x4xf32>, tensor<3x3x4x2xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
  return %c, %d : tensor<1x8x8x8xf32>, tensor<1x16x16x8xf32>
}
func.func @paper_misc(%a: tensor<2x3x4xf32>, %v: tensor<1x1x4xf32>, %m: tensor<2x4x5xf32>, %idx: tensor<2x6xi32>) -> (tensor<2x3x4xf32>, tensor<2x1x4xf32>, tensor<4x3x2xf32>, tensor<6x4xf32>, tensor<2x3x5xf32>, tensor<1x2x2xf32>, tensor<4x5x6xf32>, tensor<2x6x4xf32>, tensor<2x6x4xf32>, tensor<2x3x8xf32>, tensor<2x6x4xf32>) {
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
func.func @paper_pool(%x: tensor<1x8x8x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.max_pool2d %x {kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf32>
  %1 = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %0, %1 : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>
}
