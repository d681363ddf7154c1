// A training step of --tofu-autodiff (a matmul and a sum; batch 8) for the
// --tofu-place tests.
module {
  func.func @train_step(%arg0: tensor<4x3xf32> {tofu.param}, %arg1: tensor<8x4xf32>) -> (tensor<4x3xf32>, tensor<f32>) {
    %0 = tensor.empty() {tofu.name = "empty_0"} : tensor<8x3xf32>
    %cst = arith.constant {tofu.name = "constant_1"} 0.000000e+00 : f32
    %1 = linalg.fill {tofu.name = "fill_2"} ins(%cst : f32) outs(%0 : tensor<8x3xf32>) -> tensor<8x3xf32>
    %2 = linalg.matmul {tofu.name = "matmul_3"} ins(%arg1, %arg0 : tensor<8x4xf32>, tensor<4x3xf32>) outs(%1 : tensor<8x3xf32>) -> tensor<8x3xf32>
    %3 = tensor.empty() {tofu.name = "empty_4"} : tensor<f32>
    %4 = linalg.fill {tofu.name = "fill_5"} ins(%cst : f32) outs(%3 : tensor<f32>) -> tensor<f32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%2 : tensor<8x3xf32>) outs(%4 : tensor<f32>) attrs =  {tofu.name = "generic_6"} {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.addf %in, %out : f32
      linalg.yield %14 : f32
    } -> tensor<f32>
    %cst_0 = arith.constant {tofu.grad_of = "generic_6#0"} dense<1.000000e+00> : tensor<f32>
    %6 = tensor.empty() {tofu.fwd = "generic_6"} : tensor<8x3xf32>
    %cst_1 = arith.constant {tofu.fwd = "generic_6"} 0.000000e+00 : f32
    %7 = linalg.fill {tofu.fwd = "generic_6"} ins(%cst_1 : f32) outs(%6 : tensor<8x3xf32>) -> tensor<8x3xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%cst_0 : tensor<f32>) outs(%7 : tensor<8x3xf32>) attrs =  {tofu.fwd = "generic_6", tofu.grad_of = "matmul_3#0"} {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.addf %out, %in : f32
      linalg.yield %14 : f32
    } -> tensor<8x3xf32>
    %9 = tensor.empty() {tofu.fwd = "matmul_3"} : tensor<4x3xf32>
    %cst_2 = arith.constant {tofu.fwd = "matmul_3"} 0.000000e+00 : f32
    %10 = linalg.fill {tofu.fwd = "matmul_3"} ins(%cst_2 : f32) outs(%9 : tensor<4x3xf32>) -> tensor<4x3xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>], iterator_types = ["reduction", "parallel", "parallel"]} ins(%8, %arg1 : tensor<8x3xf32>, tensor<8x4xf32>) outs(%10 : tensor<4x3xf32>) attrs =  {tofu.fwd = "matmul_3", tofu.grad_of = "arg0"} {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %14 = arith.mulf %in, %in_3 : f32
      %15 = arith.addf %out, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<4x3xf32>
    %12 = tensor.empty() {tofu.update_of = "arg0"} : tensor<4x3xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %11 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%12 : tensor<4x3xf32>) attrs =  {tofu.update_of = "arg0"} {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %cst_4 = arith.constant 0.00999999977 : f32
      %14 = arith.mulf %cst_4, %in_3 : f32
      %15 = arith.subf %in, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<4x3xf32>
    return %13, %5 : tensor<4x3xf32>, tensor<f32>
  }
}
