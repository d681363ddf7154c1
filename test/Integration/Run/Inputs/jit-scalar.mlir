// One scalar result (returned directly by the C interface, no struct).
module {
  func.func @main(%x: tensor<4xf64>, %k: i32) -> f64 {
    %zero = arith.constant 0.0 : f64
    %init = tensor.empty() : tensor<f64>
    %acc = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
    %sum = linalg.reduce ins(%x : tensor<4xf64>) outs(%acc : tensor<f64>) dimensions = [0]
      (%a: f64, %b: f64) {
        %c = arith.addf %a, %b : f64
        linalg.yield %c : f64
      }
    %s = tensor.extract %sum[] : tensor<f64>
    %kf = arith.sitofp %k : i32 to f64
    %r = arith.mulf %s, %kf : f64
    return %r : f64
  }
}
