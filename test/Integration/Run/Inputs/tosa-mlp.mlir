// A hand-written TOSA model (as torch-mlir would emit it): a two-layer MLP
// with bias, ReLU and a mean-squared loss, for --tofu-autodiff and
// --tofu-partition (which lowers TOSA to linalg before the search).
module {
  func.func @forward(%x: tensor<1x12x16xf32> {tofu.name = "x"},
                     %w1: tensor<1x16x24xf32> {tofu.param, tofu.name = "w1"},
                     %b1: tensor<1x1x24xf32> {tofu.param, tofu.name = "b1"},
                     %w2: tensor<1x24x8xf32> {tofu.param, tofu.name = "w2"},
                     %y: tensor<1x12x8xf32> {tofu.name = "y"}) -> tensor<f32> {
    %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
    %h = tosa.matmul %x, %w1, %zp, %zp : (tensor<1x12x16xf32>, tensor<1x16x24xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x12x24xf32>
    %hb = tosa.add %h, %b1 : (tensor<1x12x24xf32>, tensor<1x1x24xf32>) -> tensor<1x12x24xf32>
    %r = tosa.clamp %hb {min_val = 0.0 : f32, max_val = 3.4e38 : f32} : (tensor<1x12x24xf32>) -> tensor<1x12x24xf32>
    %o = tosa.matmul %r, %w2, %zp, %zp : (tensor<1x12x24xf32>, tensor<1x24x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x12x8xf32>
    %d = tosa.sub %o, %y : (tensor<1x12x8xf32>, tensor<1x12x8xf32>) -> tensor<1x12x8xf32>
    %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %sq = tosa.mul %d, %d, %shift : (tensor<1x12x8xf32>, tensor<1x12x8xf32>, tensor<1xi8>) -> tensor<1x12x8xf32>
    %s1 = tosa.reduce_sum %sq {axis = 2 : i32} : (tensor<1x12x8xf32>) -> tensor<1x12x1xf32>
    %s2 = tosa.reduce_sum %s1 {axis = 1 : i32} : (tensor<1x12x1xf32>) -> tensor<1x1x1xf32>
    %shape = tosa.const_shape {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
    %loss = tosa.reshape %s2, %shape : (tensor<1x1x1xf32>, !tosa.shape<0>) -> tensor<f32>
    return %loss : tensor<f32>
  }
}
