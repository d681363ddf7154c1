module {
  shard.grid @g(shape = 2x2)
  func.func @ints(%x: tensor<4xi32>) -> tensor<4xi32> {
    %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4xi32> -> tensor<4xi32>
    return %r : tensor<4xi32>
  }
}
