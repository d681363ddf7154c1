// Transform script for gradcheck.py: decomposes linalg.softmax with upstream
// DecomposeInterface so that the modules run (mlir-runner cannot lower
// linalg.softmax). It only prepares execution; the gradients under test come
// from --tofu-autodiff.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.structured.match ops{["linalg.softmax"]} in %root : (!transform.any_op) -> !transform.any_op
    %d = transform.structured.decompose_interface %s : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
