// Scalar arguments of every type, a 0-d result and several results of mixed
// types (tofu-run --jit's generic call, test/Integration/Run/jit-mixed.test). The f32
// and i32 results are adjacent: 4-byte fields packed at offsets 24 and 28 of
// the result struct, the f64 tensor's descriptor aligned to 32.
module {
  func.func @main(%x: tensor<3x4xf32>, %s: f32, %d: f64, %k: i32, %n: i64,
                  %v: tensor<5xi64>)
      -> (tensor<f32>, f32, i32, tensor<3x4xf64>, f64, i64, tensor<5xi32>) {
    // result 0: the 0-d sum of x scaled by s
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
    %sum = linalg.reduce ins(%x : tensor<3x4xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
      (%a: f32, %b: f32) {
        %c = arith.addf %a, %b : f32
        linalg.yield %c : f32
      }
    %scaled = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>],
                              iterator_types = []}
        ins(%sum : tensor<f32>) outs(%init : tensor<f32>) {
      ^bb0(%a: f32, %o: f32):
        %m = arith.mulf %a, %s : f32
        linalg.yield %m : f32
    } -> tensor<f32>
    // result 1: s * 2 (f32)
    %two = arith.constant 2.0 : f32
    %s2 = arith.mulf %s, %two : f32
    // result 3: x as f64 times d
    %e64 = tensor.empty() : tensor<3x4xf64>
    %xd = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                          iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<3x4xf32>) outs(%e64 : tensor<3x4xf64>) {
      ^bb0(%a: f32, %o: f64):
        %w = arith.extf %a : f32 to f64
        %m = arith.mulf %w, %d : f64
        linalg.yield %m : f64
    } -> tensor<3x4xf64>
    // result 2: k + 7 (i32); result 4: d / 3 (f64); result 5: n * k (i64)
    %c7 = arith.constant 7 : i32
    %k7 = arith.addi %k, %c7 : i32
    %three = arith.constant 3.0 : f64
    %d3 = arith.divf %d, %three : f64
    %kk = arith.extsi %k : i32 to i64
    %nk = arith.muli %n, %kk : i64
    // result 6: v + n truncated to i32
    %e32 = tensor.empty() : tensor<5xi32>
    %vn = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                          iterator_types = ["parallel"]}
        ins(%v : tensor<5xi64>) outs(%e32 : tensor<5xi32>) {
      ^bb0(%a: i64, %o: i32):
        %p = arith.addi %a, %n : i64
        %t = arith.trunci %p : i64 to i32
        linalg.yield %t : i32
    } -> tensor<5xi32>
    return %scaled, %s2, %k7, %xd, %d3, %nk, %vn
        : tensor<f32>, f32, i32, tensor<3x4xf64>, f64, i64, tensor<5xi32>
  }
}
