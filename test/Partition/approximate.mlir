// A table cap too small for the level (beam=1) leaves variables to the
// library's local search: the plan is reported not proven optimal, with why.
// RUN: tofu-opt --tofu-search="gpus=4 beam=1" %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: warning: @main: the solver could not prove the plan optimal at a level of {{[24]}} ways ({{[0-9]+}} variables needed tables over beam=1 entries and were searched locally); the plan may not be optimal
func.func @main(%x: tensor<64x32xf32>, %w: tensor<32x32xf32>) -> tensor<64x32xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.matmul ins(%x, %w : tensor<64x32xf32>, tensor<32x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.exp ins(%y : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}
