//===- Passes.td - Tofu automatic differentiation -------*- tablegen -*-===//
#ifndef TOFU_AUTODIFF_PASSES_TD
#define TOFU_AUTODIFF_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuAutodiff : Pass<"tofu-autodiff", "ModuleOp"> {
  let summary = "Build an SGD training step from a forward function by "
                "reverse-mode differentiation";
  let description = [{
    Takes the function named by `forward` whose arguments marked `tofu.param`
    are the trainable parameters and whose single result is a 0-d float
    tensor (the loss), and adds a function named by `entry` with the same
    arguments (plus a trailing learning-rate scalar with `lr-arg=true`) that
    runs the forward computation, its reverse-mode derivative and the SGD
    update `p - lr * dp`. It returns the updated parameters in argument
    order, then the loss, then (with `return-gradients=true`) the gradients.
    The forward function is kept unchanged apart from `tofu.name`s given to
    its ops.

    TOSA forward ops are first lowered to linalg/tensor with the upstream
    TOSA conversions; the ops a TOSA op lowers to are named after it.
    Every backward op carries `tofu.fwd` (the name of the forward op it
    differentiates), every op producing or summing a gradient carries
    `tofu.grad_of` (`<op name>#<result>` or `arg<N>`), every SGD update
    carries `tofu.update_of`.

    ```mlir
    func.func @forward(%w: tensor<4x3xf32> {tofu.param}, %x: tensor<2x4xf32>)
        -> tensor<f32>
    // becomes, in addition:
    func.func @train_step(%w: tensor<4x3xf32> {tofu.param}, %x: tensor<2x4xf32>)
        -> (tensor<4x3xf32>, tensor<f32>)
    ```
  }];
  let options = [
    Option<"forwardName", "forward", "std::string", /*default=*/"\"forward\"",
           "name of the function to differentiate">,
    Option<"entryName", "entry", "std::string", /*default=*/"\"train_step\"",
           "name of the generated training-step function">,
    Option<"learningRate", "lr", "double", /*default=*/"0.01",
           "SGD learning rate (ignored with lr-arg=true)">,
    Option<"lrArg", "lr-arg", "bool", /*default=*/"false",
           "take the learning rate as a trailing f32 argument">,
    Option<"returnGradients", "return-gradients", "bool", /*default=*/"false",
           "also return the parameter gradients after the loss">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::index::IndexDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TofuInferStepRoles : Pass<"tofu-infer-step-roles", "ModuleOp"> {
  let summary = "Find the parameters, loss, forward, backward and update of "
                "any training step from its dataflow, and tag them";
  let description = [{
    A training step that --tofu-autodiff did not make (a hand-written linalg
    step, a JAX `value_and_grad` + SGD/Adam step imported from StableHLO)
    carries none of the tags `--tofu-place`, `--tofu-pipeline` and
    `--tofu-plan` read. This pass finds the roles from the dataflow
    (`Tofu/Analysis/TrainingStep.h`, docs/autodiff.md): an argument whose
    updated value is returned is a parameter when a gradient reaches it and
    optimizer state or a counter otherwise; the loss is the returned float
    scalar; forward ops are what the loss depends on, update ops the
    element-wise path from an argument to its update and what reads the
    optimizer state, backward ops the rest that the updates depend on.
    It writes them as --tofu-autodiff's tags, with the same meanings:

    ```mlir
    func.func @main(%w: tensor<4x3xf32>, %m: tensor<4x3xf32>, %x: tensor<8x4xf32>, ...)
    // becomes
    func.func @main(%w: tensor<4x3xf32> {tofu.param}, %m: tensor<4x3xf32> {tofu.state}, ...)
      %0 = linalg.matmul {tofu.name = "matmul_3"} ins(%x, %w ...)
      %9 = linalg.matmul {tofu.fwd = "matmul_3", tofu.grad_of = "arg0"} ...
      %12 = linalg.generic {tofu.update_of = "arg0"} ...
    ```

    A function that carries tags already (tofu.fwd, tofu.grad_of or
    tofu.update_of on an op) is left as it is; with `check-tags=true` the
    roles found are compared with its tags instead (a disagreement is an
    error at the op). `print=roles` prints the roles of the arguments and
    the loss, `print=ops` also every op's, in program order. `--tofu-place`
    and `--tofu-plan` run the same analysis on a step without tags.
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "the function to analyse (default: every public function with a "
           "body)">,
    Option<"print", "print", "::mlir::tofu::StepRolesPrint",
           /*default=*/"::mlir::tofu::StepRolesPrint::None",
           "print the roles found on stdout",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::StepRolesPrint::None, "none",
                        "print nothing"),
             clEnumValN(::mlir::tofu::StepRolesPrint::Roles, "roles",
                        "the arguments' roles, the loss and op counts"),
             clEnumValN(::mlir::tofu::StepRolesPrint::Ops, "ops",
                        "also every op's role, in program order"))}]>,
    Option<"checkTags", "check-tags", "bool", /*default=*/"false",
           "compare the roles found with the tags of a step that has them "
           "(made by --tofu-autodiff)">,
  ];
  let dependentDialects = ["::mlir::tofu::TofuDialect"];
}

#endif // TOFU_AUTODIFF_PASSES_TD
