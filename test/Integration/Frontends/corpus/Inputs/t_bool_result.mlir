// t_bool_result: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<5x6xf32>, %arg1: tensor<5x6xf32>) -> (tensor<5x6xi1>, tensor<5x6xi1>) {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %1 = tosa.greater %arg0, %arg1 : (tensor<5x6xf32>, tensor<5x6xf32>) -> tensor<5x6xi1>
    %2 = tosa.greater %arg0, %0 : (tensor<5x6xf32>, tensor<1x1xf32>) -> tensor<5x6xi1>
    %3 = tosa.greater %arg1, %0 : (tensor<5x6xf32>, tensor<1x1xf32>) -> tensor<5x6xi1>
    %4 = tosa.logical_and %2, %3 : (tensor<5x6xi1>, tensor<5x6xi1>) -> tensor<5x6xi1>
    return %1, %4 : tensor<5x6xi1>, tensor<5x6xi1>
  }
}
