// Tests that interval analysis reproduces the strategies of the Tofu paper:
// conv1d's five, shift_two's regions, and matmul's three.
// RUN: tofu-opt --tofu-print-strategies %s -o /dev/null | FileCheck %s

// The paper's conv1d: splits of b, co and x (with a halo of kernel width - 1),
// and partition-n-reduce over ci and dx.
// CHECK-LABEL: @conv1d at
// CHECK-NEXT: loops: b co x ci(sum) dx(sum)
// CHECK-NEXT: split b (output): in0[half, all, all] in1[all, all, all] -> [half, all, all]
// CHECK-NEXT: worker 0: in0{{\[}}[0, B/2 - 1], [0, CI - 1], [0, X + DX - 2]] in1{{\[}}[0, CI - 1], [0, CO - 1], [0, DX - 1]]
// CHECK-NEXT: worker 1: in0{{\[}}[B/2, B - 1],
// CHECK-NEXT: split co (output): in0[all, all, all] in1[all, half, all] -> [all, half, all]
// CHECK: split x (output): in0[all, all, halo(0, DX - 1)] in1[all, all, all] -> [all, all, half]
// CHECK-NEXT: worker 0: in0{{\[}}[0, B - 1], [0, CI - 1], [0, X/2 + DX - 2]]
// CHECK-NEXT: worker 1: in0{{\[}}[0, B - 1], [0, CI - 1], [X/2, X + DX - 2]]
// CHECK: split ci (reduction): in0[all, half, all] in1[half, all, all] -> partial(sum)
// CHECK: split dx (reduction): in0[all, all, halo(0, X - 1)] in1[all, all, half] -> partial(sum)
// CHECK-NOT: split
tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
    inputs [affine_map<(b, co, x, ci, dx) -> (b, ci, x + dx)>,
            affine_map<(b, co, x, ci, dx) -> (ci, co, dx)>] {
^bb0(%data: f32, %filter: f32):
  %0 = arith.mulf %data, %filter : f32
  tdl.yield %0 : f32
}

// CHECK-LABEL: @shift_two at
// CHECK-NEXT: loops: i
// CHECK-NEXT: split i (output): in0[half] -> [half]
// CHECK-NEXT: worker 0: in0{{\[}}[2, I/2 + 1]]
// CHECK-NEXT: worker 1: in0{{\[}}[I/2 + 2, I + 1]]
tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>] {
^bb0(%a: f32):
  tdl.yield %a : f32
}

// The paper's example with i in [0, 9]: B[0:4] reads A[2:6], B[5:9] reads A[7:11].
// CHECK-LABEL: tdl.apply at
// CHECK-NEXT: loops: i=10
// CHECK-NEXT: split i (output): in0[half] -> [half]
// CHECK-NEXT: worker 0: in0[2:6] -> [0:4]
// CHECK-NEXT: worker 1: in0[7:11] -> [5:9]
func.func @shift(%a: tensor<12xf32>) -> tensor<10xf32> {
  %b = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
  return %b : tensor<10xf32>
}

// The paper's batch_cholesky: opaque, splittable along b only.
// CHECK-LABEL: @batch_cholesky at
// CHECK-NEXT: loops: b i j [opaque]
// CHECK-NEXT: split b (output): in0[half, all, all] -> [half, all, all]
// CHECK-NEXT: worker 0: in0{{\[}}[0, B/2 - 1], :, :]
// CHECK-NOT: split
tdl.opaque @batch_cholesky dims ["b", "i", "j"] batch ["b"] inputs [["b", ":", ":"]]

// matmul: row split, column split, and partition-n-reduce over k.
// CHECK-LABEL: linalg.matmul at
// CHECK-NEXT: loops: d0=4 d1=16 d2=8(sum)
// CHECK-NEXT: split d0 (output): in0[half, all] in1[all, all] -> [half, all]
// CHECK-NEXT: worker 0: in0[0:1, 0:7] in1[0:7, 0:15] -> [0:1, 0:15]
// CHECK-NEXT: worker 1: in0[2:3, 0:7] in1[0:7, 0:15] -> [2:3, 0:15]
// CHECK-NEXT: split d1 (output): in0[all, all] in1[all, half] -> [all, half]
// CHECK-NEXT: worker 0: in0[0:3, 0:7] in1[0:7, 0:7] -> [0:3, 0:7]
// CHECK-NEXT: worker 1: in0[0:3, 0:7] in1[0:7, 8:15] -> [0:3, 8:15]
// CHECK-NEXT: split d2 (reduction): in0[all, half] in1[half, all] -> partial(sum)
// CHECK-NEXT: worker 0: in0[0:3, 0:3] in1[0:3, 0:15] -> [0:3, 0:15]
// CHECK-NEXT: worker 1: in0[0:3, 4:7] in1[4:7, 0:15] -> [0:3, 0:15]
// CHECK-NOT: split
func.func @matmul(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %o: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}
