// A 2-layer MLP training step written by hand in linalg (ReLU, MSE loss, its
// backward by hand, SGD with lr 0.05), with no tofu.* attribute.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#all = affine_map<(d0, d1) -> ()>
#s = affine_map<() -> ()>
#v = affine_map<(d0) -> (d0)>
// Contractions over the batch (k = d2): A^T B and A B^T.
#ta = affine_map<(d0, d1, d2) -> (d2, d0)>
#tb = affine_map<(d0, d1, d2) -> (d2, d1)>
#tab = affine_map<(d0, d1, d2) -> (d0, d1)>
#bt_a = affine_map<(d0, d1, d2) -> (d0, d2)>
#bt_b = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  func.func @train_step(%w1: tensor<6x8xf32>, %b1: tensor<8xf32>, %w2: tensor<8x4xf32>, %b2: tensor<4xf32>, %x: tensor<8x6xf32>, %y: tensor<8x4xf32>) -> (tensor<6x8xf32>, tensor<8xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    // The forward.
    %e88 = tensor.empty() : tensor<8x8xf32>
    %z88 = linalg.fill ins(%zero : f32) outs(%e88 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %m1 = linalg.matmul ins(%x, %w1 : tensor<8x6xf32>, tensor<6x8xf32>) outs(%z88 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %a1 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%m1, %b1 : tensor<8x8xf32>, tensor<8xf32>) outs(%e88 : tensor<8x8xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %r = arith.addf %p, %q : f32
      linalg.yield %r : f32
    } -> tensor<8x8xf32>
    %h1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a1 : tensor<8x8xf32>) outs(%e88 : tensor<8x8xf32>) {
    ^bb0(%p: f32, %o: f32):
      %r = arith.maximumf %p, %zero : f32
      linalg.yield %r : f32
    } -> tensor<8x8xf32>
    %e84 = tensor.empty() : tensor<8x4xf32>
    %z84 = linalg.fill ins(%zero : f32) outs(%e84 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %m2 = linalg.matmul ins(%h1, %w2 : tensor<8x8xf32>, tensor<8x4xf32>) outs(%z84 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %out = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%m2, %b2 : tensor<8x4xf32>, tensor<4xf32>) outs(%e84 : tensor<8x4xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %r = arith.addf %p, %q : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %d = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%out, %y : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e84 : tensor<8x4xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %r = arith.subf %p, %q : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %es = tensor.empty() : tensor<f32>
    %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
    %sq = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]} ins(%d : tensor<8x4xf32>) outs(%zs : tensor<f32>) {
    ^bb0(%p: f32, %acc: f32):
      %p2 = arith.mulf %p, %p : f32
      %r = arith.addf %acc, %p2 : f32
      linalg.yield %r : f32
    } -> tensor<f32>
    %loss = linalg.generic {indexing_maps = [#s, #s], iterator_types = []} ins(%sq : tensor<f32>) outs(%es : tensor<f32>) {
    ^bb0(%p: f32, %o: f32):
      %n = arith.constant 0.03125 : f32
      %r = arith.mulf %p, %n : f32
      linalg.yield %r : f32
    } -> tensor<f32>
    // The backward: d loss / d out = 2 (out - y) / 32.
    %dout = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<8x4xf32>) outs(%e84 : tensor<8x4xf32>) {
    ^bb0(%p: f32, %o: f32):
      %n = arith.constant 0.0625 : f32
      %r = arith.mulf %p, %n : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %e4 = tensor.empty() : tensor<4xf32>
    %z4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
    %db2 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]} ins(%dout : tensor<8x4xf32>) outs(%z4 : tensor<4xf32>) {
    ^bb0(%p: f32, %acc: f32):
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
    } -> tensor<4xf32>
    %z84b = linalg.fill ins(%zero : f32) outs(%e84 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %dw2 = linalg.generic {indexing_maps = [#ta, #tb, #tab], iterator_types = ["parallel", "parallel", "reduction"]} ins(%h1, %dout : tensor<8x8xf32>, tensor<8x4xf32>) outs(%z84b : tensor<8x4xf32>) {
    ^bb0(%p: f32, %q: f32, %acc: f32):
      %pq = arith.mulf %p, %q : f32
      %r = arith.addf %acc, %pq : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %z88b = linalg.fill ins(%zero : f32) outs(%e88 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %dh1 = linalg.generic {indexing_maps = [#bt_a, #bt_b, #tab], iterator_types = ["parallel", "parallel", "reduction"]} ins(%dout, %w2 : tensor<8x4xf32>, tensor<8x4xf32>) outs(%z88b : tensor<8x8xf32>) {
    ^bb0(%p: f32, %q: f32, %acc: f32):
      %pq = arith.mulf %p, %q : f32
      %r = arith.addf %acc, %pq : f32
      linalg.yield %r : f32
    } -> tensor<8x8xf32>
    %da1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a1, %dh1 : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e88 : tensor<8x8xf32>) {
    ^bb0(%p: f32, %g: f32, %o: f32):
      %pos = arith.cmpf ogt, %p, %zero : f32
      %r = arith.select %pos, %g, %zero : f32
      linalg.yield %r : f32
    } -> tensor<8x8xf32>
    %e8 = tensor.empty() : tensor<8xf32>
    %z8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<8xf32>) -> tensor<8xf32>
    %db1 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]} ins(%da1 : tensor<8x8xf32>) outs(%z8 : tensor<8xf32>) {
    ^bb0(%p: f32, %acc: f32):
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
    } -> tensor<8xf32>
    %e68 = tensor.empty() : tensor<6x8xf32>
    %z68 = linalg.fill ins(%zero : f32) outs(%e68 : tensor<6x8xf32>) -> tensor<6x8xf32>
    %dw1 = linalg.generic {indexing_maps = [#ta, #tb, #tab], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %da1 : tensor<8x6xf32>, tensor<8x8xf32>) outs(%z68 : tensor<6x8xf32>) {
    ^bb0(%p: f32, %q: f32, %acc: f32):
      %pq = arith.mulf %p, %q : f32
      %r = arith.addf %acc, %pq : f32
      linalg.yield %r : f32
    } -> tensor<6x8xf32>
    // SGD: p - 0.05 g.
    %nw1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%w1, %dw1 : tensor<6x8xf32>, tensor<6x8xf32>) outs(%e68 : tensor<6x8xf32>) {
    ^bb0(%p: f32, %g: f32, %o: f32):
      %lr = arith.constant 0.05 : f32
      %s = arith.mulf %lr, %g : f32
      %r = arith.subf %p, %s : f32
      linalg.yield %r : f32
    } -> tensor<6x8xf32>
    %nb1 = linalg.generic {indexing_maps = [#v, #v, #v], iterator_types = ["parallel"]} ins(%b1, %db1 : tensor<8xf32>, tensor<8xf32>) outs(%e8 : tensor<8xf32>) {
    ^bb0(%p: f32, %g: f32, %o: f32):
      %lr = arith.constant 0.05 : f32
      %s = arith.mulf %lr, %g : f32
      %r = arith.subf %p, %s : f32
      linalg.yield %r : f32
    } -> tensor<8xf32>
    %nw2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%w2, %dw2 : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e84 : tensor<8x4xf32>) {
    ^bb0(%p: f32, %g: f32, %o: f32):
      %lr = arith.constant 0.05 : f32
      %s = arith.mulf %lr, %g : f32
      %r = arith.subf %p, %s : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %nb2 = linalg.generic {indexing_maps = [#v, #v, #v], iterator_types = ["parallel"]} ins(%b2, %db2 : tensor<4xf32>, tensor<4xf32>) outs(%e4 : tensor<4xf32>) {
    ^bb0(%p: f32, %g: f32, %o: f32):
      %lr = arith.constant 0.05 : f32
      %s = arith.mulf %lr, %g : f32
      %r = arith.subf %p, %s : f32
      linalg.yield %r : f32
    } -> tensor<4xf32>
    return %nw1, %nb1, %nw2, %nb2, %loss : tensor<6x8xf32>, tensor<8xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<f32>
  }
}
