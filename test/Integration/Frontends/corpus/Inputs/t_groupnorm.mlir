// t_groupnorm: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x6x4x5xf32>) -> tensor<3x6x4x5xf32> {
    %0 = "tosa.const"() <{values = dense<[[6, 3, 1, 1]]> : tensor<1x4xi32>}> : () -> tensor<1x4xi32>
    %1 = tosa.const_shape  {values = dense<[3, 2, 3, 20]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = tosa.const_shape  {values = dense<[3, 6, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %5 = tosa.const_shape  {values = dense<[1, 18, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = tosa.const_shape  {values = dense<[18, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %7 = tosa.const_shape  {values = dense<[1, 18]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %8 = tosa.const_shape  {values = dense<[3, 6, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %9 = "tosa.const"() <{values = dense<0.016666666666666666> : tensor<1x1x1x1xf64>}> : () -> tensor<1x1x1x1xf64>
    %10 = "tosa.const"() <{values = dense<0.0166666675> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %11 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %12 = "tosa.const"() <{values = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<1x2x3x1xf32>}> : () -> tensor<1x2x3x1xf32>
    %13 = "tosa.const"() <{values = dense<"0x000000000000000000000000000000000000000000000000"> : tensor<1x2x3x1xf32>}> : () -> tensor<1x2x3x1xf32>
    %cst = arith.constant dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000020000000000000002000000000000000200000000000000020000000000000002000000000000000200000000000000"> : tensor<3x6xi64>
    %cst_0 = arith.constant dense<"0x000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000"> : tensor<3x6xi64>
    %cst_1 = arith.constant dense<"0x000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000"> : tensor<3x6xi64>
    %cst_2 = arith.constant dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<3x6xi64>
    %14 = "tosa.const"() <{values = dense<0> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %15 = "tosa.const"() <{values = dense<3> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %16 = "tosa.const"() <{values = dense<2> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %17 = "tosa.const"() <{values = dense<1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %cst_3 = arith.constant dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000020000000000000002000000000000000200000000000000020000000000000002000000000000000200000000000000"> : tensor<3x6xi64>
    %cst_4 = arith.constant dense<"0x000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000"> : tensor<3x6xi64>
    %cst_5 = arith.constant dense<"0x000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000000000000000000001000000000000000200000000000000"> : tensor<3x6xi64>
    %cst_6 = arith.constant dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<3x6xi64>
    %18 = tosa.reshape %arg0, %1 : (tensor<3x6x4x5xf32>, !tosa.shape<4>) -> tensor<3x2x3x20xf32>
    %19 = tosa.cast %18 : (tensor<3x2x3x20xf32>) -> tensor<3x2x3x20xf64>
    %20 = tosa.reduce_sum %19 {axis = 2 : i32} : (tensor<3x2x3x20xf64>) -> tensor<3x2x1x20xf64>
    %21 = tosa.reduce_sum %20 {axis = 3 : i32} : (tensor<3x2x1x20xf64>) -> tensor<3x2x1x1xf64>
    %22 = tosa.mul %21, %9, %2 : (tensor<3x2x1x1xf64>, tensor<1x1x1x1xf64>, tensor<1xi8>) -> tensor<3x2x1x1xf64>
    %23 = tosa.sub %19, %22 : (tensor<3x2x3x20xf64>, tensor<3x2x1x1xf64>) -> tensor<3x2x3x20xf64>
    %24 = tosa.mul %23, %23, %2 : (tensor<3x2x3x20xf64>, tensor<3x2x3x20xf64>, tensor<1xi8>) -> tensor<3x2x3x20xf64>
    %25 = tosa.reduce_sum %24 {axis = 2 : i32} : (tensor<3x2x3x20xf64>) -> tensor<3x2x1x20xf64>
    %26 = tosa.reduce_sum %25 {axis = 3 : i32} : (tensor<3x2x1x20xf64>) -> tensor<3x2x1x1xf64>
    %27 = tosa.mul %26, %9, %2 : (tensor<3x2x1x1xf64>, tensor<1x1x1x1xf64>, tensor<1xi8>) -> tensor<3x2x1x1xf64>
    %28 = tosa.cast %27 : (tensor<3x2x1x1xf64>) -> tensor<3x2x1x1xf32>
    %29 = tosa.reduce_sum %18 {axis = 2 : i32} : (tensor<3x2x3x20xf32>) -> tensor<3x2x1x20xf32>
    %30 = tosa.reduce_sum %29 {axis = 3 : i32} : (tensor<3x2x1x20xf32>) -> tensor<3x2x1x1xf32>
    %31 = tosa.mul %30, %10, %2 : (tensor<3x2x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<3x2x1x1xf32>
    %32 = tosa.add %28, %11 : (tensor<3x2x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<3x2x1x1xf32>
    %33 = tosa.rsqrt %32 : (tensor<3x2x1x1xf32>) -> tensor<3x2x1x1xf32>
    %34 = tosa.mul %33, %12, %2 : (tensor<3x2x1x1xf32>, tensor<1x2x3x1xf32>, tensor<1xi8>) -> tensor<3x2x3x1xf32>
    %35 = tosa.negate %31, %3, %3 : (tensor<3x2x1x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x2x1x1xf32>
    %36 = tosa.mul %35, %34, %2 : (tensor<3x2x1x1xf32>, tensor<3x2x3x1xf32>, tensor<1xi8>) -> tensor<3x2x3x1xf32>
    %37 = tosa.add %36, %13 : (tensor<3x2x3x1xf32>, tensor<1x2x3x1xf32>) -> tensor<3x2x3x1xf32>
    %38 = tosa.cast %cst : (tensor<3x6xi64>) -> tensor<3x6xi32>
    %39 = tosa.add %38, %15 : (tensor<3x6xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
    %40 = tosa.greater %14, %38 : (tensor<1x1xi32>, tensor<3x6xi32>) -> tensor<3x6xi1>
    %41 = tosa.select %40, %39, %38 : (tensor<3x6xi1>, tensor<3x6xi32>, tensor<3x6xi32>) -> tensor<3x6xi32>
    %42 = tosa.reshape %41, %4 : (tensor<3x6xi32>, !tosa.shape<3>) -> tensor<3x6x1xi32>
    %43 = tosa.cast %cst_0 : (tensor<3x6xi64>) -> tensor<3x6xi32>
    %44 = tosa.add %43, %16 : (tensor<3x6xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
    %45 = tosa.greater %14, %43 : (tensor<1x1xi32>, tensor<3x6xi32>) -> tensor<3x6xi1>
    %46 = tosa.select %45, %44, %43 : (tensor<3x6xi1>, tensor<3x6xi32>, tensor<3x6xi32>) -> tensor<3x6xi32>
    %47 = tosa.reshape %46, %4 : (tensor<3x6xi32>, !tosa.shape<3>) -> tensor<3x6x1xi32>
    %48 = tosa.cast %cst_1 : (tensor<3x6xi64>) -> tensor<3x6xi32>
    %49 = tosa.add %48, %15 : (tensor<3x6xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
    %50 = tosa.greater %14, %48 : (tensor<1x1xi32>, tensor<3x6xi32>) -> tensor<3x6xi1>
    %51 = tosa.select %50, %49, %48 : (tensor<3x6xi1>, tensor<3x6xi32>, tensor<3x6xi32>) -> tensor<3x6xi32>
    %52 = tosa.reshape %51, %4 : (tensor<3x6xi32>, !tosa.shape<3>) -> tensor<3x6x1xi32>
    %53 = tosa.cast %cst_2 : (tensor<3x6xi64>) -> tensor<3x6xi32>
    %54 = tosa.add %53, %17 : (tensor<3x6xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
    %55 = tosa.greater %14, %53 : (tensor<1x1xi32>, tensor<3x6xi32>) -> tensor<3x6xi1>
    %56 = tosa.select %55, %54, %53 : (tensor<3x6xi1>, tensor<3x6xi32>, tensor<3x6xi32>) -> tensor<3x6xi32>
    %57 = tosa.reshape %56, %4 : (tensor<3x6xi32>, !tosa.shape<3>) -> tensor<3x6x1xi32>
    %58 = tosa.concat %42, %47, %52, %57 {axis = 2 : i32} : (tensor<3x6x1xi32>, tensor<3x6x1xi32>, tensor<3x6x1xi32>, tensor<3x6x1xi32>) -> tensor<3x6x4xi32>
    %59 = tosa.reshape %34, %5 : (tensor<3x2x3x1xf32>, !tosa.shape<3>) -> tensor<1x18x1xf32>
    %60 = tosa.reshape %58, %6 : (tensor<3x6x4xi32>, !tosa.shape<2>) -> tensor<18x4xi32>
    %61 = tosa.mul %60, %0, %2 : (tensor<18x4xi32>, tensor<1x4xi32>, tensor<1xi8>) -> tensor<18x4xi32>
    %62 = tosa.reduce_sum %61 {axis = 1 : i32} : (tensor<18x4xi32>) -> tensor<18x1xi32>
    %63 = tosa.reshape %62, %7 : (tensor<18x1xi32>, !tosa.shape<2>) -> tensor<1x18xi32>
    %64 = tosa.gather %59, %63 : (tensor<1x18x1xf32>, tensor<1x18xi32>) -> tensor<1x18x1xf32>
    %65 = tosa.cast %cst_3 : (tensor<3x6xi64>) -> tensor<3x6xi32>
    %66 = tosa.add %65, %15 : (tensor<3x6xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
    %67 = tosa.greater %14, %65 : (tensor<1x1xi32>, tensor<3x6xi32>) -> tensor<3x6xi1>
    %68 = tosa.select %67, %66, %65 : (tensor<3x6xi1>, tensor<3x6xi32>, tensor<3x6xi32>) -> tensor<3x6xi32>
    %69 = tosa.reshape %68, %4 : (tensor<3x6xi32>, !tosa.shape<3>) -> tensor<3x6x1xi32>
    %70 = tosa.cast %cst_4 : (tensor<3x6xi64>) -> tensor<3x6xi32>
    %71 = tosa.add %70, %16 : (tensor<3x6xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
    %72 = tosa.greater %14, %70 : (tensor<1x1xi32>, tensor<3x6xi32>) -> tensor<3x6xi1>
    %73 = tosa.select %72, %71, %70 : (tensor<3x6xi1>, tensor<3x6xi32>, tensor<3x6xi32>) -> tensor<3x6xi32>
    %74 = tosa.reshape %73, %4 : (tensor<3x6xi32>, !tosa.shape<3>) -> tensor<3x6x1xi32>
    %75 = tosa.cast %cst_5 : (tensor<3x6xi64>) -> tensor<3x6xi32>
    %76 = tosa.add %75, %15 : (tensor<3x6xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
    %77 = tosa.greater %14, %75 : (tensor<1x1xi32>, tensor<3x6xi32>) -> tensor<3x6xi1>
    %78 = tosa.select %77, %76, %75 : (tensor<3x6xi1>, tensor<3x6xi32>, tensor<3x6xi32>) -> tensor<3x6xi32>
    %79 = tosa.reshape %78, %4 : (tensor<3x6xi32>, !tosa.shape<3>) -> tensor<3x6x1xi32>
    %80 = tosa.cast %cst_6 : (tensor<3x6xi64>) -> tensor<3x6xi32>
    %81 = tosa.add %80, %17 : (tensor<3x6xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
    %82 = tosa.greater %14, %80 : (tensor<1x1xi32>, tensor<3x6xi32>) -> tensor<3x6xi1>
    %83 = tosa.select %82, %81, %80 : (tensor<3x6xi1>, tensor<3x6xi32>, tensor<3x6xi32>) -> tensor<3x6xi32>
    %84 = tosa.reshape %83, %4 : (tensor<3x6xi32>, !tosa.shape<3>) -> tensor<3x6x1xi32>
    %85 = tosa.concat %69, %74, %79, %84 {axis = 2 : i32} : (tensor<3x6x1xi32>, tensor<3x6x1xi32>, tensor<3x6x1xi32>, tensor<3x6x1xi32>) -> tensor<3x6x4xi32>
    %86 = tosa.reshape %37, %5 : (tensor<3x2x3x1xf32>, !tosa.shape<3>) -> tensor<1x18x1xf32>
    %87 = tosa.reshape %85, %6 : (tensor<3x6x4xi32>, !tosa.shape<2>) -> tensor<18x4xi32>
    %88 = tosa.mul %87, %0, %2 : (tensor<18x4xi32>, tensor<1x4xi32>, tensor<1xi8>) -> tensor<18x4xi32>
    %89 = tosa.reduce_sum %88 {axis = 1 : i32} : (tensor<18x4xi32>) -> tensor<18x1xi32>
    %90 = tosa.reshape %89, %7 : (tensor<18x1xi32>, !tosa.shape<2>) -> tensor<1x18xi32>
    %91 = tosa.gather %86, %90 : (tensor<1x18x1xf32>, tensor<1x18xi32>) -> tensor<1x18x1xf32>
    %92 = tosa.reshape %64, %8 : (tensor<1x18x1xf32>, !tosa.shape<4>) -> tensor<3x6x1x1xf32>
    %93 = tosa.reshape %91, %8 : (tensor<1x18x1xf32>, !tosa.shape<4>) -> tensor<3x6x1x1xf32>
    %94 = tosa.mul %arg0, %92, %2 : (tensor<3x6x4x5xf32>, tensor<3x6x1x1xf32>, tensor<1xi8>) -> tensor<3x6x4x5xf32>
    %95 = tosa.add %94, %93 : (tensor<3x6x4x5xf32>, tensor<3x6x1x1xf32>) -> tensor<3x6x4x5xf32>
    return %95 : tensor<3x6x4x5xf32>
  }
}
