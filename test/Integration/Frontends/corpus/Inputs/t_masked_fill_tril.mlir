// t_masked_fill_tril: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x6x6xf32>) -> tensor<2x6x6xf32> {
    %0 = "tosa.const"() <{values = dense<true> : tensor<6x6xi1>}> : () -> tensor<6x6xi1>
    %1 = "tosa.const"() <{values = dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi64>}> : () -> tensor<6xi64>
    %2 = tosa.const_shape  {values = dense<[1, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = tosa.const_shape  {values = dense<[6, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = tosa.const_shape  {values = dense<[1, 6, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = "tosa.const"() <{values = dense<0> : tensor<1x1xi64>}> : () -> tensor<1x1xi64>
    %7 = "tosa.const"() <{values = dense<0xFF800000> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %8 = tosa.reshape %1, %2 : (tensor<6xi64>, !tosa.shape<2>) -> tensor<1x6xi64>
    %9 = tosa.reshape %1, %3 : (tensor<6xi64>, !tosa.shape<2>) -> tensor<6x1xi64>
    %10 = tosa.cast %9 : (tensor<6x1xi64>) -> tensor<6x1xi32>
    %11 = tosa.cast %8 : (tensor<1x6xi64>) -> tensor<1x6xi32>
    %12 = tosa.sub %11, %10 : (tensor<1x6xi32>, tensor<6x1xi32>) -> tensor<6x6xi32>
    %13 = tosa.cast %12 : (tensor<6x6xi32>) -> tensor<6x6xi64>
    %14 = tosa.greater_equal %6, %13 : (tensor<1x1xi64>, tensor<6x6xi64>) -> tensor<6x6xi1>
    %15 = tosa.logical_and %14, %0 : (tensor<6x6xi1>, tensor<6x6xi1>) -> tensor<6x6xi1>
    %16 = tosa.logical_not %15 : (tensor<6x6xi1>) -> tensor<6x6xi1>
    %17 = tosa.reshape %16, %5 : (tensor<6x6xi1>, !tosa.shape<3>) -> tensor<1x6x6xi1>
    %18 = tosa.select %17, %7, %arg0 : (tensor<1x6x6xi1>, tensor<1x1x1xf32>, tensor<2x6x6xf32>) -> tensor<2x6x6xf32>
    %19 = tosa.reduce_max %18 {axis = 2 : i32} : (tensor<2x6x6xf32>) -> tensor<2x6x1xf32>
    %20 = tosa.sub %18, %19 : (tensor<2x6x6xf32>, tensor<2x6x1xf32>) -> tensor<2x6x6xf32>
    %21 = tosa.exp %20 : (tensor<2x6x6xf32>) -> tensor<2x6x6xf32>
    %22 = tosa.reduce_sum %21 {axis = 2 : i32} : (tensor<2x6x6xf32>) -> tensor<2x6x1xf32>
    %23 = tosa.reciprocal %22 : (tensor<2x6x1xf32>) -> tensor<2x6x1xf32>
    %24 = tosa.mul %21, %23, %4 : (tensor<2x6x6xf32>, tensor<2x6x1xf32>, tensor<1xi8>) -> tensor<2x6x6xf32>
    return %24 : tensor<2x6x6xf32>
  }
}
