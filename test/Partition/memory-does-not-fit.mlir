// A memory limit no plan fits: the search fails at the function, naming the
// smallest peak it found, its levels, and what dominates it (as --tofu-plan
// words it), with a non-zero exit.
// RUN: not tofu-opt --tofu-partition="gpus=2 memory=64kB" %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not tofu-opt --tofu-report="gpus=4 memory=1kB" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOUR
// A malformed limit is refused.
// RUN: not tofu-opt --tofu-search="gpus=2 memory=lots" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: memory-does-not-fit.mlir:[[@LINE+4]]:1: error: no plan for 2 workers fits 62.50 KiB per device: the smallest peak found is {{[0-9.]+}} KiB (levels 2), dominated by activations ({{[0-9.]+}} KiB) at '{{.+}}'
// CHECK-NOT: error
// FOUR: error: no plan for 4 workers fits 1000.00 B per device: the smallest peak found is {{[0-9.]+}} KiB (levels {{2x2|4}}), dominated by {{[a-z]+}}
// BAD: error: memory='lots' is not a byte count (e.g. 80e9, 40GiB, 512kB, 0) nor 'machine'
func.func @main(%x: tensor<256x128xf32>, %w: tensor<128x128xf32>) -> tensor<256x128xf32> {
  %e = tensor.empty() : tensor<256x128xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x128xf32>) -> tensor<256x128xf32>
  %y = linalg.matmul ins(%x, %w : tensor<256x128xf32>, tensor<128x128xf32>) outs(%f : tensor<256x128xf32>) -> tensor<256x128xf32>
  %r = linalg.exp ins(%y : tensor<256x128xf32>) outs(%e : tensor<256x128xf32>) -> tensor<256x128xf32>
  return %r : tensor<256x128xf32>
}
