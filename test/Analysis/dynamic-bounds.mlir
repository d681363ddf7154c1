// Mixed static/dynamic bounds (tensor.pad's low, the slices' offsets): an
// SSA constant is read as its value; a bound known only at run time makes the
// shifted input read whole. (The undefined-behaviour sanitizer found both
// read as ShapedType::kDynamic, a shift by -(-2^63).)
// RUN: tofu-opt --tofu-print-tdl %s -o /dev/null | FileCheck %s --check-prefix=TDL
// RUN: tofu-opt --tofu-print-strategies %s -o /dev/null | FileCheck %s

// TDL: tdl.operator @"tensor.pad#0" {{.*}}inputs [#tdl.guarded<affine_map<(d0, d1) -> (d0, d1 - 1)>>]
// CHECK-LABEL: tensor.pad at
// CHECK: split d1 (output): in0[all, half] -> [all, half]
// CHECK-NEXT: worker 0: in0[0:3, 0:1] -> [0:3, 0:2]
// CHECK-NEXT: worker 1: in0[0:3, 2:5] -> [0:3, 3:6]
func.func @pad_constant_low(%x: tensor<4x6xf32>) -> tensor<4x7xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%c0, %c1] high[%c0, %c0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<4x7xf32>
  return %p : tensor<4x7xf32>
}

// TDL: tdl.operator @"tensor.insert_slice#0" {{.*}}inputs [#tdl.guarded<affine_map<(d0, d1) -> (0, 0)>>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-LABEL: tensor.insert_slice at
// CHECK: split d0 (output): in0[all, all] in1[half, all] -> [half, all]
func.func @insert_at_run_time(%dest: tensor<8x6xf32>, %src: tensor<2x6xf32>, %at: index) -> tensor<8x6xf32> {
  %r = tensor.insert_slice %src into %dest[%at, 0] [2, 6] [1, 1] : tensor<2x6xf32> into tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}
