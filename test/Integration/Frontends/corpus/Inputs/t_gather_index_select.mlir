// t_gather_index_select: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<5x6xf32>, %arg1: tensor<5x3xi64>) -> (tensor<5x3xf32>, tensor<5x6xf32>) {
    %0 = "tosa.const"() <{values = dense<[[6, 1]]> : tensor<1x2xi32>}> : () -> tensor<1x2xi32>
    %1 = tosa.const_shape  {values = dense<[5, 3, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = "tosa.const"() <{values = dense<[[[0], [0], [0]], [[1], [1], [1]], [[2], [2], [2]], [[3], [3], [3]], [[4], [4], [4]]]> : tensor<5x3x1xi32>}> : () -> tensor<5x3x1xi32>
    %3 = tosa.const_shape  {values = dense<[1, 30, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = tosa.const_shape  {values = dense<[15, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %5 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %6 = tosa.const_shape  {values = dense<[1, 15]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %7 = tosa.const_shape  {values = dense<[5, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %8 = tosa.const_shape  {values = dense<[5, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %9 = tosa.const_shape  {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
    %10 = tosa.const_shape  {values = dense<5> : tensor<1xindex>} : () -> !tosa.shape<1>
    %11 = tosa.const_shape  {values = dense<[1, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %12 = tosa.const_shape  {values = dense<[5, 6, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %13 = "tosa.const"() <{values = dense<[[[0], [1], [2], [3], [4], [5]], [[0], [1], [2], [3], [4], [5]], [[0], [1], [2], [3], [4], [5]], [[0], [1], [2], [3], [4], [5]], [[0], [1], [2], [3], [4], [5]]]> : tensor<5x6x1xi32>}> : () -> tensor<5x6x1xi32>
    %14 = tosa.const_shape  {values = dense<[30, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %15 = tosa.const_shape  {values = dense<[1, 30]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %16 = tosa.const_shape  {values = dense<[5, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %17 = tosa.cast %arg1 : (tensor<5x3xi64>) -> tensor<5x3xi32>
    %18 = tosa.reshape %17, %1 : (tensor<5x3xi32>, !tosa.shape<3>) -> tensor<5x3x1xi32>
    %19 = tosa.concat %2, %18 {axis = 2 : i32} : (tensor<5x3x1xi32>, tensor<5x3x1xi32>) -> tensor<5x3x2xi32>
    %20 = tosa.reshape %arg0, %3 : (tensor<5x6xf32>, !tosa.shape<3>) -> tensor<1x30x1xf32>
    %21 = tosa.reshape %19, %4 : (tensor<5x3x2xi32>, !tosa.shape<2>) -> tensor<15x2xi32>
    %22 = tosa.mul %21, %0, %5 : (tensor<15x2xi32>, tensor<1x2xi32>, tensor<1xi8>) -> tensor<15x2xi32>
    %23 = tosa.reduce_sum %22 {axis = 1 : i32} : (tensor<15x2xi32>) -> tensor<15x1xi32>
    %24 = tosa.reshape %23, %6 : (tensor<15x1xi32>, !tosa.shape<2>) -> tensor<1x15xi32>
    %25 = tosa.gather %20, %24 : (tensor<1x30x1xf32>, tensor<1x15xi32>) -> tensor<1x15x1xf32>
    %26 = tosa.reshape %25, %7 : (tensor<1x15x1xf32>, !tosa.shape<2>) -> tensor<5x3xf32>
    %27 = tosa.slice %arg1, %9, %8 : (tensor<5x3xi64>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<5x1xi64>
    %28 = tosa.reshape %27, %10 : (tensor<5x1xi64>, !tosa.shape<1>) -> tensor<5xi64>
    %29 = tosa.cast %28 : (tensor<5xi64>) -> tensor<5xi32>
    %30 = tosa.reshape %29, %8 : (tensor<5xi32>, !tosa.shape<2>) -> tensor<5x1xi32>
    %31 = tosa.tile %30, %11 : (tensor<5x1xi32>, !tosa.shape<2>) -> tensor<5x6xi32>
    %32 = tosa.reshape %31, %12 : (tensor<5x6xi32>, !tosa.shape<3>) -> tensor<5x6x1xi32>
    %33 = tosa.concat %32, %13 {axis = 2 : i32} : (tensor<5x6x1xi32>, tensor<5x6x1xi32>) -> tensor<5x6x2xi32>
    %34 = tosa.reshape %33, %14 : (tensor<5x6x2xi32>, !tosa.shape<2>) -> tensor<30x2xi32>
    %35 = tosa.mul %34, %0, %5 : (tensor<30x2xi32>, tensor<1x2xi32>, tensor<1xi8>) -> tensor<30x2xi32>
    %36 = tosa.reduce_sum %35 {axis = 1 : i32} : (tensor<30x2xi32>) -> tensor<30x1xi32>
    %37 = tosa.reshape %36, %15 : (tensor<30x1xi32>, !tosa.shape<2>) -> tensor<1x30xi32>
    %38 = tosa.gather %20, %37 : (tensor<1x30x1xf32>, tensor<1x30xi32>) -> tensor<1x30x1xf32>
    %39 = tosa.reshape %38, %16 : (tensor<1x30x1xf32>, !tosa.shape<2>) -> tensor<5x6xf32>
    return %26, %39 : tensor<5x3xf32>, tensor<5x6xf32>
  }
}
