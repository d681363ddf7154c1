// Example operators for the Tofu-MLIR main job: the paper's TDL examples as
// standalone descriptions, and a small function whose ops get their
// descriptions from linalg, the TOSA library and tdl.apply.

// Tofu's conv1d: lambda b, co, x: Sum(lambda ci, dx: data[b, ci, x+dx] * filters[ci, co, dx])
tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
    inputs [affine_map<(b, co, x, ci, dx) -> (b, ci, x + dx)>,
            affine_map<(b, co, x, ci, dx) -> (ci, co, dx)>] {
^bb0(%data: f32, %filter: f32):
  %0 = arith.mulf %data, %filter : f32
  tdl.yield %0 : f32
}

// Tofu's batch_cholesky: lambda b, i, j: Cholesky(batch_mat[b, :, :])[i, j]
tdl.opaque @batch_cholesky dims ["b", "i", "j"] batch ["b"] inputs [["b", ":", ":"]]

// B = lambda i: A[i + 2]
tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>] {
^bb0(%a: f32):
  tdl.yield %a : f32
}

func.func @layer(%x: tensor<8x16x16x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<8xf32>,
                 %fc: tensor<1x512x10xf32>, %a: tensor<12xf32>)
    -> (tensor<1x8x10xf32>, tensor<10xf32>) {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>,
      stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>}
      : (tensor<8x16x16x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>)
      -> tensor<8x16x16x8xf32>
  %p = tosa.max_pool2d %c {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>,
      stride = array<i64: 2, 2>} : (tensor<8x16x16x8xf32>) -> tensor<8x8x8x8xf32>
  %shape = tosa.const_shape {values = dense<[1, 8, 512]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %r = tosa.reshape %p, %shape : (tensor<8x8x8x8xf32>, !tosa.shape<3>) -> tensor<1x8x512xf32>
  %y = tosa.matmul %r, %fc, %zp, %zp
      : (tensor<1x8x512xf32>, tensor<1x512x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x10xf32>
  %s = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
  return %y, %s : tensor<1x8x10xf32>, tensor<10xf32>
}
