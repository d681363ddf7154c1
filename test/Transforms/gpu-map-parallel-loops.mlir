// --tofu-gpu-map-parallel-loops: blocks of 256 threads, 64 of them along the
// innermost dimension, which maps to x; a fourth dimension stays sequential.
// RUN: tofu-opt %s --tofu-gpu-map-parallel-loops | FileCheck %s
// RUN: tofu-opt %s --tofu-gpu-map-parallel-loops --sccp --convert-parallel-loops-to-gpu --canonicalize | FileCheck %s --check-prefix=LAUNCH
// RUN: not tofu-opt %s --tofu-gpu-map-parallel-loops="threads=32 inner-tile=64" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @three(
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK-NOT: scf.if
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = thread_z, {{.*}}>, #gpu.loop_dim_map<processor = thread_y, {{.*}}>, #gpu.loop_dim_map<processor = thread_x, {{.*}}>]}
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_z, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_x, {{.*}}>]}
// LAUNCH-LABEL: func.func @three(
// LAUNCH: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c25, {{.*}} = %c3) threads({{.*}}) in ({{.*}} = %c64, {{.*}} = %c4, {{.*}} = %c1)
func.func @three(%a: memref<3x100x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  %c128 = arith.constant 128 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%c3, %c100, %c128) step (%c1, %c1, %c1) {
    memref.store %f, %a[%i, %j, %k] : memref<3x100x128xf32>
  }
  return
}

// CHECK-LABEL: func.func @four(
// CHECK: {mapping = [#gpu.loop_dim_map<processor = sequential, {{.*}}>, #gpu.loop_dim_map<processor = thread_z, {{.*}}>, #gpu.loop_dim_map<processor = thread_y, {{.*}}>, #gpu.loop_dim_map<processor = thread_x, {{.*}}>]}
func.func @four(%a: memref<2x3x4x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j, %k, %l) = (%c0, %c0, %c0, %c0) to (%c2, %c3, %c4, %c5) step (%c1, %c1, %c1, %c1) {
    memref.store %f, %a[%i, %j, %k, %l] : memref<2x3x4x5xf32>
  }
  return
}

// BAD: need 1 <= inner-tile <= threads
