// t_maxpool2d: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x3x7x7xf32>) -> tensor<2x3x4x4xf32> {
    %0 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<2x3x7x7xf32>) -> tensor<2x7x7x3xf32>
    %1 = tosa.max_pool2d %0 {kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x7x7x3xf32>) -> tensor<2x4x4x3xf32>
    %2 = tosa.transpose %1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x4x4x3xf32>) -> tensor<2x3x4x4xf32>
    return %2 : tensor<2x3x4x4xf32>
  }
}
