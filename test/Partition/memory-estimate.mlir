// Tests the liveness estimate of per-device peak memory (estimateMemory,
// docs/memory-model.md) on a program whose peak is counted by hand. x is
// 64x32 f32 = 8192 B, a row vector of 64 f32 = 256 B.
//   a = exp(x)             new buffer          live x, a          = 16384
//   b = a + a  (outs a)    in place            live x, a=b        = 16384
//   c = b * b  (outs b)    in place            live x, b=c        = 16384
//   r = rowsum(c)          256 B, its fill     live x, c, r       = 16640
//   g = exp(x)             fused into h: none
//   h = rowsum(g)          into its fill       live x, r, h       =  8704
// so the peak is 16640 B, reached at r; copying instead of writing in
// place would give 24576 B at b, and a buffer for g 16896 B at h. On 2
// devices, rows split (data parallel), every buffer halves: 8320 B. The
// no-reuse bound holds all seven tensors at once: 5 x 8192 + 2 x 256 B.
// The CPU runtime's fixed cost per rank (RuntimeOverhead, 512 KiB) is
// reported beside the peak, not in it.

//
// @mm, on 2 devices, splits the product's reduction loop: a (64x4096) and b
// (4096x16) arguments at their shares, 512 + 128 KiB; c split by rows, 2
// KiB. The op writes a partial c (64x16, 4 KiB) that a reduce-scatter
// converts, with 3 x 4 KiB of scratch (the runtime's staging copy and
// MPI's two): 640 + 2 + 4 + 12 = 658 KiB, of which 16 KiB are buffers.
// Without reuse it is the same: the three tensors and the op's 16 KiB.

// RUN: tofu-opt --tofu-search="gpus=1 entry=chain print=json" %s -o /dev/null | FileCheck %s --check-prefix=ONE
// RUN: tofu-opt --tofu-search="gpus=2 entry=chain strategy=data-parallel print=json" %s -o /dev/null | FileCheck %s --check-prefix=TWO
// RUN: tofu-opt --tofu-search="gpus=2 entry=chain strategy=data-parallel print=table" %s -o /dev/null | FileCheck %s --check-prefix=TABLE
// RUN: tofu-opt --tofu-search="gpus=2 entry=mm print=table" %s -o /dev/null | FileCheck %s --check-prefix=MM

// ONE:      "memory": {
// ONE-NEXT:   "activations_bytes": 16640,
// ONE-NEXT:   "argument_bytes": 8192,
// ONE-NEXT:   "buffers_bytes": 0,
// ONE-NEXT:   "gradients_bytes": 0,
// ONE-NEXT:   "no_reuse_upper_bound_bytes": 41472,
// ONE-NEXT:   "optimizer_state_bytes": 0,
// ONE-NEXT:   "parameters_bytes": 0,
// ONE-NEXT:   "peak_at": "r",
// ONE-NEXT:   "peak_bytes": 16640,
// ONE-NEXT:   "result_bytes": 512,
// ONE-NEXT:   "runtime_bytes": 524288
// ONE-NEXT: },
// ONE:      "peak_memory_bytes_per_device": 16640,

// TWO:      "peak_at": "r",
// TWO-NEXT: "peak_bytes": 8320,

// TABLE:      peak memory per device (liveness estimate): 8.12 KiB at r
// TABLE-NEXT:   parameters 0.00 B, gradients 0.00 B, optimizer state 0.00 B, activations 8.12 KiB, buffers 0.00 B
// TABLE-NEXT:   no-reuse upper bound (every tensor at once, plus the largest op's buffers): 20.25 KiB
// TABLE-NEXT:   runtime per rank, beyond the peak (library pages, MPI's shared memory): 512.00 KiB

// MM:      peak memory per device (liveness estimate): 658.00 KiB at c
// MM-NEXT:   parameters 0.00 B, gradients 0.00 B, optimizer state 0.00 B, activations 642.00 KiB, buffers 16.00 KiB
// MM-NEXT:   no-reuse upper bound (every tensor at once, plus the largest op's buffers): 658.00 KiB
// MM:      a 64x4096 split(1)
// MM-NEXT: b 4096x16 split(0)
// MM-NEXT: c 64x16 split(0)
// MM:      c linalg.matmul reduce d2;

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @chain(%x: tensor<64x32xf32> {tofu.name = "x"}) -> (tensor<64xf32>, tensor<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<64x32xf32>
  %a = linalg.exp {tofu.name = "a"} ins(%x : tensor<64x32xf32>) outs(%e0 : tensor<64x32xf32>) -> tensor<64x32xf32>
  %b = linalg.add {tofu.name = "b"} ins(%a, %a : tensor<64x32xf32>, tensor<64x32xf32>) outs(%a : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.mul {tofu.name = "c"} ins(%b, %b : tensor<64x32xf32>, tensor<64x32xf32>) outs(%b : tensor<64x32xf32>) -> tensor<64x32xf32>
  %e1 = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill {tofu.name = "r.init"} ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%c : tensor<64x32xf32>) outs(%f1 : tensor<64xf32>) attrs = {tofu.name = "r"} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %e2 = tensor.empty() : tensor<64x32xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x32xf32>) outs(%e2 : tensor<64x32xf32>) attrs = {tofu.name = "g"} {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<64x32xf32>
  %e3 = tensor.empty() : tensor<64xf32>
  %f2 = linalg.fill {tofu.name = "h.init"} ins(%zero : f32) outs(%e3 : tensor<64xf32>) -> tensor<64xf32>
  %h = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%g : tensor<64x32xf32>) outs(%f2 : tensor<64xf32>) attrs = {tofu.name = "h"} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r, %h : tensor<64xf32>, tensor<64xf32>
}

func.func @mm(%a: tensor<64x4096xf32> {tofu.name = "a"}, %b: tensor<4096x16xf32> {tofu.name = "b"}) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x16xf32>
  %f = linalg.fill {tofu.name = "c.init"} ins(%zero : f32) outs(%e : tensor<64x16xf32>) -> tensor<64x16xf32>
  %c = linalg.matmul {tofu.name = "c"} ins(%a, %b : tensor<64x4096xf32>, tensor<4096x16xf32>) outs(%f : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %c : tensor<64x16xf32>
}
