// A two-stage exchange in the style of a pipelined step, written with shard
// ops: stage 0 sends x, then x + x; stage 1 receives both and sends back
// second - first = x (exact in f32; -x if the messages overtook each other);
// stage 1's value is then broadcast and added to each rank's own. Stage 0
// sends both messages before it receives. Every rank returns 2x.
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
  shard.grid @g(shape = 2)
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %c = shard.process_multi_index on @g axes = [0] : index
    %zero = arith.constant 0 : index
    %is0 = arith.cmpi eq, %c, %zero : index
    %r = scf.if %is0 -> tensor<4xf32> {
      %s = shard.send %x on @g grid_axes = [0] destination = [1] : (tensor<4xf32>) -> tensor<4xf32>
      %twice = arith.addf %s, %s : tensor<4xf32>
      %s2 = shard.send %twice on @g grid_axes = [0] destination = [1] : (tensor<4xf32>) -> tensor<4xf32>
      %b = shard.recv %x on @g grid_axes = [0] source = [1] : (tensor<4xf32>) -> tensor<4xf32>
      scf.yield %b : tensor<4xf32>
    } else {
      %a = shard.recv %x on @g grid_axes = [0] source = [0] : (tensor<4xf32>) -> tensor<4xf32>
      %a2 = shard.recv %x on @g grid_axes = [0] source = [0] : (tensor<4xf32>) -> tensor<4xf32>
      %y = arith.subf %a2, %a : tensor<4xf32>
      %s = shard.send %y on @g grid_axes = [0] destination = [0] : (tensor<4xf32>) -> tensor<4xf32>
      scf.yield %y : tensor<4xf32>
    }
    %b = shard.broadcast %r on @g grid_axes = [0] root = [1] : (tensor<4xf32>) -> tensor<4xf32>
    %out = arith.addf %b, %r : tensor<4xf32>
    return %out : tensor<4xf32>
  }
}
