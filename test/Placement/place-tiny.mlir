// Tests --tofu-place on a tiny step: moving a few bytes between stages costs
// more than computing everything on one, so one stage is used (a warning
// says so and the plan records it); every op, cheap ones included, gets a
// stage, and the terminator none.
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4" 2>/dev/null | FileCheck %s
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4" 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4" | %python %S/Inputs/check_stages.py /dev/stdin --stages 1 | FileCheck %s --check-prefix=CONTIG

// WARN: tiny-step.mlir:4:3: warning: the best placement uses 1 of 3 stages (splitting further does not lower the max load; fill=true uses them all); the plan records 1 stages

// fill=true cuts the one stage in two, between the matmul's colour class
// (with its backward op and update) and the sum's; no stage is left to cut.
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4 fill=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=FILL-WARN
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4 fill=true" 2>/dev/null | FileCheck %s --check-prefix=FILL
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4 fill=true" 2>/dev/null | %python %S/Inputs/check_stages.py /dev/stdin --stages 2 | FileCheck %s --check-prefix=CONTIG2
// FILL-WARN: warning: fill=true cut 1 stage(s) in two to use 2 stages: max load {{.*}} s per microbatch, against the optimum's {{.*}} s on fewer stages
// FILL-WARN: warning: fill=true uses 2 of 3 stages: each holds a single colour class (a forward op with its backward ops), which cannot be cut; the plan records 2 stages
// FILL: stages = 2>
// FILL: {tofu.name = "matmul_3", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// FILL: {tofu.name = "generic_6", tofu.strategy = #tofu.strategy<[replicated], stage = 1>}
// FILL: {tofu.fwd = "generic_6", tofu.grad_of = "matmul_3#0", tofu.strategy = #tofu.strategy<[replicated], stage = 1>}
// FILL: {tofu.fwd = "matmul_3", tofu.grad_of = "arg0", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// FILL: {tofu.strategy = #tofu.strategy<[replicated], stage = 0>, tofu.update_of = "arg0"}
// CONTIG2: OK: 18 ops of @train_step on stages [0, 1] of 2

// CHECK: tofu.partition = #tofu.plan<workers = 1, levels = [1], machine = "h200-nvlink", function = "train_step", microbatches = 4, schedule = "1f1b", stages = 1>
// CHECK-LABEL: func.func @train_step
// CHECK: tensor.empty() {tofu.name = "empty_0", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// CHECK: arith.constant {tofu.name = "constant_1", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// CHECK: linalg.matmul {tofu.name = "matmul_3", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// CHECK: arith.constant {tofu.grad_of = "generic_6#0", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// CHECK: {tofu.strategy = #tofu.strategy<[replicated], stage = 0>, tofu.update_of = "arg0"}
// CHECK: return %{{.*}} : tensor<4x3xf32>, tensor<f32>
// CHECK-NOT: tofu.strategy

// CONTIG: OK: 18 ops of @train_step on stages [0] of 1
