// Tests that every Tofu attribute parses, verifies and prints back unchanged.
// RUN: tofu-opt %s -split-input-file | tofu-opt -split-input-file | FileCheck %s

// CHECK: module attributes {tofu.partition = #tofu.plan<workers = 8, levels = [2, 2, 2], strategy = "tofu", machine = "k80-pcie", function = "main", comm_bytes = 4096, materialized = <partitioned_ops = 1, replicated_ops = 0, collectives = 2>, microbatches = 4, schedule = "1f1b">}
module attributes {tofu.partition = #tofu.plan<levels = [2, 2, 2], workers = 8, strategy = "tofu", machine = "k80-pcie", function = "main", comm_bytes = 4096, materialized = <partitioned_ops = 1, replicated_ops = 0, collectives = 2>, microbatches = 4, schedule = "1f1b">} {
  // CHECK-LABEL: func.func @main(
  // CHECK-SAME: %{{.*}}: tensor<8x4xf32> {tofu.global_shape = array<i64: 16, 4>, tofu.layout = #tofu.layout<[0, 1, replicated]>, tofu.name = "x"}
  // CHECK-SAME: %{{.*}}: tensor<4x6xf32> {tofu.layout = #tofu.layout<[replicated, padded<1>, partial<add>]>, tofu.param}
  // CHECK-SAME: %{{.*}}: f32 {tofu.lr}
  // CHECK-SAME: -> (tensor<8x6xf32> {tofu.layout = #tofu.layout<[0, partial<max>, 1]>})
  func.func @main(%x: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0, 1, replicated]>, tofu.name = "x", tofu.global_shape = array<i64: 16, 4>},
                  %w: tensor<4x6xf32> {tofu.layout = #tofu.layout<[replicated, padded<1>, partial<add>]>, tofu.param},
                  %lr: f32 {tofu.lr})
      -> (tensor<8x6xf32> {tofu.layout = #tofu.layout<[0, partial<max>, 1]>})
      attributes {tofu.fusion = {after = 1 : i64, before = 2 : i64}} {
    // CHECK: tensor.empty() {tofu.fwd = "mm", tofu.grad_of = "mm#0", tofu.update_of = "w"}
    // CHECK: linalg.matmul {tofu.layouts = [#tofu.layout<[0, 1, replicated]>], tofu.name = "mm", tofu.step = 3 : i64, tofu.strategy = #tofu.strategy<[0, 2, replicated], stage = 1>}
    %e = tensor.empty() {tofu.fwd = "mm", tofu.grad_of = "mm#0", tofu.update_of = "w"} : tensor<8x6xf32>
    %y = linalg.matmul {tofu.strategy = #tofu.strategy<[0, 2, replicated], stage = 1>, tofu.layouts = [#tofu.layout<[0, 1, replicated]>], tofu.name = "mm", tofu.step = 3 : i64}
           ins(%x, %w : tensor<8x4xf32>, tensor<4x6xf32>) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
    return %y : tensor<8x6xf32>
  }
}

// -----

// A plan of one worker has no levels; its layouts are empty.
// CHECK: module attributes {tofu.partition = #tofu.plan<workers = 1, levels = []>}
// CHECK: func.func @f(%{{.*}}: tensor<4xf32> {tofu.layout = #tofu.layout<[]>})
// CHECK: tofu.strategy = #tofu.strategy<[]>
module attributes {tofu.partition = #tofu.plan<workers = 1, levels = []>} {
  func.func @f(%x: tensor<4xf32> {tofu.layout = #tofu.layout<[]>}) -> tensor<4xf32> {
    %y = arith.addf %x, %x {tofu.strategy = #tofu.strategy<[]>, tofu.layouts = [#tofu.layout<[]>]} : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}

// -----

// Every reducer of a partial level.
// CHECK: #tofu.layout<[partial<add>, partial<mul>, partial<max>, partial<min>, partial<and>, partial<or>, partial<xor>]>
module attributes {tofu.partition = #tofu.plan<workers = 128, levels = [2, 2, 2, 2, 2, 2, 2]>} {
  func.func private @g(tensor<4xf32> {tofu.layout = #tofu.layout<[partial<add>, partial<mul>, partial<max>, partial<min>, partial<and>, partial<or>, partial<xor>]>})
}

// -----

// A pipelined plan: two stages (level 0), each split two ways.
// CHECK: module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2], microbatches = 4, schedule = "gpipe", stages = 2>}
// CHECK: tofu.strategy = #tofu.strategy<[replicated, 0], stage = 1>
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2], stages = 2, microbatches = 4, schedule = "gpipe">} {
  func.func @main(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %e = tensor.empty() : tensor<8x4xf32>
    %y = linalg.copy {tofu.strategy = #tofu.strategy<[replicated, 0], stage = 1>} ins(%x : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    return %y : tensor<8x4xf32>
  }
}

// -----

// An interleaved pipelined plan: 2 stage ranks of 2 model chunks each.
// CHECK: module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], microbatches = 4, schedule = "interleaved", stages = 2, virtual_stages = 2>}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], stages = 2, microbatches = 4, schedule = "interleaved", virtual_stages = 2>} {}

// -----

// A linear level: the add is computed whole on the partial sums it reads,
// and its result combined into its layout (here replicated).
// CHECK: tofu.strategy = #tofu.strategy<[linear, 0]>
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  func.func @main(%a: tensor<8x4xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %e = tensor.empty() : tensor<8x4xf32>
    %y = linalg.add {tofu.strategy = #tofu.strategy<[linear, 0]>, tofu.layouts = [#tofu.layout<[replicated, 0]>]} ins(%a, %b : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    return %y : tensor<8x4xf32>
  }
}
