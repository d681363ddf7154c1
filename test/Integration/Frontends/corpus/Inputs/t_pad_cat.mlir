// t_pad_cat: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x3x6xf32>, %arg1: tensor<2x4x6xf32>) -> (tensor<2x4x9xf32>, tensor<2x3x9xf32>, tensor<2x3x8xf32>, tensor<2x7x6xf32>) {
    %0 = "tosa.const"() <{values = dense<[[18, 6, 1]]> : tensor<1x3xi32>}> : () -> tensor<1x3xi32>
    %cst = arith.constant dense<[[0], [1], [2]]> : tensor<3x1xi64>
    %cst_0 = arith.constant dense<[[[0]], [[1]]]> : tensor<2x1x1xi64>
    %1 = tosa.const_shape  {values = dense<[0, 0, 0, 1, 1, 2]> : tensor<6xindex>} : () -> !tosa.shape<6>
    %2 = "tosa.const"() <{values = dense<[-2, -1, 0, 1, 2, 3, 4, 5, 6]> : tensor<9xi64>}> : () -> tensor<9xi64>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = tosa.const_shape  {values = dense<[2, 1, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %5 = tosa.const_shape  {values = dense<[1, 3, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %6 = tosa.const_shape  {values = dense<[1, 1, 9, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %7 = tosa.const_shape  {values = dense<[1, 3, 9, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %8 = tosa.const_shape  {values = dense<[2, 1, 9, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %9 = tosa.const_shape  {values = dense<[2, 3, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %10 = tosa.const_shape  {values = dense<[1, 36, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %11 = tosa.const_shape  {values = dense<[54, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %12 = tosa.const_shape  {values = dense<[1, 54]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %13 = tosa.const_shape  {values = dense<[2, 3, 9]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %14 = "tosa.const"() <{values = dense<[-1, 0, 1, 2, 3, 4, 5, 6]> : tensor<8xi64>}> : () -> tensor<8xi64>
    %15 = tosa.const_shape  {values = dense<[1, 1, 8, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %16 = tosa.const_shape  {values = dense<[1, 3, 8, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %17 = tosa.const_shape  {values = dense<[2, 1, 8, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %18 = tosa.const_shape  {values = dense<[48, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %19 = tosa.const_shape  {values = dense<[1, 48]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %20 = tosa.const_shape  {values = dense<[2, 3, 8]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %21 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %22 = "tosa.const"() <{values = dense<5> : tensor<1xi32>}> : () -> tensor<1xi32>
    %23 = "tosa.const"() <{values = dense<0> : tensor<1x1x1xi32>}> : () -> tensor<1x1x1xi32>
    %24 = "tosa.const"() <{values = dense<2> : tensor<1x1x1xi32>}> : () -> tensor<1x1x1xi32>
    %25 = "tosa.const"() <{values = dense<0> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %26 = "tosa.const"() <{values = dense<3> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %27 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %28 = "tosa.const"() <{values = dense<6> : tensor<1xi32>}> : () -> tensor<1xi32>
    %29 = "tosa.const"() <{values = dense<0> : tensor<1xi64>}> : () -> tensor<1xi64>
    %30 = "tosa.const"() <{values = dense<5> : tensor<1xi64>}> : () -> tensor<1xi64>
    %31 = tosa.pad %arg0, %1, %21 : (tensor<2x3x6xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<2x4x9xf32>
    %32 = tosa.abs %2 : (tensor<9xi64>) -> tensor<9xi64>
    %33 = tosa.cast %32 : (tensor<9xi64>) -> tensor<9xi32>
    %34 = tosa.sub %22, %33 : (tensor<1xi32>, tensor<9xi32>) -> tensor<9xi32>
    %35 = tosa.cast %34 : (tensor<9xi32>) -> tensor<9xi64>
    %36 = tosa.abs %35 : (tensor<9xi64>) -> tensor<9xi64>
    %37 = tosa.cast %36 : (tensor<9xi64>) -> tensor<9xi32>
    %38 = tosa.sub %22, %37 : (tensor<1xi32>, tensor<9xi32>) -> tensor<9xi32>
    %39 = tosa.cast %38 : (tensor<9xi32>) -> tensor<9xi64>
    %40 = tosa.cast %cst_0 : (tensor<2x1x1xi64>) -> tensor<2x1x1xi32>
    %41 = tosa.add %40, %24 : (tensor<2x1x1xi32>, tensor<1x1x1xi32>) -> tensor<2x1x1xi32>
    %42 = tosa.greater %23, %40 : (tensor<1x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %43 = tosa.select %42, %41, %40 : (tensor<2x1x1xi1>, tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi32>
    %44 = tosa.reshape %43, %4 : (tensor<2x1x1xi32>, !tosa.shape<4>) -> tensor<2x1x1x1xi32>
    %45 = tosa.cast %cst : (tensor<3x1xi64>) -> tensor<3x1xi32>
    %46 = tosa.add %45, %26 : (tensor<3x1xi32>, tensor<1x1xi32>) -> tensor<3x1xi32>
    %47 = tosa.greater %25, %45 : (tensor<1x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %48 = tosa.select %47, %46, %45 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %49 = tosa.cast %39 : (tensor<9xi64>) -> tensor<9xi32>
    %50 = tosa.add %49, %28 : (tensor<9xi32>, tensor<1xi32>) -> tensor<9xi32>
    %51 = tosa.greater %27, %49 : (tensor<1xi32>, tensor<9xi32>) -> tensor<9xi1>
    %52 = tosa.select %51, %50, %49 : (tensor<9xi1>, tensor<9xi32>, tensor<9xi32>) -> tensor<9xi32>
    %53 = tosa.reshape %48, %5 : (tensor<3x1xi32>, !tosa.shape<4>) -> tensor<1x3x1x1xi32>
    %54 = tosa.reshape %52, %6 : (tensor<9xi32>, !tosa.shape<4>) -> tensor<1x1x9x1xi32>
    %55 = tosa.tile %44, %7 : (tensor<2x1x1x1xi32>, !tosa.shape<4>) -> tensor<2x3x9x1xi32>
    %56 = tosa.tile %53, %8 : (tensor<1x3x1x1xi32>, !tosa.shape<4>) -> tensor<2x3x9x1xi32>
    %57 = tosa.tile %54, %9 : (tensor<1x1x9x1xi32>, !tosa.shape<4>) -> tensor<2x3x9x1xi32>
    %58 = tosa.concat %55, %56, %57 {axis = 3 : i32} : (tensor<2x3x9x1xi32>, tensor<2x3x9x1xi32>, tensor<2x3x9x1xi32>) -> tensor<2x3x9x3xi32>
    %59 = tosa.reshape %arg0, %10 : (tensor<2x3x6xf32>, !tosa.shape<3>) -> tensor<1x36x1xf32>
    %60 = tosa.reshape %58, %11 : (tensor<2x3x9x3xi32>, !tosa.shape<2>) -> tensor<54x3xi32>
    %61 = tosa.mul %60, %0, %3 : (tensor<54x3xi32>, tensor<1x3xi32>, tensor<1xi8>) -> tensor<54x3xi32>
    %62 = tosa.reduce_sum %61 {axis = 1 : i32} : (tensor<54x3xi32>) -> tensor<54x1xi32>
    %63 = tosa.reshape %62, %12 : (tensor<54x1xi32>, !tosa.shape<2>) -> tensor<1x54xi32>
    %64 = tosa.gather %59, %63 : (tensor<1x36x1xf32>, tensor<1x54xi32>) -> tensor<1x54x1xf32>
    %65 = tosa.reshape %64, %13 : (tensor<1x54x1xf32>, !tosa.shape<3>) -> tensor<2x3x9xf32>
    %66 = tosa.maximum %29, %14 : (tensor<1xi64>, tensor<8xi64>) -> tensor<8xi64>
    %67 = tosa.minimum %66, %30 : (tensor<8xi64>, tensor<1xi64>) -> tensor<8xi64>
    %68 = tosa.cast %67 : (tensor<8xi64>) -> tensor<8xi32>
    %69 = tosa.add %68, %28 : (tensor<8xi32>, tensor<1xi32>) -> tensor<8xi32>
    %70 = tosa.greater %27, %68 : (tensor<1xi32>, tensor<8xi32>) -> tensor<8xi1>
    %71 = tosa.select %70, %69, %68 : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    %72 = tosa.reshape %71, %15 : (tensor<8xi32>, !tosa.shape<4>) -> tensor<1x1x8x1xi32>
    %73 = tosa.tile %44, %16 : (tensor<2x1x1x1xi32>, !tosa.shape<4>) -> tensor<2x3x8x1xi32>
    %74 = tosa.tile %53, %17 : (tensor<1x3x1x1xi32>, !tosa.shape<4>) -> tensor<2x3x8x1xi32>
    %75 = tosa.tile %72, %9 : (tensor<1x1x8x1xi32>, !tosa.shape<4>) -> tensor<2x3x8x1xi32>
    %76 = tosa.concat %73, %74, %75 {axis = 3 : i32} : (tensor<2x3x8x1xi32>, tensor<2x3x8x1xi32>, tensor<2x3x8x1xi32>) -> tensor<2x3x8x3xi32>
    %77 = tosa.reshape %76, %18 : (tensor<2x3x8x3xi32>, !tosa.shape<2>) -> tensor<48x3xi32>
    %78 = tosa.mul %77, %0, %3 : (tensor<48x3xi32>, tensor<1x3xi32>, tensor<1xi8>) -> tensor<48x3xi32>
    %79 = tosa.reduce_sum %78 {axis = 1 : i32} : (tensor<48x3xi32>) -> tensor<48x1xi32>
    %80 = tosa.reshape %79, %19 : (tensor<48x1xi32>, !tosa.shape<2>) -> tensor<1x48xi32>
    %81 = tosa.gather %59, %80 : (tensor<1x36x1xf32>, tensor<1x48xi32>) -> tensor<1x48x1xf32>
    %82 = tosa.reshape %81, %20 : (tensor<1x48x1xf32>, !tosa.shape<3>) -> tensor<2x3x8xf32>
    %83 = tosa.concat %arg0, %arg1 {axis = 1 : i32} : (tensor<2x3x6xf32>, tensor<2x4x6xf32>) -> tensor<2x7x6xf32>
    return %31, %65, %82, %83 : tensor<2x4x9xf32>, tensor<2x3x9xf32>, tensor<2x3x8xf32>, tensor<2x7x6xf32>
  }
}
