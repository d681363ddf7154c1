// RUN: tofu-opt %s --tofu-gpu-serial-ops | FileCheck %s
// RUN: tofu-opt %s --tofu-gpu-serial-ops=split-min=0 | FileCheck %s --check-prefix=NOSPLIT

// Every linalg op's loops run on the device: parallel loops first; full
// reductions split into per-row partials (parallel) plus a one-thread sum of
// the partials; what stays serial is wrapped in a one-iteration scf.parallel.

#id2 = affine_map<(i, j) -> (i, j)>
#s2 = affine_map<(i, j) -> ()>
#id1 = affine_map<(i) -> (i)>
#s1 = affine_map<(i) -> ()>

// CHECK-LABEL: func.func @loss_sum
// CHECK: %[[P:.*]] = memref.alloc() : memref<32xf32>
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: linalg.fill ins(%[[Z]] : f32) outs(%[[P]] : memref<32xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<32x16xf32>) outs(%[[P]] : memref<32xf32>) attrs = {tofu.name = "loss.sum"}
// CHECK: math.exp
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c1) step (%c1) {
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[P]] : memref<32xf32>) outs(%arg1 : memref<f32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: arith.addf %[[OUT]], %[[IN]] : f32
// The deallocation passes free the partials (and --tofu-gpu-library-calls
// places them in GPU memory) later in the pipeline.
// CHECK-NOT: memref.dealloc
// CHECK: return
// NOSPLIT-LABEL: func.func @loss_sum
// NOSPLIT-NOT: memref.alloc
// NOSPLIT: scf.parallel
// NOSPLIT-NEXT: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]
func.func @loss_sum(%x: memref<32x16xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [#id2, #s2], iterator_types = ["reduction", "reduction"]}
      ins(%x : memref<32x16xf32>) outs(%out : memref<f32>) attrs = {tofu.name = "loss.sum"} {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    %r = arith.addf %o, %e : f32
    linalg.yield %r : f32
  }
  return
}

// A max reduction splits with -inf partials.
// CHECK-LABEL: func.func @max_all
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maximumf
// CHECK: scf.parallel
// CHECK: arith.maximumf
func.func @max_all(%x: memref<8x8xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [#id2, #s2], iterator_types = ["reduction", "reduction"]}
      ins(%x : memref<8x8xf32>) outs(%out : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %o, %a : f32
    linalg.yield %r : f32
  }
  return
}

// Not split, only wrapped: a one-loop reduction, a combiner with no neutral
// element (cmpf + select), a 0-d op, a 0-d copy. Parallel ops and ops already
// in an scf.parallel stay as they are.
// CHECK-LABEL: func.func @serial
// CHECK-NOT: memref.alloc
// CHECK: scf.parallel
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK: scf.parallel
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]
// CHECK: arith.select
// CHECK: scf.parallel
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = []
// CHECK: scf.parallel
// CHECK-NEXT: memref.copy
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NEXT: memref.load %{{.*}}[%[[I]]]
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @serial(%v: memref<64xf32>, %m: memref<4x4xf32>, %s: memref<f32>,
                  %t: memref<f32>, %w: memref<64xf32>) {
  linalg.generic {indexing_maps = [#id1, #s1], iterator_types = ["reduction"]}
      ins(%v : memref<64xf32>) outs(%s : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id2, #s2], iterator_types = ["reduction", "reduction"]}
      ins(%m : memref<4x4xf32>) outs(%s : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.cmpf ogt, %a, %o : f32
    %r = arith.select %c, %a, %o : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%s : memref<f32>) outs(%t : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  }
  memref.copy %t, %s : memref<f32> to memref<f32>
  linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%v : memref<64xf32>) outs(%w : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %x = memref.load %v[%i] : memref<64xf32>
    memref.store %x, %w[%i] : memref<64xf32>
    scf.reduce
  }
  return
}

// A bias gradient sums over the batch, its first loop: the loops are
// interchanged so the parallel one comes first (linalg.index follows), and
// a named linalg.reduce over its first dimension is generalized first.
// CHECK-LABEL: func.func @reduction_first
// CHECK: linalg.generic {indexing_maps = [#[[T:.*]], #[[R:.*]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<8x64xf32>) outs(%arg1 : memref<64xf32>)
// CHECK: linalg.index 1
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<8x64xf32>) outs(%arg1 : memref<64xf32>)
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @reduction_first(%dy: memref<8x64xf32>, %db: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, j) -> (b, j)>, affine_map<(b, j) -> (j)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%dy : memref<8x64xf32>) outs(%db : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %b = linalg.index 0 : index
    %bi = arith.index_cast %b : index to i32
    %bf = arith.sitofp %bi : i32 to f32
    %m = arith.mulf %a, %bf : f32
    %r = arith.addf %o, %m : f32
    linalg.yield %r : f32
  }
  linalg.reduce ins(%dy : memref<8x64xf32>) outs(%db : memref<64xf32>) dimensions = [0]
    (%a: f32, %o: f32) {
      %r = arith.addf %a, %o : f32
      linalg.yield %r : f32
    }
  return
}
