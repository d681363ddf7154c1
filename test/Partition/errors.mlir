// Tests that bad --tofu-partition options and inputs give clear errors.
// RUN: not tofu-opt --tofu-partition="strategy=magic" %s 2>&1 | FileCheck %s --check-prefix=STRATEGY
// RUN: not tofu-opt --tofu-search="print=xml" %s 2>&1 | FileCheck %s --check-prefix=PRINT
// RUN: not tofu-opt --tofu-export-sharding="objective=joules" %s 2>&1 | FileCheck %s --check-prefix=OBJECTIVE
// RUN: not tofu-opt --tofu-partition="gpus=0" %s 2>&1 | FileCheck %s --check-prefix=GPUS
// RUN: not tofu-opt --tofu-partition="gpus=-1" %s 2>&1 | FileCheck %s --check-prefix=GPUSNEG
// RUN: not tofu-opt --tofu-partition="gpus=four" %s 2>&1 | FileCheck %s --check-prefix=GPUSWORD
// RUN: not tofu-opt --tofu-report="gpus=-2" %s 2>&1 | FileCheck %s --check-prefix=REPORTNEG
// RUN: not tofu-opt --tofu-partition="machine=%t.nonexistent.json" %s 2>&1 | FileCheck %s --check-prefix=MACHINE
// RUN: echo '{"device": {"flops": 1e12}, "links": []}' > %t.bad.json
// RUN: not tofu-opt --tofu-partition="machine=%t.bad.json" %s 2>&1 | FileCheck %s --check-prefix=BADMACHINE
// RUN: echo 'not json' > %t.garbage.json
// RUN: not tofu-opt --tofu-partition="machine=%t.garbage.json" %s 2>&1 | FileCheck %s --check-prefix=GARBAGE
// RUN: not tofu-opt --tofu-partition="entry=nothere" %s 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not tofu-opt --tofu-partition="strategy=exhaustive gpus=2 entry=wide" %s 2>&1 | FileCheck %s --check-prefix=EXHAUSTIVE
// RUN: not tofu-opt --tofu-partition="report=/nonexistent-dir/r.json" %s 2>&1 | FileCheck %s --check-prefix=REPORT
// Worker counts whose search would run for hours are refused at once.
// RUN: not tofu-opt --tofu-partition="gpus=4294967296" %s 2>&1 | FileCheck %s --check-prefix=GPUSBIG
// RUN: not tofu-opt --tofu-partition="gpus=2147483647" %s 2>&1 | FileCheck %s --check-prefix=PRIME
// RUN: not tofu-opt --tofu-partition="gpus=720720 entry=wide" %s 2>&1 | FileCheck %s --check-prefix=MANY
// RUN: tofu-opt --tofu-partition="gpus=1048576 levels=2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2" %s -o /dev/null

// PRINT: for the --print option: unknown value 'xml'; expected one of: none, table, json
// OBJECTIVE: for the --objective option: unknown value 'joules'; expected one of: bytes, time
// STRATEGY: for the --strategy option: unknown value 'magic'; expected one of: tofu, data-parallel, allrow-greedy, spartan, equal-chop, no-reduce, exhaustive
// GPUS: error: 'gpus' must be an integer from 1 to 1048576 (the number of workers), got '0'
// GPUSNEG: error: 'gpus' must be an integer from 1 to 1048576 (the number of workers), got '-1'
// GPUSNEG-NOT: error: {{$}}
// GPUSWORD: error: 'gpus' must be an integer from 1 to 1048576 (the number of workers), got 'four'
// REPORTNEG: error: 'gpus' must be an integer from 1 to 1048576 (the number of workers), got '-2'
// MACHINE: error: cannot read machine description '{{.*}}nonexistent.json' (bundled: {{.*}}h200-nvlink{{.*}})
// BADMACHINE: error: {{.*}}bad.json: "device.memory_bytes" must be a finite positive number
// GARBAGE: error: {{.*}}garbage.json: invalid JSON
// ENTRY: error: no function named 'nothere'
// EXHAUSTIVE: error: exhaustive search would enumerate {{[0-9]+}} assignments at one level (limit 20000000); use it on smaller graphs
// REPORT: error: cannot write report '/nonexistent-dir/r.json'
// GPUSBIG: error: 'gpus' must be an integer from 1 to 1048576 (the number of workers), got '4294967296'
// PRIME: error: 'gpus' must be an integer from 1 to 1048576 (the number of workers), got '2147483647'
// MANY: error: the search over 720720 workers is too large: 8727 factorizations into levels {{.*}}; name the levels with levels= (e.g. levels=13,11,7,5,3,3,2,2,2,2) or partition over fewer workers

func.func @mlp(%x: tensor<8x16xf32>, %w: tensor<16x4xf32> {tofu.param}) -> tensor<8x4xf32> {
  %c = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %z = linalg.fill ins(%c : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %y = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%z : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

func.func @argmax(%a: tensor<4x6xf32>) -> tensor<4xi32> {
  %0 = tosa.argmax %a {axis = 1 : i32} : (tensor<4x6xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// Twenty independent element-wise ops on 4-D tensors: 4^20 * ... assignments.
func.func @wide(%a: tensor<2x2x2x2xf32>) -> (tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>) {
  %0 = tosa.exp %a : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %1 = tosa.exp %0 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %2 = tosa.exp %1 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %3 = tosa.exp %2 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %4 = tosa.exp %3 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %5 = tosa.exp %4 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %6 = tosa.exp %5 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %7 = tosa.exp %6 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %8 = tosa.exp %7 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %9 = tosa.exp %8 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %10 = tosa.exp %9 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %11 = tosa.exp %10 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %12 = tosa.exp %11 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %13 = tosa.exp %12 : (tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>
}
