// Materialization of padded (uneven) splits: the shards have the rounded-up
// size, padded iterations leave a linalg op's outputs unchanged (so a split
// reduction adds the reducer's identity there), gathers cut the padding off
// and new splits (all_slice, reduce_scatter) pad first. Run on MPI ranks
// against the unpartitioned module in
// test/Integration/Run/partitioned-padded.test.
// RUN: tofu-opt --tofu-materialize %S/Inputs/padded-ops.mlir | FileCheck %s
// RUN: tofu-opt --tofu-materialize %S/Inputs/padded-grid.mlir | FileCheck %s --check-prefix=GRID
// RUN: tofu-opt --tofu-materialize --tofu-lower-spmd --tofu-drop-plan %S/Inputs/padded-ops.mlir | FileCheck %s --check-prefix=LOWER

// 10 rows over 4: shards of 3 rows, rank c holds min(max(10 - 3c, 0), 3).
// CHECK: materialized = <partitioned_ops = 4, replicated_ops = 0, collectives = 3>
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %{{.*}}: tensor<3x6xf32> {tofu.global_shape = array<i64: 10, 6>, tofu.layout = #tofu.layout<[padded<0>]>}
// CHECK-SAME: %{{.*}}: tensor<6x10xf32> {tofu.layout = #tofu.layout<[replicated]>}
// CHECK-SAME: -> (tensor<3x6xf32> {tofu.global_shape = array<i64: 10, 6>, tofu.layout = #tofu.layout<[padded<0>]>}
// CHECK-SAME: tensor<10x3xf32> {tofu.global_shape = array<i64: 10, 10>, tofu.layout = #tofu.layout<[padded<1>]>})
// CHECK: %[[C:.*]] = shard.process_multi_index on @tofu_grid : index
// CHECK: %[[START:.*]] = arith.muli %[[C]], %{{.*}} : index
// CHECK: %[[REST:.*]] = arith.subi %{{.*}}, %[[START]] : index
// CHECK: %[[POS:.*]] = arith.maxsi %[[REST]], %{{.*}} : index
// CHECK: %[[REAL:.*]] = arith.minsi %[[POS]], %{{.*}} : index
// The element-wise exp: padded rows keep the init.
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<3x6xf32>) outs(%{{.*}} : tensor<3x6xf32>)
// CHECK: %[[EXP:.*]] = math.exp
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[I]], %[[REAL]] : index
// CHECK: %[[SEL:.*]] = arith.select %[[IN]], %[[EXP]], %{{.*}} : f32
// CHECK: linalg.yield %[[SEL]]
// The column sums: padded rows add nothing, then an all-reduce.
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<3x6xf32>) outs(%{{.*}} : tensor<6xf32>)
// CHECK: %[[ADD:.*]] = arith.addf
// CHECK: linalg.index 1 : index
// CHECK: arith.select %{{.*}}, %[[ADD]], %{{.*}} : f32
// CHECK: shard.all_reduce %{{.*}} on @tofu_grid grid_axes = [0] : tensor<6xf32>
// The column maxima: a max all-reduce of masked partial maxima.
// CHECK: arith.maximumf
// CHECK: arith.select
// CHECK: shard.all_reduce %{{.*}} on @tofu_grid grid_axes = [0] reduction = max : tensor<6xf32>
// The product by rows, relaid out to padded columns: gather (12 rows), cut
// to 10, pad the columns to 12, slice.
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<3x6xf32>, tensor<6x10xf32>) outs(%{{.*}} : tensor<3x10xf32>)
// CHECK: %[[G:.*]] = shard.all_gather %{{.*}} on @tofu_grid grid_axes = [0] gather_axis = 0 : tensor<3x10xf32> -> tensor<12x10xf32>
// CHECK: %[[CUT:.*]] = tensor.extract_slice %[[G]][0, 0] [10, 10] [1, 1] : tensor<12x10xf32> to tensor<10x10xf32>
// CHECK: %[[PAD:.*]] = tensor.insert_slice %[[CUT]] into %{{.*}}[0, 0] [10, 10] [1, 1] : tensor<10x10xf32> into tensor<10x12xf32>
// CHECK: shard.all_slice %[[PAD]] on @tofu_grid grid_axes = [0] slice_axis = 1 : tensor<10x12xf32> -> tensor<10x3xf32>

// A 3x2 grid: 10 rows in blocks of 4 then 2; a contraction over a padded
// loop reduce-scattered into padded rows (7 -> 9 -> 3 per member).
// GRID: materialized = <partitioned_ops = 2, replicated_ops = 0, collectives = 3>
// GRID: func.func @main(%{{.*}}: tensor<2x5xf32> {tofu.global_shape = array<i64: 10, 5>, tofu.layout = #tofu.layout<[padded<0>, 0]>}
// GRID: shard.all_slice %{{.*}} on @tofu_grid grid_axes = [1] slice_axis = 1 : tensor<4x6xf32> -> tensor<4x3xf32>
// GRID: arith.andi
// GRID: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [7, 3] [1, 1] : tensor<7x3xf32> into tensor<9x3xf32>
// GRID: shard.reduce_scatter %{{.*}} on @tofu_grid grid_axes = [0] scatter_axis = 0 : tensor<9x3xf32> -> tensor<3x3xf32>
// The real rows of a block split at two levels: what level 0 leaves, then
// level 1's share of it.
// GRID: %[[L0:.*]] = arith.minsi
// GRID: arith.subi %[[L0]], %{{.*}} : index
// GRID: shard.all_reduce %{{.*}} grid_axes = [0]
// GRID: shard.all_reduce %{{.*}} grid_axes = [1]

// LOWER-NOT: shard.
// LOWER-NOT: tofu.global_shape
// LOWER: call @tofu_rt_all_gather_memref_f32
