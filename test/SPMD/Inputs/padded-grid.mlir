// Padded splits on a 3x2 grid: 10 rows split at both levels (blocks of 4 at
// level 0, the last holding 2 rows; blocks of 2 at level 1, so rank (2, 1)
// holds padding only), a contraction over 10 split unevenly at level 0 and
// its partial result reduce-scattered into padded columns, and a sum over
// the rows split at both levels. Stripped of its plan, the reference.
module attributes {tofu.partition = #tofu.plan<workers = 6, levels = [3, 2], function = "main">} {
  func.func @main(%x: tensor<10x5xf32> {tofu.layout = #tofu.layout<[padded<0>, 0]>},
                  %a: tensor<7x10xf32> {tofu.layout = #tofu.layout<[padded<1>, replicated]>},
                  %b: tensor<10x5xf32> {tofu.layout = #tofu.layout<[padded<0>, replicated]>})
      -> (tensor<7x5xf32>, tensor<5xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<7x5xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<7x5xf32>) -> tensor<7x5xf32>
    %p = linalg.matmul {tofu.strategy = #tofu.strategy<[2, 1]>, tofu.layouts = [#tofu.layout<[padded<0>, padded<1>]>]}
        ins(%a, %b : tensor<7x10xf32>, tensor<10x5xf32>) outs(%z : tensor<7x5xf32>) -> tensor<7x5xf32>
    %e1 = tensor.empty() : tensor<5xf32>
    %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<5xf32>) -> tensor<5xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<10x5xf32>) outs(%z1 : tensor<5xf32>)
        attrs = {tofu.strategy = #tofu.strategy<[1, 1]>, tofu.layouts = [#tofu.layout<[replicated, replicated]>]} {
    ^bb0(%in: f32, %out: f32):
      %c = arith.addf %in, %out : f32
      linalg.yield %c : f32
    } -> tensor<5xf32>
    return %p, %s : tensor<7x5xf32>, tensor<5xf32>
  }
}
