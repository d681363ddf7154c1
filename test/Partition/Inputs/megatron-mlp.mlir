// A transformer MLP block, y = relu(x W1) W2, at small batch and large hidden.
func.func @mlp_block(%x: tensor<8x1024xf32>, %w1: tensor<1024x4096xf32> {tofu.param},
                     %w2: tensor<4096x1024xf32> {tofu.param}) -> tensor<8x1024xf32> {
  %c0 = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x4096xf32>
  %z1 = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<8x4096xf32>) -> tensor<8x4096xf32>
  %h = linalg.matmul {tofu.name = "fc1"} ins(%x, %w1 : tensor<8x1024xf32>, tensor<1024x4096xf32>)
      outs(%z1 : tensor<8x4096xf32>) -> tensor<8x4096xf32>
  %e2 = tensor.empty() : tensor<8x4096xf32>
  %a = linalg.generic {tofu.name = "relu", indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<8x4096xf32>) outs(%e2 : tensor<8x4096xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %c0 : f32
    linalg.yield %r : f32
  } -> tensor<8x4096xf32>
  %e3 = tensor.empty() : tensor<8x1024xf32>
  %z3 = linalg.fill ins(%c0 : f32) outs(%e3 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  %y = linalg.matmul {tofu.name = "fc2"} ins(%a, %w2 : tensor<8x4096xf32>, tensor<4096x1024xf32>)
      outs(%z3 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  return %y : tensor<8x1024xf32>
}
