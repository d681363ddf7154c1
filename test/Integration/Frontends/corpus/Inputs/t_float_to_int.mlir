// t_float_to_int: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<8xf32>) -> (tensor<8xi32>, tensor<8xi64>) {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = tosa.floor %arg0 : (tensor<8xf32>) -> tensor<8xf32>
    %2 = tosa.ceil %arg0 : (tensor<8xf32>) -> tensor<8xf32>
    %3 = tosa.greater %0, %arg0 : (tensor<1xf32>, tensor<8xf32>) -> tensor<8xi1>
    %4 = tosa.select %3, %2, %1 : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %5 = tosa.cast %4 : (tensor<8xf32>) -> tensor<8xi32>
    %6 = tosa.cast %4 : (tensor<8xf32>) -> tensor<8xi64>
    return %5, %6 : tensor<8xi32>, tensor<8xi64>
  }
}
