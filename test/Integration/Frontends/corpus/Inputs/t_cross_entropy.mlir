// t_cross_entropy: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<6x5xf32>, %arg1: tensor<6xi64>) -> tensor<f32> {
    %0 = tosa.const_shape  {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
    %1 = tosa.const_shape  {values = dense<[6, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = tosa.const_shape  {values = dense<[6, 1, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = "tosa.const"() <{values = dense<[[[0]], [[1]], [[2]], [[3]], [[4]], [[5]]]> : tensor<6x1x1xi32>}> : () -> tensor<6x1x1xi32>
    %5 = tosa.const_shape  {values = dense<[1, 30, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = tosa.const_shape  {values = dense<[6, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %7 = tosa.const_shape  {values = dense<[1, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %8 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %9 = tosa.const_shape  {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
    %10 = "tosa.const"() <{values = dense<-100> : tensor<1xi64>}> : () -> tensor<1xi64>
    %11 = "tosa.const"() <{values = dense<0> : tensor<1xi64>}> : () -> tensor<1xi64>
    %12 = "tosa.const"() <{values = dense<[[5, 1]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
    %13 = tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<6x5xf32>) -> tensor<6x1xf32>
    %14 = tosa.sub %arg0, %13 : (tensor<6x5xf32>, tensor<6x1xf32>) -> tensor<6x5xf32>
    %15 = tosa.exp %14 : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %16 = tosa.reduce_sum %15 {axis = 1 : i32} : (tensor<6x5xf32>) -> tensor<6x1xf32>
    %17 = tosa.log %16 : (tensor<6x1xf32>) -> tensor<6x1xf32>
    %18 = tosa.sub %14, %17 : (tensor<6x5xf32>, tensor<6x1xf32>) -> tensor<6x5xf32>
    %19 = tosa.equal %arg1, %10 : (tensor<6xi64>, tensor<1xi64>) -> tensor<6xi1>
    %20 = tosa.select %19, %11, %arg1 : (tensor<6xi1>, tensor<1xi64>, tensor<6xi64>) -> tensor<6xi64>
    %21 = tosa.reshape %20, %1 : (tensor<6xi64>, !tosa.shape<2>) -> tensor<6x1xi64>
    %22 = tosa.cast %21 : (tensor<6x1xi64>) -> tensor<6x1xi32>
    %23 = tosa.reshape %22, %3 : (tensor<6x1xi32>, !tosa.shape<3>) -> tensor<6x1x1xi32>
    %24 = tosa.concat %4, %23 {axis = 2 : i32} : (tensor<6x1x1xi32>, tensor<6x1x1xi32>) -> tensor<6x1x2xi32>
    %25 = tosa.reshape %18, %5 : (tensor<6x5xf32>, !tosa.shape<3>) -> tensor<1x30x1xf32>
    %26 = tosa.reshape %24, %6 : (tensor<6x1x2xi32>, !tosa.shape<2>) -> tensor<6x2xi32>
    %27 = tosa.mul %26, %12, %2 : (tensor<6x2xi32>, tensor<1x2xi32>, tensor<1xi8>) -> tensor<6x2xi32>
    %28 = tosa.reduce_sum %27 {axis = 1 : i32} : (tensor<6x2xi32>) -> tensor<6x1xi32>
    %29 = tosa.reshape %28, %7 : (tensor<6x1xi32>, !tosa.shape<2>) -> tensor<1x6xi32>
    %30 = tosa.gather %25, %29 : (tensor<1x30x1xf32>, tensor<1x6xi32>) -> tensor<1x6x1xf32>
    %31 = tosa.reshape %30, %0 : (tensor<1x6x1xf32>, !tosa.shape<1>) -> tensor<6xf32>
    %32 = tosa.negate %31, %8, %8 : (tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<6xf32>
    %33 = tosa.select %19, %8, %32 : (tensor<6xi1>, tensor<1xf32>, tensor<6xf32>) -> tensor<6xf32>
    %34 = tosa.logical_not %19 : (tensor<6xi1>) -> tensor<6xi1>
    %35 = tosa.cast %34 : (tensor<6xi1>) -> tensor<6xi64>
    %36 = tosa.reduce_sum %35 {axis = 0 : i32} : (tensor<6xi64>) -> tensor<1xi64>
    %37 = tosa.reshape %36, %9 : (tensor<1xi64>, !tosa.shape<0>) -> tensor<i64>
    %38 = tosa.cast %37 : (tensor<i64>) -> tensor<f32>
    %39 = tosa.reduce_sum %33 {axis = 0 : i32} : (tensor<6xf32>) -> tensor<1xf32>
    %40 = tosa.reshape %39, %9 : (tensor<1xf32>, !tosa.shape<0>) -> tensor<f32>
    %41 = tosa.reciprocal %38 : (tensor<f32>) -> tensor<f32>
    %42 = tosa.mul %40, %41, %2 : (tensor<f32>, tensor<f32>, tensor<1xi8>) -> tensor<f32>
    return %42 : tensor<f32>
  }
}
