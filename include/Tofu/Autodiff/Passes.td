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

#endif // TOFU_AUTODIFF_PASSES_TD
