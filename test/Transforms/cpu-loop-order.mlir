// RUN: tofu-opt --tofu-cpu-loop-order %s | FileCheck %s

// A product's reduction loop k goes outside the parallel loop j that indexes
// the output's innermost dimension: loops i, k, j, each C[i, j] still summed
// over k in order.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// A weighted bias gradient db[j] += dy[b, j] * b, summed over the batch
// loop b that comes after j: j moves inside, linalg.index follows.
// CHECK-LABEL: func.func @bias_grad
// CHECK: linalg.generic {indexing_maps = [#[[T:.*]], #[[O:.*]]], iterator_types = ["reduction", "parallel"]}
// CHECK: linalg.index 0
func.func @bias_grad(%dy: tensor<8x4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(j, b) -> (b, j)>, affine_map<(j, b) -> (j)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%dy : tensor<8x4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %b = linalg.index 1 : index
    %bi = arith.index_cast %b : index to i32
    %f = arith.sitofp %bi : i32 to f32
    %m = arith.mulf %v, %f : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A row sum stays: its rows would be walked with a stride.
// CHECK-LABEL: func.func @row_sum
// CHECK: iterator_types = ["parallel", "reduction"]
func.func @row_sum(%x: tensor<4x8xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// Left alone: no reduction, a reduction to a scalar, a parallel loop already
// innermost (a column sum), an output whose innermost index is not a loop.
// CHECK-LABEL: func.func @kept
// CHECK: linalg.add
// CHECK: iterator_types = ["reduction", "reduction"]
// CHECK: iterator_types = ["reduction", "parallel"]
// CHECK: iterator_types = ["parallel", "reduction"]
func.func @kept(%x: tensor<4x8xf32>, %s: tensor<f32>, %col: tensor<8xf32>, %w: tensor<4x1xf32>)
    -> (tensor<4x8xf32>, tensor<f32>, tensor<8xf32>, tensor<4x1xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.add ins(%x, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                       iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%s : tensor<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  %2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%col : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, 0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%w : tensor<4x1xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<4x1xf32>
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<f32>, tensor<8xf32>, tensor<4x1xf32>
}
