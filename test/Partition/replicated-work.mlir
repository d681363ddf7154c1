// Tests that the report says how much of the work a plan replicates, and
// that a plan which splits (almost) nothing is warned about instead of
// being reported as "100% of ideal": at k = 4 in one level of 4 (the
// equal-chop baseline, which splits evenly only) no dimension of the 5x7x9
// layer divides, so every rank would compute the whole layer; the 6x30x30
// one splits. The tofu search splits the 5x7x9 layer too, with padded
// (uneven) splits.
// RUN: tofu-opt --tofu-report="gpus=4 entry=odd strategy=equal-chop" %s 2>&1 | FileCheck %s --check-prefix=FOUR
// RUN: tofu-opt --tofu-report="gpus=4 entry=even" %s 2>&1 | FileCheck %s --check-prefix=EVEN
// RUN: tofu-opt --tofu-partition="gpus=4 entry=odd strategy=equal-chop materialize=false report=%t.json" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: tofu-opt --tofu-partition="gpus=4 entry=odd materialize=false" %s 2>&1 | FileCheck %s --check-prefix=PADDED
// FOUR: work per device: 100.0% of the step (ideal 25.0%); replicated work: 100.0% of the step's FLOPs are in ops not split 4 ways
// FOUR: warning: this plan splits almost nothing: every device runs 100.0% of the step's work
// EVEN: work per device: 25.0% of the step (ideal 25.0%); replicated work: 0.0% of the step's FLOPs are in ops not split 4 ways
// EVEN-NOT: splits almost nothing
// WARN: warning: @odd: the plan for 4 workers splits almost nothing: every device runs 100.0% of the step's work (100.0% of its FLOPs are in ops not split 4 ways)
// JSON: "no_useful_splitting": true,
// JSON: "replicated_work_fraction": 1,
// JSON: "work_per_device_fraction": 1{{$}}
// PADDED-NOT: splits almost nothing
// PADDED: func.func @odd(%{{.*}}: tensor<5x7xf32> {tofu.layout = #tofu.layout<[padded<0>, padded<1>]>}
// PADDED: linalg.matmul {tofu.layouts = [#tofu.layout<[padded<1>, padded<0>]>], tofu.strategy = #tofu.strategy<[1, 2]>}

func.func @odd(%x: tensor<5x7xf32>, %w: tensor<7x9xf32> {tofu.param}) -> tensor<5x9xf32> {
  %c = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x9xf32>
  %z = linalg.fill ins(%c : f32) outs(%e : tensor<5x9xf32>) -> tensor<5x9xf32>
  %y = linalg.matmul ins(%x, %w : tensor<5x7xf32>, tensor<7x9xf32>) outs(%z : tensor<5x9xf32>) -> tensor<5x9xf32>
  return %y : tensor<5x9xf32>
}

func.func @even(%x: tensor<6x30xf32>, %w: tensor<30x30xf32> {tofu.param}) -> tensor<6x30xf32> {
  %c = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x30xf32>
  %z = linalg.fill ins(%c : f32) outs(%e : tensor<6x30xf32>) -> tensor<6x30xf32>
  %y = linalg.matmul ins(%x, %w : tensor<6x30xf32>, tensor<30x30xf32>) outs(%z : tensor<6x30xf32>) -> tensor<6x30xf32>
  return %y : tensor<6x30xf32>
}
