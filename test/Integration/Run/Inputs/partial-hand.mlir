// A hand-written plan on a 2x2 grid where partial sums flow (checked by
// running it, test/Integration/Run/partial-flow.test, against the same
// function unpartitioned):
//  - a matmul splits its contraction at level 0: its result is partial;
//  - a relu computed whole is planned partial at level 0: the relayout
//    engine keeps it on the first member of the level's group, zeros on
//    the other (a partial made from a whole value);
//  - an add, computed whole at both levels, adds the two partials at level
//    0 without combining them (linear) and splits rows at level 1;
//  - a tanh split along rows at both levels combines the sum: one
//    collective for the two partials.
#id2 = affine_map<(i, j) -> (i, j)>
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2], function = "main">} {
  func.func @main(%a: tensor<8x8xf32> {tofu.layout = #tofu.layout<[1, replicated]>},
                  %b: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0, replicated]>},
                  %c: tensor<8x4xf32> {tofu.layout = #tofu.layout<[replicated, replicated]>})
      -> tensor<8x4xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x4xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    %p = linalg.matmul {tofu.strategy = #tofu.strategy<[2, replicated]>, tofu.layouts = [#tofu.layout<[partial<add>, replicated]>]}
           ins(%a, %b : tensor<8x8xf32>, tensor<8x4xf32>) outs(%z : tensor<8x4xf32>) -> tensor<8x4xf32>
    %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
           ins(%c : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>)
           attrs = {tofu.strategy = #tofu.strategy<[replicated, replicated]>, tofu.layouts = [#tofu.layout<[partial<add>, replicated]>]} {
    ^bb0(%v: f32, %o: f32):
      %m = arith.maximumf %v, %zero : f32
      linalg.yield %m : f32
    } -> tensor<8x4xf32>
    %s = linalg.add {tofu.strategy = #tofu.strategy<[replicated, replicated]>, tofu.layouts = [#tofu.layout<[partial<add>, 0]>]}
           ins(%p, %r : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    %t = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
           ins(%s : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>)
           attrs = {tofu.strategy = #tofu.strategy<[0, 0]>, tofu.layouts = [#tofu.layout<[0, 0]>]} {
    ^bb0(%v: f32, %o: f32):
      %h = math.tanh %v : f32
      linalg.yield %h : f32
    } -> tensor<8x4xf32>
    return %t : tensor<8x4xf32>
  }
}
