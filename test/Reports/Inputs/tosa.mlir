// One static-shape instance of every TOSA op of MLIR 22, one function per op
// (named after it). --tofu-coverage reads the first instance of each op; an
// op missing here counts as "not covered". The same file drives the
// differential check of the TDL descriptions (test/Reports/verify-tdl-tosa.py).

// ---- Element-wise, unary (f32) ----
func.func @abs(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.abs %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @ceil(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.ceil %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @floor(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.floor %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @exp(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.exp %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @log(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.log %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @reciprocal(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.reciprocal %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @rsqrt(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.rsqrt %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @sin(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.sin %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @cos(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.cos %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @tanh(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.tanh %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @erf(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.erf %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @sigmoid(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.sigmoid %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @identity(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.identity %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @negate(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.negate %a, %zp, %zp : (tensor<4x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @clamp(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.clamp %a {min_val = -0.5 : f32, max_val = 0.5 : f32} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @cast(%a: tensor<4x6xf32>) -> tensor<4x6xi32> {
  %0 = tosa.cast %a : (tensor<4x6xf32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}

// ---- Element-wise, unary (integer) ----
func.func @clz(%a: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.clz %a : (tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @bitwise_not(%a: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.bitwise_not %a : (tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @logical_not(%a: tensor<4x6xi1>) -> tensor<4x6xi1> {
  %0 = tosa.logical_not %a : (tensor<4x6xi1>) -> tensor<4x6xi1>
  return %0 : tensor<4x6xi1>
}

// ---- Element-wise, binary (f32, broadcasting) ----
func.func @add(%a: tensor<4x6xf32>, %b: tensor<1x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.add %a, %b : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @sub(%a: tensor<4x6xf32>, %b: tensor<4x1xf32>) -> tensor<4x6xf32> {
  %0 = tosa.sub %a, %b : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @maximum(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.maximum %a, %b : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @minimum(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.minimum %a, %b : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @pow(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.pow %a, %b : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @mul(%a: tensor<4x6xf32>, %b: tensor<1x6xf32>) -> tensor<4x6xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.mul %a, %b, %shift : (tensor<4x6xf32>, tensor<1x6xf32>, tensor<1xi8>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @equal(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xi1> {
  %0 = tosa.equal %a, %b : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
  return %0 : tensor<4x6xi1>
}
func.func @greater(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xi1> {
  %0 = tosa.greater %a, %b : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
  return %0 : tensor<4x6xi1>
}
func.func @greater_equal(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xi1> {
  %0 = tosa.greater_equal %a, %b : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
  return %0 : tensor<4x6xi1>
}
func.func @select(%c: tensor<4x6xi1>, %a: tensor<1x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.select %c, %a, %b : (tensor<4x6xi1>, tensor<1x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// ---- Element-wise, binary (integer / boolean) ----
func.func @intdiv(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.intdiv %a, %b : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @bitwise_and(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.bitwise_and %a, %b : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @bitwise_or(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.bitwise_or %a, %b : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @bitwise_xor(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.bitwise_xor %a, %b : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @logical_and(%a: tensor<4x6xi1>, %b: tensor<4x6xi1>) -> tensor<4x6xi1> {
  %0 = tosa.logical_and %a, %b : (tensor<4x6xi1>, tensor<4x6xi1>) -> tensor<4x6xi1>
  return %0 : tensor<4x6xi1>
}
func.func @logical_or(%a: tensor<4x6xi1>, %b: tensor<4x6xi1>) -> tensor<4x6xi1> {
  %0 = tosa.logical_or %a, %b : (tensor<4x6xi1>, tensor<4x6xi1>) -> tensor<4x6xi1>
  return %0 : tensor<4x6xi1>
}
func.func @logical_xor(%a: tensor<4x6xi1>, %b: tensor<4x6xi1>) -> tensor<4x6xi1> {
  %0 = tosa.logical_xor %a, %b : (tensor<4x6xi1>, tensor<4x6xi1>) -> tensor<4x6xi1>
  return %0 : tensor<4x6xi1>
}
func.func @logical_left_shift(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.logical_left_shift %a, %b : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @logical_right_shift(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.logical_right_shift %a, %b : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @arithmetic_right_shift(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = tosa.arithmetic_right_shift %a, %b {round = false} : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}

// ---- Reductions ----
func.func @reduce_sum(%a: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}
func.func @reduce_max(%a: tensor<2x3x4xf32>) -> tensor<2x3x1xf32> {
  %0 = tosa.reduce_max %a {axis = 2 : i32} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}
func.func @reduce_min(%a: tensor<2x3x4xf32>) -> tensor<1x3x4xf32> {
  %0 = tosa.reduce_min %a {axis = 0 : i32} : (tensor<2x3x4xf32>) -> tensor<1x3x4xf32>
  return %0 : tensor<1x3x4xf32>
}
func.func @reduce_product(%a: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = tosa.reduce_product %a {axis = 1 : i32} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}
func.func @reduce_all(%a: tensor<2x3x4xi1>) -> tensor<2x1x4xi1> {
  %0 = tosa.reduce_all %a {axis = 1 : i32} : (tensor<2x3x4xi1>) -> tensor<2x1x4xi1>
  return %0 : tensor<2x1x4xi1>
}
func.func @reduce_any(%a: tensor<2x3x4xi1>) -> tensor<2x1x4xi1> {
  %0 = tosa.reduce_any %a {axis = 1 : i32} : (tensor<2x3x4xi1>) -> tensor<2x1x4xi1>
  return %0 : tensor<2x1x4xi1>
}
func.func @argmax(%a: tensor<2x3x4xf32>) -> tensor<2x4xi32> {
  %0 = "tosa.argmax"(%a) <{axis = 1 : i32}> : (tensor<2x3x4xf32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// ---- Data movement ----
func.func @transpose(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tosa.transpose %a {perms = array<i32: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}
func.func @reshape(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %s = tosa.const_shape {values = dense<[6, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.reshape %a, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
func.func @slice(%a: tensor<6x8xf32>) -> tensor<4x5xf32> {
  %start = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.slice %a, %start, %size : (tensor<6x8xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
func.func @pad(%a: tensor<4x6xf32>) -> tensor<7x9xf32> {
  %p = tosa.const_shape {values = dense<[1, 2, 0, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v = "tosa.const"() <{values = dense<1.5> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.pad %a, %p, %v : (tensor<4x6xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<7x9xf32>
  return %0 : tensor<7x9xf32>
}
func.func @tile(%a: tensor<2x3xf32>) -> tensor<4x9xf32> {
  %m = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.tile %a, %m : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}
func.func @concat(%a: tensor<4x2xf32>, %b: tensor<4x3xf32>) -> tensor<4x5xf32> {
  %0 = tosa.concat %a, %b {axis = 1 : i32} : (tensor<4x2xf32>, tensor<4x3xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
func.func @reverse(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.reverse %a {axis = 1 : i32} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @gather(%v: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = tosa.gather %v, %i : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}
func.func @scatter(%v: tensor<2x5x3xf32>, %i: tensor<2x2xi32>, %u: tensor<2x2x3xf32>) -> tensor<2x5x3xf32> {
  %0 = tosa.scatter %v, %i, %u : (tensor<2x5x3xf32>, tensor<2x2xi32>, tensor<2x2x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// ---- Linear algebra, convolution, pooling ----
func.func @matmul(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<2x3x4xf32>, tensor<2x4x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
func.func @conv2d(%x: tensor<2x6x6x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<2x3x3x4xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<2x6x6x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x3x4xf32>
  return %0 : tensor<2x3x3x4xf32>
}
func.func @conv3d(%x: tensor<1x4x4x4x2xf32>, %w: tensor<3x2x2x2x2xf32>, %b: tensor<3xf32>) -> tensor<1x3x3x3x3xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv3d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>, dilation = array<i64: 1, 1, 1>} : (tensor<1x4x4x4x2xf32>, tensor<3x2x2x2x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x3x3xf32>
  return %0 : tensor<1x3x3x3x3xf32>
}
func.func @depthwise_conv2d(%x: tensor<2x5x5x3xf32>, %w: tensor<3x3x3x2xf32>, %b: tensor<6xf32>) -> tensor<2x5x5x6xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<2x5x5x3xf32>, tensor<3x3x3x2xf32>, tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x5x5x6xf32>
  return %0 : tensor<2x5x5x6xf32>
}
func.func @transpose_conv2d(%x: tensor<1x3x3x2xf32>, %w: tensor<4x2x2x2xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.transpose_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x2xf32>, tensor<4x2x2x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
func.func @max_pool2d(%x: tensor<2x6x6x3xf32>) -> tensor<2x3x3x3xf32> {
  %0 = tosa.max_pool2d %x {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, pad = array<i64: 1, 0, 1, 0>} : (tensor<2x6x6x3xf32>) -> tensor<2x3x3x3xf32>
  return %0 : tensor<2x3x3x3xf32>
}
func.func @avg_pool2d(%x: tensor<2x6x6x3xf32>) -> tensor<2x3x3x3xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<2x6x6x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x3x3xf32>
  return %0 : tensor<2x3x3x3xf32>
}

// ---- Integer / quantized, FFT, resize, block-scaled ----
func.func @apply_scale(%v: tensor<4x6xi32>, %m: tensor<4x6xi32>, %s: tensor<4x6xi8>) -> tensor<4x6xi32> {
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>} : (tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi8>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @table(%a: tensor<4x6xi8>) -> tensor<4x6xi8> {
  %t = "tosa.const"() <{values = dense<3> : tensor<256xi8>}> : () -> tensor<256xi8>
  %0 = tosa.table %a, %t : (tensor<4x6xi8>, tensor<256xi8>) -> tensor<4x6xi8>
  return %0 : tensor<4x6xi8>
}
func.func @rescale(%a: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %0 = "tosa.rescale"(%a, %m, %s, %zp, %zp) <{scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<4x6xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
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
func.func @cast_to_block_scaled(%a: tensor<4x32xf32>) -> (tensor<4x32xf4E2M1FN>, tensor<4x1xf8E8M0FNU>) {
  %0, %1 = "tosa.cast_to_block_scaled"(%a) <{block_size = #tosa.block_size<BLOCK_SIZE_32>}> : (tensor<4x32xf32>) -> (tensor<4x32xf4E2M1FN>, tensor<4x1xf8E8M0FNU>)
  return %0, %1 : tensor<4x32xf4E2M1FN>, tensor<4x1xf8E8M0FNU>
}
func.func @cast_from_block_scaled(%a: tensor<4x32xf4E2M1FN>, %s: tensor<4x1xf8E8M0FNU>) -> tensor<4x32xf32> {
  %0 = "tosa.cast_from_block_scaled"(%a, %s) <{block_size = #tosa.block_size<BLOCK_SIZE_32>}> : (tensor<4x32xf4E2M1FN>, tensor<4x1xf8E8M0FNU>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}
func.func @matmul_t_block_scaled(%a: tensor<2x4x32xf4E2M1FN>, %as: tensor<2x4x1xf8E8M0FNU>, %b: tensor<2x3x32xf4E2M1FN>, %bs: tensor<2x3x1xf8E8M0FNU>) -> tensor<2x4x3xf32> {
  %0 = "tosa.matmul_t_block_scaled"(%a, %as, %b, %bs) <{block_size = #tosa.block_size<BLOCK_SIZE_32>}> : (tensor<2x4x32xf4E2M1FN>, tensor<2x4x1xf8E8M0FNU>, tensor<2x3x32xf4E2M1FN>, tensor<2x3x1xf8E8M0FNU>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// ---- Constants, custom, control flow, variables ----
func.func @const() -> tensor<4x6xf32> {
  %0 = "tosa.const"() <{values = dense<2.0> : tensor<4x6xf32>}> : () -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @custom(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tosa.custom %a {operator_name = "frobnicate", domain_name = "tofu", implementation_attrs = ""} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @cond_if(%c: tensor<i1>, %a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = "tosa.cond_if"(%c, %a) ({
  ^bb0(%x: tensor<4x6xf32>):
    "tosa.yield"(%x) : (tensor<4x6xf32>) -> ()
  }, {
  ^bb0(%x: tensor<4x6xf32>):
    %n = tosa.abs %x : (tensor<4x6xf32>) -> tensor<4x6xf32>
    "tosa.yield"(%n) : (tensor<4x6xf32>) -> ()
  }) : (tensor<i1>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @while_loop(%i: tensor<i32>, %a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0:2 = "tosa.while_loop"(%i, %a) ({
  ^bb0(%k: tensor<i32>, %x: tensor<4x6xf32>):
    %lim = "tosa.const"() <{values = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %c = tosa.greater %lim, %k : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tosa.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%k: tensor<i32>, %x: tensor<4x6xf32>):
    %one = "tosa.const"() <{values = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %k1 = tosa.add %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %y = tosa.tanh %x : (tensor<4x6xf32>) -> tensor<4x6xf32>
    "tosa.yield"(%k1, %y) : (tensor<i32>, tensor<4x6xf32>) -> ()
  }) : (tensor<i32>, tensor<4x6xf32>) -> (tensor<i32>, tensor<4x6xf32>)
  return %0#1 : tensor<4x6xf32>
}
tosa.variable @state = dense<0.0> : tensor<4x6xf32>
func.func @variable_read() -> tensor<4x6xf32> {
  %0 = tosa.variable_read @state : tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @variable_write(%a: tensor<4x6xf32>) {
  tosa.variable_write @state, %a : tensor<4x6xf32>
  return
}

// ---- Shape ops (operate on !tosa.shape values) ----
func.func @const_shape() -> !tosa.shape<2> {
  %0 = tosa.const_shape {values = dense<[4, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @dim(%a: tensor<4x6xf32>) -> !tosa.shape<1> {
  %0 = "tosa.dim"(%a) <{axis = 1 : i32}> : (tensor<4x6xf32>) -> !tosa.shape<1>
  return %0 : !tosa.shape<1>
}
func.func @add_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.add_shape"(%a, %b) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @sub_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.sub_shape"(%a, %b) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @mul_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.mul_shape"(%a, %b) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @div_ceil_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.div_ceil_shape"(%a, %b) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @div_floor_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.div_floor_shape"(%a, %b) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @mod_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.mod_shape"(%a, %b) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @max_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.max_shape"(%a, %b) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @min_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.min_shape"(%a, %b) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @concat_shape() -> !tosa.shape<4> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.concat_shape"(%a, %a) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<4>
  return %0 : !tosa.shape<4>
}
func.func @exp2_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.exp2_shape"(%a) : (!tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @log2_ceil_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.log2_ceil_shape"(%a) : (!tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @log2_floor_shape() -> !tosa.shape<2> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.log2_floor_shape"(%a) : (!tosa.shape<2>) -> !tosa.shape<2>
  return %0 : !tosa.shape<2>
}
func.func @slice_shape() -> !tosa.shape<1> {
  %a = tosa.const_shape {values = dense<[8, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %0 = "tosa.slice_shape"(%a, %s, %s) : (!tosa.shape<2>, tensor<1xi32>, tensor<1xi32>) -> !tosa.shape<1>
  return %0 : !tosa.shape<1>
}
