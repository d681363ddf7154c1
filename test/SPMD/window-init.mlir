// Tests that a linalg op whose init is read through an affine expression of
// a split loop (out[n, h + kh] += dy[n, h] * k[kh], the adjoint of a pooling
// or convolution as --tofu-autodiff writes it) is computed whole on every
// rank: rebuilt on its shards it would write a window of the output where
// its result must be the whole partial tensor (difftest.py found this as
// "could not be rebuilt on its shards (internal error)"). Gathered, then
// sliced to the planned layout.
// RUN: tofu-opt --tofu-materialize %s | FileCheck %s

// CHECK: materialized = <partitioned_ops = 0, replicated_ops = 1
// CHECK-LABEL: func.func @main
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: shard.all_slice %[[G]] on @tofu_grid grid_axes = [0] slice_axis = 1 : tensor<2x3xf32> -> tensor<2x1xf32>
module attributes {tofu.partition = #tofu.plan<workers = 3, levels = [3], function = "main">} {
  func.func @main(%dy: tensor<2x3xf32> {tofu.layout = #tofu.layout<[replicated]>},
                  %k: tensor<1xf32> {tofu.layout = #tofu.layout<[replicated]>}) -> tensor<2x3xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x3xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1 + d2)>],
                         iterator_types = ["parallel", "reduction", "reduction"]}
        ins(%dy, %k : tensor<2x3xf32>, tensor<1xf32>) outs(%z : tensor<2x3xf32>)
        attrs = {tofu.strategy = #tofu.strategy<[1]>, tofu.layouts = [#tofu.layout<[1]>]} {
    ^bb0(%a: f32, %w: f32, %o: f32):
      %p = arith.mulf %a, %w : f32
      %s = arith.addf %o, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x3xf32>
    return %g : tensor<2x3xf32>
  }
}
