// A training step with a plan attached (a random plan of
// test/differential/difftest.py, reduced: seed 7, program 5, k = 8 on a 2x4
// grid): the reduction of the loss over a 2x10 slice and its backward
// broadcast split loop 0 at both levels (2 ways, then 1 row over 4: padded).
// Materialized, its LLVM IR is one where InstCombine does not reach a
// fixpoint in one iteration.
#map = affine_map<() -> ()>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1, d0)>
module attributes {tofu.partition = #tofu.plan<workers = 8, levels = [2, 4], strategy = "allrow-greedy", machine = "h200-nvlink", function = "train_step", comm_bytes = 784>} {
  func.func @train_step(%arg0: tensor<10x4xf32> {tofu.layout = #tofu.layout<[0, 1]>}, %arg1: tensor<10x4xf32> {tofu.layout = #tofu.layout<[0, 1]>, tofu.param}, %arg2: tensor<15xf32> {tofu.layout = #tofu.layout<[replicated, replicated]>}) -> (tensor<10x4xf32>, tensor<f32>) {
    %cst = arith.constant 0.00999999977 : f32
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<10x4xf32>
    %1 = linalg.max {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%arg0, %arg1 : tensor<10x4xf32>, tensor<10x4xf32>) outs(%0 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %2 = tensor.empty() : tensor<4x10xf32>
    %transposed = linalg.transpose ins(%1 : tensor<10x4xf32>) outs(%2 : tensor<4x10xf32>) permutation = [1, 0]  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>}
    %extracted_slice = tensor.extract_slice %transposed[0, 0] [2, 10] [1, 1] {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} : tensor<4x10xf32> to tensor<2x10xf32>
    %3 = tensor.empty() : tensor<f32>
    %4 = linalg.fill ins(%cst_1 : f32) outs(%3 : tensor<f32>) -> tensor<f32>
    %reduced = linalg.reduce ins(%arg2 : tensor<15xf32>) outs(%4 : tensor<f32>) dimensions = [0]  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>}
      (%in: f32, %init: f32) {
        %61 = arith.addf %in, %init : f32
        linalg.yield %61 : f32
      }
    %expanded = tensor.expand_shape %reduced [] output_shape [1] {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} : tensor<f32> into tensor<1xf32>
    %5 = tensor.empty() : tensor<10x4xf32>
    %6 = linalg.mul {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%1, %1 : tensor<10x4xf32>, tensor<10x4xf32>) outs(%5 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %7 = tensor.empty() : tensor<f32>
    %8 = linalg.fill ins(%cst_1 : f32) outs(%7 : tensor<f32>) -> tensor<f32>
    %reduced_2 = linalg.reduce ins(%6 : tensor<10x4xf32>) outs(%8 : tensor<f32>) dimensions = [0, 1]  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>}
      (%in: f32, %init: f32) {
        %61 = arith.addf %in, %init : f32
        linalg.yield %61 : f32
      }
    %9 = tensor.empty() : tensor<2x10xf32>
    %10 = linalg.mul {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%extracted_slice, %extracted_slice : tensor<2x10xf32>, tensor<2x10xf32>) outs(%9 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %11 = tensor.empty() : tensor<f32>
    %12 = linalg.fill ins(%cst_1 : f32) outs(%11 : tensor<f32>) -> tensor<f32>
    %reduced_3 = linalg.reduce ins(%10 : tensor<2x10xf32>) outs(%12 : tensor<f32>) dimensions = [0, 1]  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[0, 0]>}
      (%in: f32, %init: f32) {
        %61 = arith.addf %in, %init : f32
        linalg.yield %61 : f32
      }
    %13 = tensor.empty() : tensor<1xf32>
    %14 = linalg.mul {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%expanded, %expanded : tensor<1xf32>, tensor<1xf32>) outs(%13 : tensor<1xf32>) -> tensor<1xf32>
    %15 = tensor.empty() : tensor<f32>
    %16 = linalg.fill ins(%cst_1 : f32) outs(%15 : tensor<f32>) -> tensor<f32>
    %reduced_4 = linalg.reduce ins(%14 : tensor<1xf32>) outs(%16 : tensor<f32>) dimensions = [0]  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>}
      (%in: f32, %init: f32) {
        %61 = arith.addf %in, %init : f32
        linalg.yield %61 : f32
      }
    %17 = tensor.empty() : tensor<f32>
    %18 = linalg.add {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%reduced_2, %reduced_3 : tensor<f32>, tensor<f32>) outs(%17 : tensor<f32>) -> tensor<f32>
    %19 = tensor.empty() : tensor<f32>
    %20 = linalg.add {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%18, %reduced_4 : tensor<f32>, tensor<f32>) outs(%19 : tensor<f32>) -> tensor<f32>
    %21 = tensor.empty() : tensor<f32>
    %22 = linalg.fill ins(%cst_1 : f32) outs(%21 : tensor<f32>) -> tensor<f32>
    %23 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%cst_0 : tensor<f32>) outs(%22 : tensor<f32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %out: f32):
      %61 = arith.addf %out, %in : f32
      linalg.yield %61 : f32
    } -> tensor<f32>
    %24 = tensor.empty() : tensor<f32>
    %25 = linalg.fill ins(%cst_1 : f32) outs(%24 : tensor<f32>) -> tensor<f32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%23 : tensor<f32>) outs(%25 : tensor<f32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %out: f32):
      %61 = arith.addf %out, %in : f32
      linalg.yield %61 : f32
    } -> tensor<f32>
    %27 = tensor.empty() : tensor<f32>
    %28 = linalg.fill ins(%cst_1 : f32) outs(%27 : tensor<f32>) -> tensor<f32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%23 : tensor<f32>) outs(%28 : tensor<f32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %out: f32):
      %61 = arith.addf %out, %in : f32
      linalg.yield %61 : f32
    } -> tensor<f32>
    %30 = tensor.empty() : tensor<2x10xf32>
    %31 = linalg.fill ins(%cst_1 : f32) outs(%30 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<f32>) outs(%31 : tensor<2x10xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, padded<1>]>], tofu.strategy = #tofu.strategy<[0, 0]>} {
    ^bb0(%in: f32, %out: f32):
      %61 = arith.addf %out, %in : f32
      linalg.yield %61 : f32
    } -> tensor<2x10xf32>
    %33 = tensor.empty() : tensor<2x10xf32>
    %34 = linalg.fill ins(%cst_1 : f32) outs(%33 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %35 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%32, %extracted_slice : tensor<2x10xf32>, tensor<2x10xf32>) outs(%34 : tensor<2x10xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %61 = arith.mulf %in, %in_5 : f32
      %62 = arith.addf %out, %61 : f32
      linalg.yield %62 : f32
    } -> tensor<2x10xf32>
    %36 = tensor.empty() : tensor<2x10xf32>
    %37 = linalg.fill ins(%cst_1 : f32) outs(%36 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %38 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%32, %extracted_slice : tensor<2x10xf32>, tensor<2x10xf32>) outs(%37 : tensor<2x10xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %61 = arith.mulf %in, %in_5 : f32
      %62 = arith.addf %out, %61 : f32
      linalg.yield %62 : f32
    } -> tensor<2x10xf32>
    %39 = linalg.add {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%35, %38 : tensor<2x10xf32>, tensor<2x10xf32>) outs(%38 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %40 = tensor.empty() : tensor<10x4xf32>
    %41 = linalg.fill ins(%cst_1 : f32) outs(%40 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %42 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<f32>) outs(%41 : tensor<10x4xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %out: f32):
      %61 = arith.addf %out, %in : f32
      linalg.yield %61 : f32
    } -> tensor<10x4xf32>
    %43 = tensor.empty() : tensor<10x4xf32>
    %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %45 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%42, %1 : tensor<10x4xf32>, tensor<10x4xf32>) outs(%44 : tensor<10x4xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %61 = arith.mulf %in, %in_5 : f32
      %62 = arith.addf %out, %61 : f32
      linalg.yield %62 : f32
    } -> tensor<10x4xf32>
    %46 = tensor.empty() : tensor<10x4xf32>
    %47 = linalg.fill ins(%cst_1 : f32) outs(%46 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %48 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%42, %1 : tensor<10x4xf32>, tensor<10x4xf32>) outs(%47 : tensor<10x4xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %61 = arith.mulf %in, %in_5 : f32
      %62 = arith.addf %out, %61 : f32
      linalg.yield %62 : f32
    } -> tensor<10x4xf32>
    %49 = linalg.add {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%45, %48 : tensor<10x4xf32>, tensor<10x4xf32>) outs(%48 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %50 = tensor.empty() : tensor<4x10xf32>
    %51 = linalg.fill {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%cst_1 : f32) outs(%50 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %inserted_slice = tensor.insert_slice %39 into %51[0, 0] [2, 10] [1, 1] {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} : tensor<2x10xf32> into tensor<4x10xf32>
    %52 = tensor.empty() : tensor<10x4xf32>
    %53 = linalg.fill ins(%cst_1 : f32) outs(%52 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %54 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%inserted_slice : tensor<4x10xf32>) outs(%53 : tensor<10x4xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %out: f32):
      %61 = arith.addf %out, %in : f32
      linalg.yield %61 : f32
    } -> tensor<10x4xf32>
    %55 = linalg.add {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} ins(%49, %54 : tensor<10x4xf32>, tensor<10x4xf32>) outs(%54 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %56 = tensor.empty() : tensor<10x4xf32>
    %57 = linalg.fill ins(%cst_1 : f32) outs(%56 : tensor<10x4xf32>) -> tensor<10x4xf32>
    %58 = linalg.generic {indexing_maps = [#map2, #map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%55, %arg0, %arg1 : tensor<10x4xf32>, tensor<10x4xf32>, tensor<10x4xf32>) outs(%57 : tensor<10x4xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %in_5: f32, %in_6: f32, %out: f32):
      %61 = arith.cmpf oge, %in_5, %in_6 : f32
      %62 = arith.select %61, %cst_1, %in : f32
      %63 = arith.addf %out, %62 : f32
      linalg.yield %63 : f32
    } -> tensor<10x4xf32>
    %59 = tensor.empty() : tensor<10x4xf32>
    %60 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg1, %58 : tensor<10x4xf32>, tensor<10x4xf32>) outs(%59 : tensor<10x4xf32>) attrs =  {tofu.layouts = [#tofu.layout<[replicated, replicated]>], tofu.strategy = #tofu.strategy<[replicated, replicated]>} {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %61 = arith.mulf %in_5, %cst : f32
      %62 = arith.subf %in, %61 : f32
      linalg.yield %62 : f32
    } -> tensor<10x4xf32>
    return %60, %20 : tensor<10x4xf32>, tensor<f32>
  }
}

