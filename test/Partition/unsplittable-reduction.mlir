// Tests that an op whose reduction the search cannot split (argmax: a
// two-result reduction with a compare-and-select combiner) no longer fails
// the whole plan: its reduction stays whole, its rows may still split, and
// the report says why.
// RUN: tofu-opt --tofu-report="gpus=2" %s | FileCheck %s --check-prefix=TABLE
// RUN: tofu-opt --tofu-partition="gpus=2 report=%t.json" %s -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// TABLE: argmax{{.*}} linalg.generic {{ *}}d0;
// TABLE: notes:
// TABLE-NEXT: argmax{{.*}}(linalg.generic): reduction loops not split: the combiner is not a recognised reducer (sum, max, min, prod)
// JSON: "note": "reduction loops not split: the combiner is not a recognised reducer (sum, max, min, prod)"

#rows = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> (i)>
func.func @main(%x: tensor<8x6xf32>, %w: tensor<6x10xf32> {tofu.param}) -> tensor<8xi32> {
  %c = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x10xf32>
  %z = linalg.fill ins(%c : f32) outs(%e : tensor<8x10xf32>) -> tensor<8x10xf32>
  %y = linalg.matmul ins(%x, %w : tensor<8x6xf32>, tensor<6x10xf32>) outs(%z : tensor<8x10xf32>) -> tensor<8x10xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi32>
  %v0 = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
  %i0 = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
  %r:2 = linalg.generic {indexing_maps = [#rows, #out, #out], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x10xf32>) outs(%v0, %i0 : tensor<8xf32>, tensor<8xi32>)
      attrs = {tofu.name = "argmax"} {
  ^bb0(%a: f32, %best: f32, %at: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %gt = arith.cmpf ogt, %a, %best : f32
    %v = arith.select %gt, %a, %best : f32
    %k = arith.select %gt, %ji, %at : i32
    linalg.yield %v, %k : f32, i32
  } -> (tensor<8xf32>, tensor<8xi32>)
  return %r#1 : tensor<8xi32>
}
