// Diagnostics of --tofu-materialize and --tofu-lower-spmd.
// RUN: not tofu-opt --tofu-materialize %s 2>&1 | FileCheck %s --check-prefix=NOPLAN
// RUN: not tofu-opt --tofu-materialize %S/Inputs/bad-plans.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tofu-opt --tofu-materialize %S/Inputs/uneven-plan.mlir 2>&1 | FileCheck %s --check-prefix=UNEVEN
// RUN: tofu-opt --tofu-partition=gpus=2 %s -o %t.mlir
// RUN: not tofu-opt --tofu-materialize %t.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not tofu-opt --tofu-lower-spmd %S/Inputs/bad-collectives.mlir 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not tofu-opt --tofu-lower-spmd %S/Inputs/bad-collectives-axes.mlir 2>&1 | FileCheck %s --check-prefix=AXES

// NOPLAN: error: no tofu.partition plan on the module (run --tofu-partition=materialize=false first)
// UNEVEN: uneven-plan.mlir:2:{{[0-9]+}}: error: 'func.func' op argument 0: tofu.layout splits dimension 0 (7 elements at that level) 2 ways at level 0 unevenly; an uneven split is written padded<0>
// TWICE: error: the module is already materialized
// BAD: bad-plans.mlir:2:{{[0-9]+}}: error: 'func.func' op argument 0: tofu.layout has 1 levels for a plan of 2
// LOWER: error: 'shard.all_reduce' op communicates a tensor of 'complex<f32>'; the runtime's collectives carry f32, f64, f16, bf16, i1, i8, i16, i32 and i64
// AXES: error: 'shard.all_gather' op spans 2 grid axes; the runtime's collectives run on one level

func.func @main(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %y = linalg.add ins(%x, %x : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
