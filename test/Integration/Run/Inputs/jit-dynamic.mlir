// A dynamic dimension: its size comes from the input (tofu-run --jit, test/Integration/Run/jit-mixed.test).
module {
  func.func @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
    %y = arith.addf %x, %x : tensor<?x4xf32>
    return %y : tensor<?x4xf32>
  }
}
