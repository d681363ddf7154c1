// t_softmax: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<6x10xf32>) -> (tensor<6x10xf32>, tensor<6x10xf32>) {
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<6x10xf32>) -> tensor<6x1xf32>
    %2 = tosa.sub %arg0, %1 : (tensor<6x10xf32>, tensor<6x1xf32>) -> tensor<6x10xf32>
    %3 = tosa.exp %2 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %4 = tosa.reduce_sum %3 {axis = 1 : i32} : (tensor<6x10xf32>) -> tensor<6x1xf32>
    %5 = tosa.reciprocal %4 : (tensor<6x1xf32>) -> tensor<6x1xf32>
    %6 = tosa.mul %3, %5, %0 : (tensor<6x10xf32>, tensor<6x1xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %7 = tosa.log %4 : (tensor<6x1xf32>) -> tensor<6x1xf32>
    %8 = tosa.sub %2, %7 : (tensor<6x10xf32>, tensor<6x1xf32>) -> tensor<6x10xf32>
    return %6, %8 : tensor<6x10xf32>, tensor<6x10xf32>
  }
}
