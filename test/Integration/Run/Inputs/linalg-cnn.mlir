// A hand-written linalg model: a strided 3x3 convolution (its output rows
// read overlapping input windows: halos when split), a ReLU, a position
// bias built with linalg.index, a max-pooling, a dense layer and a squared
// loss. For --tofu-autodiff and --tofu-partition.
#id4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#row = affine_map<(n, c, h, w) -> (c)>
module {
  func.func @forward(%x: tensor<4x2x9x9xf32> {tofu.name = "x"},
                     %k: tensor<4x2x3x3xf32> {tofu.param, tofu.name = "k"},
                     %bias: tensor<4xf32> {tofu.param, tofu.name = "bias"},
                     %w: tensor<16x6xf32> {tofu.param, tofu.name = "w"},
                     %y: tensor<4x6xf32> {tofu.name = "y"}) -> tensor<f32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x4x4x4xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32>
    %conv = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
              ins(%x, %k : tensor<4x2x9x9xf32>, tensor<4x2x3x3xf32>)
              outs(%z : tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32>
    %act = linalg.generic {indexing_maps = [#id4, #row, #id4],
                           iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%conv, %bias : tensor<4x4x4x4xf32>, tensor<4xf32>) outs(%e : tensor<4x4x4x4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %h = linalg.index 2 : index
      %hi = arith.index_cast %h : index to i32
      %hf = arith.sitofp %hi : i32 to f32
      %tenth = arith.constant 0.125 : f32
      %pos = arith.mulf %hf, %tenth : f32
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %pos : f32
      %r = arith.maximumf %t, %zero : f32
      linalg.yield %r : f32
    } -> tensor<4x4x4x4xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %pe = tensor.empty() : tensor<4x4x2x2xf32>
    %pinit = linalg.fill ins(%ninf : f32) outs(%pe : tensor<4x4x2x2xf32>) -> tensor<4x4x2x2xf32>
    %win = tensor.empty() : tensor<2x2xf32>
    %pool = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
              ins(%act, %win : tensor<4x4x4x4xf32>, tensor<2x2xf32>)
              outs(%pinit : tensor<4x4x2x2xf32>) -> tensor<4x4x2x2xf32>
    %flat = tensor.collapse_shape %pool [[0], [1, 2, 3]] : tensor<4x4x2x2xf32> into tensor<4x16xf32>
    %me = tensor.empty() : tensor<4x6xf32>
    %mz = linalg.fill ins(%zero : f32) outs(%me : tensor<4x6xf32>) -> tensor<4x6xf32>
    %o = linalg.matmul ins(%flat, %w : tensor<4x16xf32>, tensor<16x6xf32>) outs(%mz : tensor<4x6xf32>) -> tensor<4x6xf32>
    %d = linalg.sub ins(%o, %y : tensor<4x6xf32>, tensor<4x6xf32>) outs(%me : tensor<4x6xf32>) -> tensor<4x6xf32>
    %sq = linalg.mul ins(%d, %d : tensor<4x6xf32>, tensor<4x6xf32>) outs(%me : tensor<4x6xf32>) -> tensor<4x6xf32>
    %le = tensor.empty() : tensor<f32>
    %lz = linalg.fill ins(%zero : f32) outs(%le : tensor<f32>) -> tensor<f32>
    %loss = linalg.reduce ins(%sq : tensor<4x6xf32>) outs(%lz : tensor<f32>) dimensions = [0, 1]
      (%in: f32, %acc: f32) {
        %s = arith.addf %in, %acc : f32
        linalg.yield %s : f32
      }
    return %loss : tensor<f32>
  }
}
