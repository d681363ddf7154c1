// Tests that --tofu-lower-spmd reports the sends, receives and broadcasts
// the runtime cannot carry out, at the op, before converting anything.
// RUN: tofu-opt --tofu-lower-spmd --split-input-file --verify-diagnostics %s

shard.grid @g(shape = 2x3)
func.func @dynamic_destination(%x: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  // expected-error @below {{has a dynamic destination; the runtime lowering takes a static in-group index}}
  %r = shard.send %x on @g grid_axes = [1] destination = [%i] : (tensor<4xf32>, index) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @g(shape = 2x3)
func.func @no_source(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{names no source; the runtime receives from one named member}}
  %r = shard.recv %x on @g grid_axes = [1] : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @g(shape = 2x3)
func.func @dynamic_source(%x: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  // expected-error @below {{has a dynamic source}}
  %r = shard.recv %x on @g grid_axes = [0] source = [%i] : (tensor<4xf32>, index) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @g(shape = 2x3)
func.func @dynamic_root(%x: tensor<f32>, %i: index) -> tensor<f32> {
  // expected-error @below {{has a dynamic root}}
  %r = shard.broadcast %x on @g grid_axes = [0] root = [%i] : (tensor<f32>, index) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

shard.grid @g(shape = 2x3)
func.func @two_axes(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{spans 2 grid axes; the runtime's collectives run on one level}}
  %r = shard.send %x on @g grid_axes = [0, 1] destination = [1, 2] : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

shard.grid @g(shape = 2x3)
func.func @complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @below {{communicates a tensor of 'complex<f32>'}}
  %r = shard.recv %x on @g grid_axes = [0] source = [0] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}
