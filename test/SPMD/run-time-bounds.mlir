// An insert_slice at an offset known only at run time (JAX's
// dynamic_update_slice) is computed whole on every rank: its local rebuild
// would keep the global offset against a local destination. Gathered, then
// sliced back to the planned layout.
// RUN: tofu-opt --tofu-partition="gpus=2 print=none" %s | FileCheck %s

// CHECK-LABEL: func.func @insert_at_run_time
// CHECK-DAG: %[[SRC:.*]] = shard.all_gather %arg1 {{.*}} : tensor<1x6xf32> -> tensor<2x6xf32>
// CHECK-DAG: %[[DEST:.*]] = shard.all_gather %arg0 {{.*}} : tensor<4x6xf32> -> tensor<8x6xf32>
// CHECK: %[[R:.*]] = tensor.insert_slice %[[SRC]] into %[[DEST]][%arg2, 0] [2, 6] [1, 1] {{.*}} : tensor<2x6xf32> into tensor<8x6xf32>
// CHECK: shard.all_slice %[[R]] {{.*}} : tensor<8x6xf32> -> tensor<4x6xf32>
func.func @insert_at_run_time(%dest: tensor<8x6xf32>, %src: tensor<2x6xf32>, %at: index) -> tensor<8x6xf32> {
  %r = tensor.insert_slice %src into %dest[%at, 0] [2, 6] [1, 1] : tensor<2x6xf32> into tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}
