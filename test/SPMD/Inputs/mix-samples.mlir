// A forward that centres each sample on the batch mean: it mixes the
// samples of the batch, so it cannot be cut into microbatches.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#all = affine_map<(d0, d1) -> ()>
module {
  func.func @forward(%x: tensor<4x2xf32> {tofu.name = "x"}, %w: tensor<2x2xf32> {tofu.name = "w", tofu.param}) -> tensor<f32> {
    %z0 = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x2xf32>
    %f = linalg.fill ins(%z0 : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
    %y = linalg.matmul {tofu.name = "mm"} ins(%x, %w : tensor<4x2xf32>, tensor<2x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
    %e1 = tensor.empty() : tensor<2xf32>
    %f1 = linalg.fill ins(%z0 : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
    %m = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]} ins(%y : tensor<4x2xf32>) outs(%f1 : tensor<2xf32>) attrs = {tofu.name = "batch_mean"} {
    ^bb0(%a: f32, %acc: f32):
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %e2 = tensor.empty() : tensor<4x2xf32>
    %c = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %m : tensor<4x2xf32>, tensor<2xf32>) outs(%e2 : tensor<4x2xf32>) attrs = {tofu.name = "center"} {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %q = arith.constant 0.25 : f32
      %bm = arith.mulf %b, %q : f32
      %d = arith.subf %a, %bm : f32
      linalg.yield %d : f32
    } -> tensor<4x2xf32>
    %e3 = tensor.empty() : tensor<f32>
    %f3 = linalg.fill ins(%z0 : f32) outs(%e3 : tensor<f32>) -> tensor<f32>
    %l = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]} ins(%c : tensor<4x2xf32>) outs(%f3 : tensor<f32>) attrs = {tofu.name = "loss"} {
    ^bb0(%a: f32, %acc: f32):
      %sq = arith.mulf %a, %a : f32
      %s = arith.addf %sq, %acc : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    return %l : tensor<f32>
  }
}
