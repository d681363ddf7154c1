// Hand-written SPMD programs on a 2x2 grid whose result, 3 elements split
// padded at level 0 (blocks of 2: the second holds 1 element and 1 of
// padding) and replicated at level 1, differs between the replicas (0, c)
// and (1, c): @padding writes the level-1 coordinate into the padding of
// block 1 only, @real into a real element of every block.
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2], function = "padding", materialized = <partitioned_ops = 0, replicated_ops = 0, collectives = 0>>} {
  shard.grid @tofu_grid(shape = 2x2)
  func.func @padding(%x: tensor<2xf32> {tofu.global_shape = array<i64: 3>, tofu.layout = #tofu.layout<[padded<0>, replicated]>})
      -> (tensor<2xf32> {tofu.global_shape = array<i64: 3>, tofu.layout = #tofu.layout<[padded<0>, replicated]>}) {
    %idx:2 = shard.process_multi_index on @tofu_grid : index, index
    %c1 = arith.constant 1 : index
    %c = arith.index_cast %idx#1 : index to i32
    %f = arith.sitofp %c : i32 to f32
    %old = tensor.extract %x[%c1] : tensor<2xf32>
    %last = arith.cmpi eq, %idx#0, %c1 : index
    %v = arith.select %last, %f, %old : f32
    %r = tensor.insert %v into %x[%c1] : tensor<2xf32>
    return %r : tensor<2xf32>
  }
  func.func @real(%x: tensor<2xf32> {tofu.global_shape = array<i64: 3>, tofu.layout = #tofu.layout<[padded<0>, replicated]>})
      -> (tensor<2xf32> {tofu.global_shape = array<i64: 3>, tofu.layout = #tofu.layout<[padded<0>, replicated]>}) {
    %idx:2 = shard.process_multi_index on @tofu_grid : index, index
    %c0 = arith.constant 0 : index
    %c = arith.index_cast %idx#1 : index to i32
    %f = arith.sitofp %c : i32 to f32
    %r = tensor.insert %f into %x[%c0] : tensor<2xf32>
    return %r : tensor<2xf32>
  }
}
