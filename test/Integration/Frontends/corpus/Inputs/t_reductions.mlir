// t_reductions: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<6x5xf32>) -> (tensor<6xf32>, tensor<5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
    %0 = tosa.const_shape  {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
    %1 = tosa.const_shape  {values = dense<5> : tensor<1xindex>} : () -> !tosa.shape<1>
    %2 = "tosa.const"() <{values = dense<0x7FF0000000000000> : tensor<1x1xf64>}> : () -> tensor<1x1xf64>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %4 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<6x5xf32>) -> tensor<6x1xf32>
    %5 = tosa.reshape %4, %0 : (tensor<6x1xf32>, !tosa.shape<1>) -> tensor<6xf32>
    %6 = tosa.reduce_max %arg0 {axis = 0 : i32} : (tensor<6x5xf32>) -> tensor<1x5xf32>
    %7 = tosa.reshape %6, %1 : (tensor<1x5xf32>, !tosa.shape<1>) -> tensor<5xf32>
    %8 = tosa.reduce_min %arg0 {axis = 1 : i32} : (tensor<6x5xf32>) -> tensor<6x1xf32>
    %9 = tosa.reshape %8, %0 : (tensor<6x1xf32>, !tosa.shape<1>) -> tensor<6xf32>
    %10 = tosa.reduce_product %arg0 {axis = 1 : i32} : (tensor<6x5xf32>) -> tensor<6x1xf32>
    %11 = tosa.reshape %10, %0 : (tensor<6x1xf32>, !tosa.shape<1>) -> tensor<6xf32>
    %12 = tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<6x5xf32>) -> tensor<6x1xf32>
    %13 = tosa.abs %12 : (tensor<6x1xf32>) -> tensor<6x1xf32>
    %14 = tosa.cast %13 : (tensor<6x1xf32>) -> tensor<6x1xf64>
    %15 = tosa.equal %14, %2 : (tensor<6x1xf64>, tensor<1x1xf64>) -> tensor<6x1xi1>
    %16 = tosa.select %15, %3, %12 : (tensor<6x1xi1>, tensor<1x1xf32>, tensor<6x1xf32>) -> tensor<6x1xf32>
    %17 = tosa.reshape %16, %0 : (tensor<6x1xf32>, !tosa.shape<1>) -> tensor<6xf32>
    %18 = tosa.sub %arg0, %16 : (tensor<6x5xf32>, tensor<6x1xf32>) -> tensor<6x5xf32>
    %19 = tosa.exp %18 : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %20 = tosa.reduce_sum %19 {axis = 1 : i32} : (tensor<6x5xf32>) -> tensor<6x1xf32>
    %21 = tosa.reshape %20, %0 : (tensor<6x1xf32>, !tosa.shape<1>) -> tensor<6xf32>
    %22 = tosa.log %21 : (tensor<6xf32>) -> tensor<6xf32>
    %23 = tosa.add %22, %17 : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
    return %5, %7, %9, %11, %23 : tensor<6xf32>, tensor<5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
  }
}
