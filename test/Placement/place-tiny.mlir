// Tests --tofu-place on a tiny step: moving a few bytes between stages costs
// more than computing everything on one, so one stage is used (a warning
// says so and the plan records it); every op, cheap ones included, gets a
// stage, and the terminator none.
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4" 2>/dev/null | FileCheck %s
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4" 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: tofu-opt %S/Inputs/tiny-step.mlir --tofu-place="stages=3 microbatches=4" | %python %S/Inputs/check_stages.py /dev/stdin --stages 1 | FileCheck %s --check-prefix=OK

// WARN: tiny-step.mlir:4:3: warning: the best placement uses 1 of 3 stages (splitting further does not lower the max load); the plan records 1 stages

// CHECK: tofu.partition = #tofu.plan<workers = 1, levels = [1], machine = "h200-nvlink", function = "train_step", microbatches = 4, schedule = "1f1b", stages = 1>
// CHECK-LABEL: func.func @train_step
// CHECK: tensor.empty() {tofu.name = "empty_0", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// CHECK: arith.constant {tofu.name = "constant_1", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// CHECK: linalg.matmul {tofu.name = "matmul_3", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// CHECK: arith.constant {tofu.grad_of = "generic_6#0", tofu.strategy = #tofu.strategy<[replicated], stage = 0>}
// CHECK: {tofu.strategy = #tofu.strategy<[replicated], stage = 0>, tofu.update_of = "arg0"}
// CHECK: return %{{.*}} : tensor<4x3xf32>, tensor<f32>
// CHECK-NOT: tofu.strategy

// OK: OK: 18 ops of @train_step on stages [0] of 1
