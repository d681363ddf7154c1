module {
  shard.grid @g(shape = 2x2)
  func.func @complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
    %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
    return %r : tensor<4xcomplex<f32>>
  }
}
