// Byte counts that 64 bits cannot hold are refused where they are read, with
// the value's location: the search, the memory estimate and the planner count
// bytes in int64_t (a wrapped count would be a wrong plan), and tofu-run's
// harness allocates and strides in 64 bits.
// RUN: not tofu-opt --tofu-partition="gpus=4" --split-input-file %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not tofu-opt --tofu-plan="gpus=4" --split-input-file %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not tofu-run %s 2>&1 | FileCheck %s --check-prefix=RUNNER

// One value: 2^62 x 4 f32 is 2^66 bytes.
// CHECK: byte-overflow.mlir:[[@LINE+2]]:{{[0-9]+}}: error: a value of type 'tensor<4611686018427387904x4xf32>' holds more bytes than 64 bits can count
// RUNNER: tofu-run: error: @main argument 0 (tensor<4611686018427387904x4xf32>) holds more bytes than 64 bits can count
func.func @main(%a: tensor<4611686018427387904x4xf32>, %b: tensor<4x4xf32>) -> tensor<4611686018427387904x4xf32> {
  %e = tensor.empty() : tensor<4611686018427387904x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4611686018427387904x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32>
  return %m : tensor<4611686018427387904x4xf32>
}

// -----

// Values of 2^62 bytes each: the argument fits, the sum with the next does not.
func.func @sum(%a: tensor<576460752303423488x2xf32>) -> tensor<576460752303423488x2xf32> {
  // CHECK: byte-overflow.mlir:[[@LINE+1]]:{{[0-9]+}}: error: the values of the function, up to this one, hold more bytes than 64 bits can count
  %e = tensor.empty() : tensor<576460752303423488x2xf32>
  %r = linalg.abs ins(%a : tensor<576460752303423488x2xf32>) outs(%e : tensor<576460752303423488x2xf32>) -> tensor<576460752303423488x2xf32>
  return %r : tensor<576460752303423488x2xf32>
}
