// The gradient of x where x feeds two matmuls (y1 = x w1, y2 = x w2):
// dx = g1 w1^T + g2 w2^T, then a non-linear consumer (tanh) that needs the
// whole of dx. Split along the contracted dimension (256), each product is a
// partial sum; adding the partials first and reducing once saves one of the
// two reductions.
#lhs = affine_map<(i, j, k) -> (i, k)>
#rhs = affine_map<(i, j, k) -> (j, k)>
#out = affine_map<(i, j, k) -> (i, j)>
func.func @dx(%g1: tensor<16x256xf32>, %g2: tensor<16x256xf32>,
              %w1: tensor<64x256xf32> {tofu.param},
              %w2: tensor<64x256xf32> {tofu.param}) -> tensor<16x64xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %p1 = linalg.generic {tofu.name = "dx1", indexing_maps = [#lhs, #rhs, #out],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g1, %w1 : tensor<16x256xf32>, tensor<64x256xf32>) outs(%z : tensor<16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x64xf32>
  %p2 = linalg.generic {tofu.name = "dx2", indexing_maps = [#lhs, #rhs, #out],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g2, %w2 : tensor<16x256xf32>, tensor<64x256xf32>) outs(%z : tensor<16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x64xf32>
  %e2 = tensor.empty() : tensor<16x64xf32>
  %sum = linalg.add {tofu.name = "dx"} ins(%p1, %p2 : tensor<16x64xf32>, tensor<16x64xf32>)
      outs(%e2 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %e3 = tensor.empty() : tensor<16x64xf32>
  %t = linalg.generic {tofu.name = "act", indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<16x64xf32>) outs(%e3 : tensor<16x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.tanh %v : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  return %t : tensor<16x64xf32>
}
