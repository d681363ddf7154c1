// Tests the structure of the training step built by --tofu-autodiff: the
// signature, the tofu.fwd / tofu.grad_of / tofu.update_of tags, and the
// adjoint generics.
// RUN: tofu-opt %s --tofu-autodiff -split-input-file | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#all = affine_map<(d0, d1) -> ()>
// The forward function is kept, its ops named in order.
// CHECK-LABEL: func.func @forward(
// CHECK: linalg.matmul {tofu.name = "matmul_3"}
// CHECK: tofu.name = "generic_4"
// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[W:.*]]: tensor<4x3xf32> {tofu.param}, %[[B:.*]]: tensor<3xf32> {tofu.param}, %[[X:.*]]: tensor<2x4xf32>)
// CHECK-SAME: -> (tensor<4x3xf32>, tensor<3xf32>, tensor<f32>)
// CHECK: %[[MM:.*]] = linalg.matmul {tofu.name = "matmul_3"}
// CHECK: %[[H:.*]] = linalg.generic {{.*}} attrs = {tofu.name = "generic_4"}
// CHECK: %[[LOSS:.*]] = linalg.generic {{.*}} attrs = {tofu.name = "generic_7"}
// CHECK: %[[SEED:.*]] = arith.constant {tofu.grad_of = "generic_7#0"} dense<1.000000e+00> : tensor<f32>
// Backward of the loss reduction: dh = 2 h dloss, broadcast from the scalar.
// CHECK: %[[DH:.*]] = linalg.generic {{.*}} ins(%[[SEED]], %[[H]] : tensor<f32>, tensor<2x3xf32>) {{.*}} attrs = {tofu.fwd = "generic_7", tofu.grad_of = "generic_4#0"}
// Backward of bias + relu: one generic per operand; the bias one sums over rows.
// CHECK: %[[DM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[DH]], %[[MM]], %[[B]] : {{.*}} attrs = {tofu.fwd = "generic_4", tofu.grad_of = "matmul_3#0"}
// CHECK: arith.cmpf oge
// CHECK: %[[DB:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} {{.*}} attrs = {tofu.fwd = "generic_4", tofu.grad_of = "arg1"}
// Backward of the matmul: only the parameter gets a gradient, dW = X^T dM.
// CHECK: linalg.fill {tofu.fwd = "matmul_3"}
// CHECK: %[[DW:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "parallel"]} ins(%[[DM]], %[[X]] : tensor<2x3xf32>, tensor<2x4xf32>) {{.*}} attrs = {tofu.fwd = "matmul_3", tofu.grad_of = "arg0"}
// CHECK-NOT: tofu.fwd = "matmul_3"
// CHECK: %[[W2:.*]] = linalg.generic {{.*}} ins(%[[W]], %[[DW]] : {{.*}} attrs = {tofu.update_of = "arg0"}
// CHECK: arith.constant 0.00999999977 : f32
// CHECK: %[[B2:.*]] = linalg.generic {{.*}} ins(%[[B]], %[[DB]] : {{.*}} attrs = {tofu.update_of = "arg1"}
// CHECK: return %[[W2]], %[[B2]], %[[LOSS]] : tensor<4x3xf32>, tensor<3xf32>, tensor<f32>
func.func @forward(%w: tensor<4x3xf32> {tofu.param}, %b: tensor<3xf32> {tofu.param}, %x: tensor<2x4xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%z : tensor<2x3xf32>) -> tensor<2x3xf32>
  %h = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  %le = tensor.empty() : tensor<f32>
  %l0 = linalg.fill ins(%zero : f32) outs(%le : tensor<f32>) -> tensor<f32>
  %l = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]} ins(%h : tensor<2x3xf32>) outs(%l0 : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %o, %sq : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A value with two uses: the contributions are summed by a linalg.add that
// carries only tofu.grad_of. Existing tofu.names are kept.
// CHECK-LABEL: func.func @train_step(
// CHECK: %[[G1:.*]] = linalg.generic {{.*}} attrs = {tofu.fwd = "prod", tofu.grad_of = "arg0"}
// CHECK: %[[G2:.*]] = linalg.generic {{.*}} attrs = {tofu.fwd = "prod", tofu.grad_of = "arg0"}
// CHECK: %[[SUM:.*]] = linalg.add {tofu.grad_of = "arg0"} ins(%[[G1]], %[[G2]] : {{.*}}) outs(%[[G2]] : {{.*}})
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[SUM]] : {{.*}} attrs = {tofu.update_of = "arg0"}
#id1 = affine_map<(d0) -> (d0)>
#sum1 = affine_map<(d0) -> ()>
func.func @forward(%w: tensor<3xf32> {tofu.param}) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill {tofu.name = "init"} ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %l = linalg.generic {indexing_maps = [#id1, #id1, #sum1], iterator_types = ["reduction"]} ins(%w, %w : tensor<3xf32>, tensor<3xf32>) outs(%z : tensor<f32>) attrs = {tofu.name = "prod"} {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// Strided convolution. The input gradient is a stride-1 convolution of the
// dilated, padded output gradient with the flipped filter (parallel spatial
// loops); the filter gradient reads dy and the input through the forward map.
// CHECK-DAG: #[[DYP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
// CHECK-DAG: #[[FLIP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, -d5 + 2, -d6 + 2)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[XS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>
// CHECK-DAG: #[[WMAP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-LABEL: func.func @train_step(
// CHECK-SAME: %[[XA:.*]]: tensor<1x2x8x7xf32> {tofu.param}, %[[WA:.*]]: tensor<3x2x3x3xf32> {tofu.param})
// CHECK: %[[DYPAD:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 2, 2] [1, 3, 3, 3] [1, 1, 2, 2] {tofu.fwd = "conv_2d_nchw_fchw_3"} : tensor<1x3x3x3xf32> into tensor<1x3x10x9xf32>
// CHECK: linalg.generic {indexing_maps = [#[[DYP]], #[[FLIP]], #[[WIN]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[DYPAD]], %[[WA]], %{{.*}} : tensor<1x3x10x9xf32>, tensor<3x2x3x3xf32>, tensor<3x3xf32>)
// CHECK-SAME: outs(%{{.*}} : tensor<1x2x8x7xf32>) attrs = {tofu.fwd = "conv_2d_nchw_fchw_3", tofu.grad_of = "arg0"}
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[XS]], #[[WMAP]]], iterator_types = ["reduction", "parallel", "reduction", "reduction", "parallel", "parallel", "parallel"]}
// CHECK-SAME: outs(%{{.*}} : tensor<3x2x3x3xf32>) attrs = {tofu.fwd = "conv_2d_nchw_fchw_3", tofu.grad_of = "arg1"}
func.func @forward(%x: tensor<1x2x8x7xf32> {tofu.param}, %w: tensor<3x2x3x3xf32> {tofu.param}) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x2x8x7xf32>, tensor<3x2x3x3xf32>) outs(%z : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %le = tensor.empty() : tensor<f32>
  %l0 = linalg.fill ins(%zero : f32) outs(%le : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%y : tensor<1x3x3x3xf32>) outs(%l0 : tensor<f32>) dimensions = [0, 1, 2, 3]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %l : tensor<f32>
}

