// Tests that --tofu-place rejects what it cannot place with a located error.
// RUN: tofu-opt %s --tofu-place="stages=2 microbatches=4" -split-input-file -verify-diagnostics

// A forward function is not a training step: without tags, the dataflow
// finds no updated argument (--tofu-infer-step-roles).
// expected-error @+1 {{'func.func' op is not a training step: it returns no updated value of any argument (a value of the argument's type computed from it element-wise, as w - lr * g is); a forward function needs --tofu-autodiff first}}
func.func @train_step(%w: tensor<4x3xf32> {tofu.param}, %x: tensor<8x4xf32>) -> tensor<8x3xf32> {
  %e = tensor.empty() : tensor<8x3xf32>
  %y = linalg.matmul {tofu.name = "mm"} ins(%x, %w : tensor<8x4xf32>, tensor<4x3xf32>) outs(%e : tensor<8x3xf32>) -> tensor<8x3xf32>
  return %y : tensor<8x3xf32>
}

// -----

// Tags without tofu.fwd: the step is taken as tagged, and names no forward op.
// expected-error @+1 {{@train_step is not a training step: no op carries tofu.fwd}}
func.func @train_step(%w: tensor<4x3xf32> {tofu.param}, %x: tensor<8x4xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %n = linalg.negf {tofu.update_of = "arg0"} ins(%w : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %n : tensor<4x3xf32>
}

// -----

// 4 microbatches cannot cut a batch of 6 rows.
// expected-error @+1 {{microbatches = 4 does not divide the batch: argument #1 of @train_step has 6 rows (dimension 0)}}
func.func @train_step(%w: tensor<4x3xf32> {tofu.param}, %x: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %e = tensor.empty() {tofu.fwd = "neg"} : tensor<6x4xf32>
  %y = linalg.negf {tofu.name = "neg"} ins(%x : tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

// -----

// Nor one of unknown size.
// expected-error @+1 {{microbatches = 4 does not divide the batch: argument #0 of @train_step has a dynamic number of rows (dimension 0)}}
func.func @train_step(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %e = tensor.empty() {tofu.fwd = "neg"} : tensor<8x4xf32>
  return %x : tensor<?x4xf32>
}

// -----

// One op to place (the fill and tensor.empty are cheap) cannot fill 2 stages.
// expected-error @+1 {{@train_step has 1 ops to place, fewer than stages = 2}}
func.func @train_step(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() {tofu.fwd = "neg"} : tensor<8x4xf32>
  %y = linalg.negf {tofu.name = "neg"} ins(%x : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

// A forward op reading a gradient is not the shape of a training step.
func.func @train_step(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %g = linalg.negf {tofu.fwd = "f"} ins(%x : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-error @+1 {{'linalg.negf' is a forward op (no tofu.fwd, tofu.grad_of or tofu.update_of) but reads the backward value of 'linalg.negf (tofu.fwd f)'}}
  %f = linalg.negf {tofu.name = "f"} ins(%g : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %f : tensor<8x4xf32>
}

// -----

// Costs need static shapes.
func.func @train_step(%w: tensor<?x4xf32> {tofu.param}, %x: tensor<8x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %w, %c0 : tensor<?x4xf32>
  // expected-error @+1 {{'tensor.empty': --tofu-place needs static tensor shapes to cost the op, got 'tensor<?x4xf32>'}}
  %e = tensor.empty(%d) {tofu.fwd = "neg"} : tensor<?x4xf32>
  %y = linalg.negf {tofu.name = "neg"} ins(%w : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// A module with a plan was placed or partitioned already.
// expected-error @+1 {{the module already has a tofu.partition plan; --tofu-place places an unpartitioned training step}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], microbatches = 4, schedule = "1f1b", stages = 2>} {
  func.func @train_step(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
    return %x : tensor<8x4xf32>
  }
}

// -----

// The default entry is the step --tofu-autodiff names train_step.
// expected-error @+1 {{no function named 'train_step' with a body to place (set entry=)}}
module {
  func.func @step(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
    return %x : tensor<8x4xf32>
  }
}
