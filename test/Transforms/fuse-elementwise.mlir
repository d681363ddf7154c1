// RUN: tofu-opt --tofu-fuse-elementwise=stats=true %s | FileCheck %s

// A producer is fused into its consumer only when each of its elements is
// computed once in the fused op: a single use, read through a permutation.

#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>

// An element-wise chain becomes one op; also through a transposed read.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: tofu.fusion = {after = 1 : i64, before = 3 : i64}
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x4xf32>)
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @chain(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = math.exp %x : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.mulf %x, %x : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%1, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// A row sum of an element-wise op reads it through the identity: fused.
// CHECK-LABEL: func.func @into_reduction
// CHECK-SAME: tofu.fusion = {after = 2 : i64, before = 3 : i64}
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK: arith.addf
func.func @into_reduction(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = math.exp %x : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %c0 = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%0 : tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.addf %x, %o : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// Not fused: a producer with two uses, a producer read through a broadcast
// (recomputed per column), and a producer feeding a contraction.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: tofu.fusion
// CHECK-COUNT-5: linalg.generic
// CHECK-NOT: linalg.generic
func.func @kept(%a: tensor<4x8xf32>, %v: tensor<4xf32>, %w: tensor<8x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.negf %x : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %twice = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%neg, %neg : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %ev = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%v : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = math.exp %x : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %bc = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %ev : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.mulf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %c0 = arith.constant 0.0 : f32
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mm = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                        iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%twice, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %r = arith.addf %o, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %neg, %bc, %mm : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
