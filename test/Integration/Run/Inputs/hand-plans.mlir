// Hand-written plans for the cases automatic plans rarely pick, checked by
// running them (test/Integration/Run/materialize-hand-plans.test) against the same
// function unpartitioned:
//  - a strided convolution split along its output rows at level 0 (each
//    rank reads a window of input rows with a halo) and along its output
//    channels at level 1;
//  - a linalg.generic that reads linalg.index of a split loop;
//  - a matmul whose contraction is split (partial sums) over an init that is
//    not zero (only coordinate 0 may add it), reduce-scattered;
//  - a tensor moving its split from one dimension to another (all-to-all);
//  - an insert_slice and a pad split along the dimension where the inserted
//    block / the padding lies on some ranks only (masked local copies).
#id4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#id2 = affine_map<(i, j) -> (i, j)>
#tr2 = affine_map<(i, j) -> (j, i)>
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2], function = "main">} {
  func.func @main(%x: tensor<2x3x13x13xf32> {tofu.layout = #tofu.layout<[replicated, replicated]>},
                  %k: tensor<4x3x3x3xf32> {tofu.layout = #tofu.layout<[replicated, 0]>},
                  %a: tensor<8x8xf32> {tofu.layout = #tofu.layout<[1, 0]>},
                  %b: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0, replicated]>},
                  %c: tensor<8x4xf32> {tofu.layout = #tofu.layout<[replicated, replicated]>},
                  %g: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0, replicated]>})
      -> (tensor<2x4x6x6xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<8x16xf32>, tensor<10x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x4x6x6xf32>
    %z = linalg.fill {tofu.strategy = #tofu.strategy<[2, 1]>, tofu.layouts = [#tofu.layout<[2, 1]>]}
           ins(%zero : f32) outs(%e : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %conv = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>,
                                      tofu.strategy = #tofu.strategy<[2, 1]>, tofu.layouts = [#tofu.layout<[2, 1]>]}
              ins(%x, %k : tensor<2x3x13x13xf32>, tensor<4x3x3x3xf32>)
              outs(%z : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %pos = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"],
                           tofu.strategy = #tofu.strategy<[3, 0]>, tofu.layouts = [#tofu.layout<[0, replicated]>]}
        ins(%conv : tensor<2x4x6x6xf32>) outs(%e : tensor<2x4x6x6xf32>) {
    ^bb0(%v: f32, %o: f32):
      %w = linalg.index 3 : index
      %n = linalg.index 0 : index
      %s = arith.addi %w, %n : index
      %si = arith.index_cast %s : index to i32
      %sf = arith.sitofp %si : i32 to f32
      %r = arith.addf %v, %sf : f32
      linalg.yield %r : f32
    } -> tensor<2x4x6x6xf32>
    %mm = linalg.matmul {tofu.strategy = #tofu.strategy<[2, 2]>, tofu.layouts = [#tofu.layout<[0, 1]>]}
            ins(%a, %b : tensor<8x8xf32>, tensor<8x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
    %te = tensor.empty() : tensor<4x8xf32>
    %t = linalg.generic {indexing_maps = [#tr2, #id2], iterator_types = ["parallel", "parallel"],
                         tofu.strategy = #tofu.strategy<[0, 1]>, tofu.layouts = [#tofu.layout<[1, 0]>]}
        ins(%mm : tensor<8x4xf32>) outs(%te : tensor<4x8xf32>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    } -> tensor<4x8xf32>
    %one = arith.constant 1.0 : f32
    %de = tensor.empty() : tensor<8x16xf32>
    %dest = linalg.fill {tofu.strategy = #tofu.strategy<[1, 0]>, tofu.layouts = [#tofu.layout<[1, 0]>]}
              ins(%one : f32) outs(%de : tensor<8x16xf32>) -> tensor<8x16xf32>
    %ins = tensor.insert_slice %g into %dest[0, 12] [8, 4] [1, 1]
             {tofu.strategy = #tofu.strategy<[1, 0]>, tofu.layouts = [#tofu.layout<[1, 0]>]}
             : tensor<8x4xf32> into tensor<8x16xf32>
    %pv = arith.constant -2.0 : f32
    %pad = tensor.pad %g low[1, 2] high[1, 2] {
    ^bb0(%i: index, %j: index):
      tensor.yield %pv : f32
    } {tofu.strategy = #tofu.strategy<[1, 0]>, tofu.layouts = [#tofu.layout<[1, 0]>]} : tensor<8x4xf32> to tensor<10x8xf32>
    return %pos, %mm, %t, %ins, %pad : tensor<2x4x6x6xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<8x16xf32>, tensor<10x8xf32>
  }
}
