// Hand-written padded plans (10 rows over 4 ranks: blocks of 3, the last
// holding one row and two of padding): an element-wise op on padded rows, a
// sum and a max over the padded rows (split reductions, partial results), a
// and a product split by rows returned split by padded columns. Stripped of
// its plan (sed in test/Integration/Run/partitioned-padded.test), the same
// module is the unpartitioned reference.
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [4], function = "main">} {
  func.func @main(%x: tensor<10x6xf32> {tofu.layout = #tofu.layout<[padded<0>]>},
                  %w: tensor<6x10xf32> {tofu.layout = #tofu.layout<[replicated]>})
      -> (tensor<10x6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<10x10xf32>) {
    %e = tensor.empty() : tensor<10x6xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<10x6xf32>) outs(%e : tensor<10x6xf32>)
        attrs = {tofu.strategy = #tofu.strategy<[0]>, tofu.layouts = [#tofu.layout<[padded<0>]>]} {
    ^bb0(%in: f32, %out: f32):
      %ex = math.exp %in : f32
      linalg.yield %ex : f32
    } -> tensor<10x6xf32>
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %e1 = tensor.empty() : tensor<6xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
    %m = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
    // Column sums of exp(x): the padding must add 0 (exp of a zero pad is 1).
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<10x6xf32>) outs(%z : tensor<6xf32>)
        attrs = {tofu.strategy = #tofu.strategy<[1]>, tofu.layouts = [#tofu.layout<[replicated]>]} {
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %out : f32
      linalg.yield %a : f32
    } -> tensor<6xf32>
    // Column maxima of -x: the padding must not win (a zero pad would).
    %mx = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                          iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<10x6xf32>) outs(%m : tensor<6xf32>)
        attrs = {tofu.strategy = #tofu.strategy<[1]>, tofu.layouts = [#tofu.layout<[replicated]>]} {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %a = arith.maximumf %n, %out : f32
      linalg.yield %a : f32
    } -> tensor<6xf32>
    // x @ w split by rows, returned split by (padded) columns.
    %e2 = tensor.empty() : tensor<10x10xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<10x10xf32>) -> tensor<10x10xf32>
    %p = linalg.matmul {tofu.strategy = #tofu.strategy<[0]>, tofu.layouts = [#tofu.layout<[padded<1>]>]}
        ins(%x, %w : tensor<10x6xf32>, tensor<6x10xf32>) outs(%z2 : tensor<10x10xf32>) -> tensor<10x10xf32>
    return %y, %s, %mx, %p : tensor<10x6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<10x10xf32>
  }
}
