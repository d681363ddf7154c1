// Seed: one TOSA op per function, so that most mutants keep the rest intact.
func.func @conv(%x: tensor<1x8x8x2xf32>, %w: tensor<4x3x3x2xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<1x8x8x2xf32>, tensor<4x3x3x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @reduce(%a: tensor<2x3x4xf32>) -> tensor<2x3x1xf32> {
  %0 = tosa.reduce_max %a {axis = 2 : i32} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

func.func @transpose(%a: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = tosa.transpose %a {perms = array<i32: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

// -----

func.func @reshape(%a: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %s = tosa.const_shape {values = dense<[4, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.reshape %a, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @slice(%a: tensor<6x5xf32>) -> tensor<2x3xf32> {
  %st = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %sz = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.slice %a, %st, %sz : (tensor<6x5xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad(%a: tensor<3x4xf32>) -> tensor<5x7xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %p = tosa.const_shape {values = dense<[1, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %0 = tosa.pad %a, %p, %zp : (tensor<3x4xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

// -----

func.func @tile(%a: tensor<2x3xf32>) -> tensor<4x9xf32> {
  %m = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.tile %a, %m : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x2xf32>, %c: tensor<2x1xf32>) -> tensor<2x6xf32> {
  %0 = tosa.concat %a, %b, %c {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @gather(%v: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = tosa.gather %v, %i : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @matmul(%a: tensor<1x3x4xf32>, %b: tensor<1x4x5xf32>) -> tensor<1x3x5xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<1x3x4xf32>, tensor<1x4x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x5xf32>
  return %0 : tensor<1x3x5xf32>
}

// -----

func.func @pool(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x6x6x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}
