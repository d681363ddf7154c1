// t_var_std_mean: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<7x5x3xf32>) -> (tensor<5x3xf32>, tensor<7x3xf32>, tensor<3xf32>) {
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = tosa.const_shape  {values = dense<[5, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %2 = tosa.const_shape  {values = dense<[7, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = tosa.const_shape  {values = dense<3> : tensor<1xindex>} : () -> !tosa.shape<1>
    %4 = "tosa.const"() <{values = dense<0.14285714285714285> : tensor<1x1x1xf64>}> : () -> tensor<1x1x1xf64>
    %5 = "tosa.const"() <{values = dense<0.16666666666666666> : tensor<1x1xf64>}> : () -> tensor<1x1xf64>
    %6 = "tosa.const"() <{values = dense<2.000000e-01> : tensor<1x1x1xf64>}> : () -> tensor<1x1x1xf64>
    %7 = "tosa.const"() <{values = dense<2.500000e-01> : tensor<1x1xf64>}> : () -> tensor<1x1xf64>
    %8 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %9 = "tosa.const"() <{values = dense<0.0285714287> : tensor<1xf32>}> : () -> tensor<1xf32>
    %10 = tosa.cast %arg0 : (tensor<7x5x3xf32>) -> tensor<7x5x3xf64>
    %11 = tosa.reduce_sum %10 {axis = 0 : i32} : (tensor<7x5x3xf64>) -> tensor<1x5x3xf64>
    %12 = tosa.mul %11, %4, %0 : (tensor<1x5x3xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<1x5x3xf64>
    %13 = tosa.sub %10, %12 : (tensor<7x5x3xf64>, tensor<1x5x3xf64>) -> tensor<7x5x3xf64>
    %14 = tosa.mul %13, %13, %0 : (tensor<7x5x3xf64>, tensor<7x5x3xf64>, tensor<1xi8>) -> tensor<7x5x3xf64>
    %15 = tosa.reduce_sum %14 {axis = 0 : i32} : (tensor<7x5x3xf64>) -> tensor<1x5x3xf64>
    %16 = tosa.reshape %15, %1 : (tensor<1x5x3xf64>, !tosa.shape<2>) -> tensor<5x3xf64>
    %17 = tosa.mul %16, %5, %0 : (tensor<5x3xf64>, tensor<1x1xf64>, tensor<1xi8>) -> tensor<5x3xf64>
    %18 = tosa.cast %17 : (tensor<5x3xf64>) -> tensor<5x3xf32>
    %19 = tosa.reduce_sum %10 {axis = 1 : i32} : (tensor<7x5x3xf64>) -> tensor<7x1x3xf64>
    %20 = tosa.mul %19, %6, %0 : (tensor<7x1x3xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<7x1x3xf64>
    %21 = tosa.sub %10, %20 : (tensor<7x5x3xf64>, tensor<7x1x3xf64>) -> tensor<7x5x3xf64>
    %22 = tosa.mul %21, %21, %0 : (tensor<7x5x3xf64>, tensor<7x5x3xf64>, tensor<1xi8>) -> tensor<7x5x3xf64>
    %23 = tosa.reduce_sum %22 {axis = 1 : i32} : (tensor<7x5x3xf64>) -> tensor<7x1x3xf64>
    %24 = tosa.reshape %23, %2 : (tensor<7x1x3xf64>, !tosa.shape<2>) -> tensor<7x3xf64>
    %25 = tosa.mul %24, %7, %0 : (tensor<7x3xf64>, tensor<1x1xf64>, tensor<1xi8>) -> tensor<7x3xf64>
    %26 = tosa.cast %25 : (tensor<7x3xf64>) -> tensor<7x3xf32>
    %27 = tosa.pow %26, %8 : (tensor<7x3xf32>, tensor<1x1xf32>) -> tensor<7x3xf32>
    %28 = tosa.reduce_sum %arg0 {axis = 0 : i32} : (tensor<7x5x3xf32>) -> tensor<1x5x3xf32>
    %29 = tosa.reduce_sum %28 {axis = 1 : i32} : (tensor<1x5x3xf32>) -> tensor<1x1x3xf32>
    %30 = tosa.reshape %29, %3 : (tensor<1x1x3xf32>, !tosa.shape<1>) -> tensor<3xf32>
    %31 = tosa.mul %30, %9, %0 : (tensor<3xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<3xf32>
    return %18, %27, %31 : tensor<5x3xf32>, tensor<7x3xf32>, tensor<3xf32>
  }
}
