// Tests that the ops materialization leaves unused are erased without
// touching the ops nested in them: the whole-shape linalg.fill of the row
// sum's init (a region op) is dead once the sum runs on its shard. Erasing
// it used to free its body before the sweep visited it (a use-after-free
// that the search fuzzer, tools/tofu-fuzz, found under AddressSanitizer;
// the input is its reproducer test/fuzz/corpus/search/crash-materialize-erased-region.bin).
// RUN: tofu-opt --tofu-materialize %s | FileCheck %s

// CHECK: shard.grid @tofu_grid(shape = 3x2)
// CHECK-LABEL: func.func @main(
// CHECK-NOT: tensor<2xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1xf32>) -> tensor<1xf32>
// CHECK-NOT: tensor<2xf32>
// CHECK: return
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module attributes {tofu.partition = #tofu.plan<workers = 6, levels = [3, 2], strategy = "tofu", machine = "k80-pcie", function = "main", comm_bytes = 48>} {
  func.func @main(%arg0: tensor<2x2xf32> {tofu.layout = #tofu.layout<[replicated, 0]>}, %arg1: tensor<2x3xf32> {tofu.layout = #tofu.layout<[1, 0]>}) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x3xf32>) {
    %0 = tensor.empty() : tensor<2x2xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x2xf32>) outs(%0 : tensor<2x2xf32>) permutation = [1, 0]  {tofu.layouts = [#tofu.layout<[replicated, 0]>], tofu.strategy = #tofu.strategy<[replicated, 0]>}
    %1 = tensor.empty() : tensor<2x2xf32>
    %2 = linalg.add {tofu.layouts = [#tofu.layout<[replicated, 0]>], tofu.strategy = #tofu.strategy<[replicated, 0]>} ins(%arg0, %transposed : tensor<2x2xf32>, tensor<2x2xf32>) outs(%1 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %3 = tensor.empty() : tensor<2xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<2xf32>) -> tensor<2xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<2x2xf32>) outs(%4 : tensor<2xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, 0]>], tofu.strategy = #tofu.strategy<[replicated, 0]>} {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.addf %out, %in : f32
      linalg.yield %15 : f32
    } -> tensor<2xf32>
    %6 = tensor.empty() : tensor<2x2xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %5 : tensor<2x2xf32>, tensor<2xf32>) outs(%6 : tensor<2x2xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, 0]>], tofu.strategy = #tofu.strategy<[replicated, 0]>} {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %15 = arith.subf %in, %in_1 : f32
      linalg.yield %15 : f32
    } -> tensor<2x2xf32>
    %8 = tensor.empty() : tensor<2x2xf32>
    %9 = linalg.mul {tofu.layouts = [#tofu.layout<[replicated, 0]>], tofu.strategy = #tofu.strategy<[replicated, 0]>} ins(%2, %arg0 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%8 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %10 = tensor.empty() : tensor<2x2xf32>
    %11 = linalg.mul {tofu.layouts = [#tofu.layout<[replicated, 0]>], tofu.strategy = #tofu.strategy<[replicated, 0]>} ins(%arg0, %transposed : tensor<2x2xf32>, tensor<2x2xf32>) outs(%10 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %12 = tensor.empty() : tensor<2x3xf32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %13 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %14 = linalg.matmul {tofu.layouts = [#tofu.layout<[1, 0]>], tofu.strategy = #tofu.strategy<[1, 0]>} ins(%transposed, %arg1 : tensor<2x2xf32>, tensor<2x3xf32>) outs(%13 : tensor<2x3xf32>) -> tensor<2x3xf32>
    return %7, %9, %11, %14 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x3xf32>
  }
}
