// Tests that --tofu-infer-step-roles refuses, located, a function that is no
// training step: no updated argument, no loss, no gradient.
// RUN: tofu-opt --tofu-infer-step-roles %s -split-input-file -verify-diagnostics

// A forward: nothing it returns is an update of an argument.
// expected-error @+1 {{'func.func' op is not a training step: it returns no updated value of any argument}}
func.func @forward(%w: tensor<4xf32>, %x: tensor<4xf32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.mul ins(%w, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%y : tensor<4xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %l : tensor<f32>
}

// -----

// An update, but no float scalar to be the loss.
func.func @no_loss(%w: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %n = linalg.sub ins(%w, %g : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'func.return' op returns no loss: no result besides the 1 updated argument(s) is a float scalar computed by the step}}
  return %n : tensor<4xf32>
}

// -----

// A counter and a loss, but the update reads nothing computed from the loss's
// forward: no gradient reaches any argument.
// expected-error @+1 {{'func.func' op is not a training step: no gradient reaches any of its 1 updated argument(s)}}
func.func @no_gradient(%t: tensor<f32>, %x: tensor<4xf32>) -> (tensor<f32>, tensor<f32>) {
  %one = arith.constant dense<1.0> : tensor<f32>
  %es = tensor.empty() : tensor<f32>
  %t1 = linalg.add ins(%t, %one : tensor<f32>, tensor<f32>) outs(%es : tensor<f32>) -> tensor<f32>
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%x : tensor<4xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %l, %t1 : tensor<f32>, tensor<f32>
}
