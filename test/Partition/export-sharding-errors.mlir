// Tests that --tofu-export-sharding refuses, with located errors, options it
// cannot use, input it does not annotate and plans XLA cannot take at the
// arguments (an uneven split).
// RUN: not tofu-opt %s --split-input-file --tofu-export-sharding="dialect=xla" 2>&1 | FileCheck %s --check-prefix=DIALECT
// RUN: not tofu-opt %s --split-input-file --tofu-export-sharding="gpus=4 levels=2,2 axes=a" 2>&1 | FileCheck %s --check-prefix=AXES
// RUN: not tofu-opt %s --split-input-file --tofu-export-sharding="gpus=4 levels=2,2 axes=a,a" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not tofu-opt %s --split-input-file --tofu-export-sharding="gpus=2 axes=1x" 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not tofu-opt %s --split-input-file --tofu-export-sharding="gpus=4 axes=a,b,c" 2>&1 | FileCheck %s --check-prefix=LEVELS
// RUN: tofu-opt %s --split-input-file --verify-diagnostics --tofu-export-sharding="gpus=2"

// DIALECT: for the --dialect option: Cannot find option named 'xla'!
// AXES: error: axes= names 1 mesh axes, levels= has 2
// TWICE: error: axes=: 'a' is named twice
// NAME: error: axes=: '1x' is not an axis name
// LEVELS: error: axes= names 3 mesh axes; the plan has {{[0-9]}} levels

// Every dimension is odd: the plan for 2 splits the batch of 7 unevenly
// (padded), which JAX's in_shardings cannot take.
module @jit_step {
  // expected-error @+1 {{argument 0 ('x') ('tensor<7x5xf32>'): Tofu's plan splits dimension 0 unevenly at level 0 (padded); JAX's in_shardings and out_shardings take even splits only}}
  func.func public @main(%arg0: tensor<7x5xf32> loc("x"), %arg1: tensor<5x3xf32>) -> tensor<7x3xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<7x5xf32>, tensor<5x3xf32>) -> tensor<7x3xf32>
    return %0 : tensor<7x3xf32>
  }
}

// -----

// expected-error @+1 {{holds no StableHLO op: --tofu-export-sharding annotates modules JAX lowered}}
func.func @main(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = tensor.empty() : tensor<8x8xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// expected-error @+1 {{takes the StableHLO module JAX lowered, not a planned one}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
  func.func public @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}
