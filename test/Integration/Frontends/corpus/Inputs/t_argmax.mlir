// t_argmax: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<6x7xf32>) -> tensor<6xi64> {
    %0 = tosa.argmax %arg0 {axis = 1 : i32} : (tensor<6x7xf32>) -> tensor<6xi64>
    return %0 : tensor<6xi64>
  }
}
