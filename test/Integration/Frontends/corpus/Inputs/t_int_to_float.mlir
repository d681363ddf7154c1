// t_int_to_float: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<8xi64>, %arg1: tensor<8xi64>) -> (tensor<8xf32>, tensor<8xi64>) {
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.const"() <{values = dense<3> : tensor<1xi64>}> : () -> tensor<1xi64>
    %2 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %3 = tosa.cast %arg0 : (tensor<8xi64>) -> tensor<8xf32>
    %4 = tosa.mul %arg1, %1, %0 : (tensor<8xi64>, tensor<1xi64>, tensor<1xi8>) -> tensor<8xi64>
    %5 = tosa.cast %4 : (tensor<8xi64>) -> tensor<8xi32>
    %6 = tosa.add %5, %2 : (tensor<8xi32>, tensor<1xi32>) -> tensor<8xi32>
    %7 = tosa.cast %6 : (tensor<8xi32>) -> tensor<8xi64>
    return %3, %7 : tensor<8xf32>, tensor<8xi64>
  }
}
