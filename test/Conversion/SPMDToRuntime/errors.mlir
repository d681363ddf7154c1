// Tests that --tofu-lower-spmd reports collectives the runtime cannot run,
// at the op, before converting anything.
// RUN: tofu-opt --tofu-lower-spmd --split-input-file --verify-diagnostics %s

shard.grid @g(shape = 2x2)
func.func @complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @below {{communicates a tensor of 'complex<f32>'; the runtime's collectives carry f32, f64, f16, bf16, i1, i8, i16, i32 and i64}}
  %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}

// -----

shard.grid @g(shape = 2x2)
func.func @i4(%x: tensor<2xi4>) -> tensor<4xi4> {
  // expected-error @below {{communicates a tensor of 'i4'}}
  %r = shard.all_gather %x on @g grid_axes = [0] gather_axis = 0 : tensor<2xi4> -> tensor<4xi4>
  return %r : tensor<4xi4>
}

// -----

shard.grid @g(shape = 2x2)
func.func @two_axes(%x: tensor<2xf32>) -> tensor<8xf32> {
  // expected-error @below {{spans 2 grid axes; the runtime's collectives run on one level}}
  %r = shard.all_gather %x on @g grid_axes = [0, 1] gather_axis = 0 : tensor<2xf32> -> tensor<8xf32>
  return %r : tensor<8xf32>
}
