// RUN: tofu-opt %s --tofu-autodiff | FileCheck %s

// An embedding lookup (tosa.gather, lowered in the step) and a softmax.
func.func @forward(%emb: tensor<2x5x3xf32> {tofu.param}, %w: tensor<2x3xf32> {tofu.param}, %idx: tensor<2x4xi32>) -> tensor<f32> {
  %g = tosa.gather %emb, %idx : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.softmax dimension(1) ins(%w : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %l1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%g : tensor<2x4x3xf32>) outs(%i0 : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    %t = arith.addf %o, %m : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  %l2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%s : tensor<2x3xf32>) outs(%l1 : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    %t = arith.addf %o, %m : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %l2 : tensor<f32>
}

// The maps of the backward generics (printed first).
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-DAG: #[[DOUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #[[DVAL:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>

// @forward keeps the TOSA gather and the softmax.
// CHECK-LABEL: func.func @forward
// CHECK: tosa.gather
// CHECK: linalg.softmax {tofu.name = "softmax_2"}

// In the step the gather is a generic that extracts from the values.
// CHECK-LABEL: func.func @train_step
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%arg2 : tensor<2x4xi32>) {{.*}} {tofu.name = "gather_0.1"}
// CHECK: tensor.extract %arg0
// CHECK: %[[Y:.*]] = linalg.softmax {tofu.name = "softmax_2"} dimension(1) ins(%arg1

// The softmax backward: s = sum_1(dy * y), then dx = y * (dy - s).
// CHECK: %[[SE:.*]] = tensor.empty() {tofu.fwd = "softmax_2"} : tensor<2xf32>
// CHECK: %[[SZ:.*]] = linalg.fill {tofu.fwd = "softmax_2"} {{.*}} outs(%[[SE]] : tensor<2xf32>)
// CHECK: %[[S:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[DY:.*]], %[[Y]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[SZ]] : tensor<2xf32>) attrs =  {tofu.fwd = "softmax_2"}
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[DE:.*]] = tensor.empty() {tofu.fwd = "softmax_2"} : tensor<2x3xf32>
// CHECK: %[[DX:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]], #[[ROW]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[DY]], %[[Y]], %[[S]] : {{.*}}) outs(%[[DE]] : tensor<2x3xf32>) attrs =  {tofu.fwd = "softmax_2", tofu.grad_of = "arg1"}
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[D:.*]] = arith.subf %[[A]], %[[C]]
// CHECK: arith.mulf %[[B]], %[[D]]

// The gather backward: the forward loops (n, w, c) plus k for the index,
// w a reduction; the index is compared with linalg.index of k, no scatter.
// CHECK: %[[ZE:.*]] = tensor.empty() {tofu.fwd = "gather_0.1"} : tensor<2x5x3xf32>
// CHECK: %[[Z:.*]] = linalg.fill {tofu.fwd = "gather_0.1"} {{.*}} outs(%[[ZE]] : tensor<2x5x3xf32>)
// CHECK: %[[DV:.*]] = linalg.generic {indexing_maps = [#[[DOUT]], #[[IDX]], #[[DVAL]]], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%{{.*}}, %arg2 : tensor<2x4x3xf32>, tensor<2x4xi32>) outs(%[[Z]] : tensor<2x5x3xf32>) attrs =  {tofu.fwd = "gather_0.1", tofu.grad_of = "arg0"}
// CHECK: ^bb0(%[[DO:.*]]: f32, %[[I:.*]]: i32, %[[ACC:.*]]: f32):
// CHECK: %[[IC:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK: %[[K:.*]] = linalg.index 3 : index
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[IC]], %[[K]] : index
// CHECK: %[[SEL:.*]] = arith.select %[[EQ]], %[[DO]], %{{.*}} : f32
// CHECK: arith.addf %[[ACC]], %[[SEL]] : f32
// CHECK-NOT: tensor.insert
// CHECK-NOT: scatter
// CHECK: tofu.update_of = "arg0"
// CHECK: return
