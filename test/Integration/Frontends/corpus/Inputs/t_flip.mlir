// t_flip: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x5x4xf32>) -> (tensor<3x5x4xf32>, tensor<3x5x4xf32>) {
    %0 = tosa.reverse %arg0 {axis = 1 : i32} : (tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
    %1 = tosa.reverse %arg0 {axis = 0 : i32} : (tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
    %2 = tosa.reverse %1 {axis = 2 : i32} : (tensor<3x5x4xf32>) -> tensor<3x5x4xf32>
    return %0, %2 : tensor<3x5x4xf32>, tensor<3x5x4xf32>
  }
}
