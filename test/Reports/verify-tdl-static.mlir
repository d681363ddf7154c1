// Static checks of --tofu-verify-tdl: located errors naming op and
// description, and the listing of what is lowered or checked by accesses only.
// RUN: tofu-opt --tofu-verify-tdl %s -o /dev/null | FileCheck %s
// RUN: tofu-opt --tdl-load-library="paths=%S/Inputs/bad-access-tdl.mlir" --tofu-verify-tdl %s -o /dev/null -verify-diagnostics

// CHECK: verify-tdl: @ops tosa.abs (description 'tosa.abs'): lowered
// CHECK: verify-tdl: @ops tosa.exp (description 'tosa.exp'): lowered
// CHECK: verify-tdl: @ops tosa.cast (description 'tosa.cast'): accesses checked only (no body)
func.func @ops(%a: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi32>) {
  // expected-error @+1 {{description 'tosa.abs' never reads input #0 (its guarded access stays outside the input)}}
  %0 = tosa.abs %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = tosa.exp %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = tosa.cast %a : (tensor<4x6xf32>) -> tensor<4x6xi32>
  return %0, %1, %2 : tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi32>
}
