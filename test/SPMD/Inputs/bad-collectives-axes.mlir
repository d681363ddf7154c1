module {
  shard.grid @g(shape = 2x2)
  func.func @axes(%x: tensor<4x4xf32>) -> tensor<16x4xf32> {
    %r = shard.all_gather %x on @g grid_axes = [0, 1] gather_axis = 0 : tensor<4x4xf32> -> tensor<16x4xf32>
    return %r : tensor<16x4xf32>
  }
}
