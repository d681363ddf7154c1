// Tests the options of --tofu-autodiff: function names, learning rate as a
// constant or an argument, returned gradients.
// RUN: tofu-opt %s --tofu-autodiff="forward=model entry=step lr=0.5" | FileCheck %s --check-prefix=CONST
// RUN: tofu-opt %s --tofu-autodiff="forward=model lr-arg=true return-gradients=true" | FileCheck %s --check-prefix=ARG

// CONST-LABEL: func.func @model(
// CONST-LABEL: func.func @step(
// CONST-SAME: %[[W:.*]]: tensor<3xf32> {tofu.param}, %[[X:.*]]: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>)
// CONST: %[[U:.*]] = linalg.generic {{.*}} ins(%[[W]], %{{.*}} : tensor<3xf32>, tensor<3xf32>) {{.*}} attrs = {tofu.update_of = "arg0"}
// CONST: %[[LR:.*]] = arith.constant 5.000000e-01 : f32
// CONST: %[[STEP:.*]] = arith.mulf %[[LR]], %{{.*}} : f32
// CONST: arith.subf %{{.*}}, %[[STEP]] : f32
// CONST: return %[[U]], %{{.*}} : tensor<3xf32>, tensor<f32>

// ARG-LABEL: func.func @train_step(
// ARG-SAME: %[[W:.*]]: tensor<3xf32> {tofu.param}, %[[X:.*]]: tensor<3xf32>, %[[LR:.*]]: f32 {tofu.lr}) -> (tensor<3xf32>, tensor<f32>, tensor<3xf32>)
// ARG: %[[G:.*]] = linalg.generic {{.*}} attrs = {tofu.fwd = "dot", tofu.grad_of = "arg0"}
// ARG: %[[U:.*]] = linalg.generic {{.*}} ins(%[[W]], %[[G]] : {{.*}} attrs = {tofu.update_of = "arg0"}
// ARG: arith.mulf %[[LR]], %{{.*}} : f32
// ARG: return %[[U]], %[[L:.*]], %[[G]] : tensor<3xf32>, tensor<f32>, tensor<3xf32>
#id = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0) -> ()>
func.func @model(%w: tensor<3xf32> {tofu.param}, %x: tensor<3xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %l = linalg.generic {indexing_maps = [#id, #id, #sum], iterator_types = ["reduction"]} ins(%w, %x : tensor<3xf32>, tensor<3xf32>) outs(%z : tensor<f32>) attrs = {tofu.name = "dot"} {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %l : tensor<f32>
}
