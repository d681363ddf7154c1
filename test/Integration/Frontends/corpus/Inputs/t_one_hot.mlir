// t_one_hot: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x5xi64>) -> (tensor<2x5x7xi64>, tensor<2x5x7xf32>) {
    %0 = "tosa.const"() <{values = dense<[[[0, 1, 2, 3, 4, 5, 6]]]> : tensor<1x1x7xi64>}> : () -> tensor<1x1x7xi64>
    %1 = tosa.const_shape  {values = dense<[2, 5, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<2.000000e+00> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %4 = tosa.reshape %arg0, %1 : (tensor<2x5xi64>, !tosa.shape<3>) -> tensor<2x5x1xi64>
    %5 = tosa.equal %4, %0 : (tensor<2x5x1xi64>, tensor<1x1x7xi64>) -> tensor<2x5x7xi1>
    %6 = tosa.cast %5 : (tensor<2x5x7xi1>) -> tensor<2x5x7xi64>
    %7 = tosa.cast %6 : (tensor<2x5x7xi64>) -> tensor<2x5x7xf32>
    %8 = tosa.mul %7, %3, %2 : (tensor<2x5x7xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x5x7xf32>
    return %6, %8 : tensor<2x5x7xi64>, tensor<2x5x7xf32>
  }
}