// -----

// Max pooling routes the gradient to the arg-max: the adjoint compares each
// window element with the pooled output.
// CHECK-LABEL: func.func @train_step(
// CHECK: %[[P:.*]] = linalg.pooling_nchw_max {{{.*}}tofu.name = "pooling_nchw_max_4"}
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %arg0, %{{.*}}, %[[P]] : tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>, tensor<2x2xf32>, tensor<1x1x2x2xf32>)
// CHECK-SAME: attrs = {tofu.fwd = "pooling_nchw_max_4", tofu.grad_of = "arg0"}
// CHECK-NEXT: ^bb0(%[[DYS:.*]]: f32, %[[XS:.*]]: f32, %{{.*}}: f32, %[[YS:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpf oeq, %[[XS]], %[[YS]] : f32
// CHECK: arith.select %[[EQ]], %[[DYS]]
func.func @forward(%x: tensor<1x1x4x4xf32> {tofu.param}) -> tensor<f32> {
  %ninf = arith.constant -3.4e38 : f32
  %e = tensor.empty() : tensor<1x1x2x2xf32>
  %z = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %y = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %win : tensor<1x1x4x4xf32>, tensor<2x2xf32>) outs(%z : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %zero = arith.constant 0.0 : f32
  %le = tensor.empty() : tensor<f32>
  %l0 = linalg.fill ins(%zero : f32) outs(%le : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%y : tensor<1x1x2x2xf32>) outs(%l0 : tensor<f32>) dimensions = [0, 1, 2, 3]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %l : tensor<f32>
}

// -----

// Tensor ops: the adjoint of a pad is a slice, of a collapse an expand.
// CHECK-LABEL: func.func @train_step(
// CHECK: %[[DC:.*]] = tensor.extract_slice %{{.*}}[1, 0] [2, 3] [1, 1] {tofu.fwd = "pad_2", tofu.grad_of = "collapse_shape_0#0"} : tensor<3x5xf32> to tensor<2x3xf32>
// CHECK: tensor.expand_shape %[[DC]] {{\[}}[0], [1, 2]] output_shape [2, 3, 1] {tofu.fwd = "collapse_shape_0", tofu.grad_of = "arg0"}
func.func @forward(%x: tensor<2x3x1xf32> {tofu.param}) -> tensor<f32> {
  %c = tensor.collapse_shape %x [[0], [1, 2]] : tensor<2x3x1xf32> into tensor<2x3xf32>
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %c low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<2x3xf32> to tensor<3x5xf32>
  %le = tensor.empty() : tensor<f32>
  %l0 = linalg.fill ins(%zero : f32) outs(%le : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%p : tensor<3x5xf32>) outs(%l0 : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %l : tensor<f32>
}
