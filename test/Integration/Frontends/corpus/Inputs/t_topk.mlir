// t_topk: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<5x8xf32>) -> (tensor<5x3xf32>, tensor<5x3xi64>) {
    %0 = tosa.const_shape  {values = dense<[5, 8, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %1 = "tosa.const"() <{values = dense<0xFF800000> : tensor<5x8x1xf32>}> : () -> tensor<5x8x1xf32>
    %2 = "tosa.const"() <{values = dense<0> : tensor<5x8x1xi8>}> : () -> tensor<5x8x1xi8>
    %3 = "tosa.const"() <{values = dense<1> : tensor<5x8x1xi8>}> : () -> tensor<5x8x1xi8>
    %4 = "tosa.const"() <{values = dense<1> : tensor<5x1x1xi8>}> : () -> tensor<5x1x1xi8>
    %5 = "tosa.const"() <{values = dense<0> : tensor<5x8x1xi32>}> : () -> tensor<5x8x1xi32>
    %6 = "tosa.const"() <{values = dense<1> : tensor<5x1xi32>}> : () -> tensor<5x1xi32>
    %7 = tosa.const_shape  {values = dense<[5, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %8 = tosa.const_shape  {values = dense<[5, 1, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %9 = tosa.const_shape  {values = dense<[5, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %10 = "tosa.const"() <{values = dense<true> : tensor<5x8x1xi1>}> : () -> tensor<5x8x1xi1>
    %11 = tosa.reshape %arg0, %0 : (tensor<5x8xf32>, !tosa.shape<3>) -> tensor<5x8x1xf32>
    %12 = tosa.equal %11, %11 : (tensor<5x8x1xf32>, tensor<5x8x1xf32>) -> tensor<5x8x1xi1>
    %13 = tosa.logical_not %12 : (tensor<5x8x1xi1>) -> tensor<5x8x1xi1>
    %14 = tosa.logical_and %12, %10 : (tensor<5x8x1xi1>, tensor<5x8x1xi1>) -> tensor<5x8x1xi1>
    %15 = tosa.logical_and %13, %10 : (tensor<5x8x1xi1>, tensor<5x8x1xi1>) -> tensor<5x8x1xi1>
    %16 = tosa.select %14, %3, %2 : (tensor<5x8x1xi1>, tensor<5x8x1xi8>, tensor<5x8x1xi8>) -> tensor<5x8x1xi8>
    %17 = tosa.argmax %16 {axis = 1 : i32} : (tensor<5x8x1xi8>) -> tensor<5x1xi32>
    %18 = tosa.select %15, %3, %2 : (tensor<5x8x1xi1>, tensor<5x8x1xi8>, tensor<5x8x1xi8>) -> tensor<5x8x1xi8>
    %19 = tosa.argmax %18 {axis = 1 : i32} : (tensor<5x8x1xi8>) -> tensor<5x1xi32>
    %20 = tosa.gather %18, %19 : (tensor<5x8x1xi8>, tensor<5x1xi32>) -> tensor<5x1x1xi8>
    %21 = tosa.reshape %20, %7 : (tensor<5x1x1xi8>, !tosa.shape<2>) -> tensor<5x1xi8>
    %22 = tosa.cast %21 : (tensor<5x1xi8>) -> tensor<5x1xi32>
    %23 = tosa.equal %22, %6 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi1>
    %24 = tosa.select %14, %11, %1 : (tensor<5x8x1xi1>, tensor<5x8x1xf32>, tensor<5x8x1xf32>) -> tensor<5x8x1xf32>
    %25 = tosa.argmax %24 {axis = 1 : i32} : (tensor<5x8x1xf32>) -> tensor<5x1xi32>
    %26 = tosa.gather %16, %25 : (tensor<5x8x1xi8>, tensor<5x1xi32>) -> tensor<5x1x1xi8>
    %27 = tosa.reshape %26, %7 : (tensor<5x1x1xi8>, !tosa.shape<2>) -> tensor<5x1xi8>
    %28 = tosa.cast %27 : (tensor<5x1xi8>) -> tensor<5x1xi32>
    %29 = tosa.equal %28, %6 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi1>
    %30 = tosa.select %29, %25, %17 : (tensor<5x1xi1>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi32>
    %31 = tosa.select %23, %19, %30 : (tensor<5x1xi1>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi32>
    %32 = tosa.gather %11, %31 : (tensor<5x8x1xf32>, tensor<5x1xi32>) -> tensor<5x1x1xf32>
    %33 = tosa.reshape %31, %8 : (tensor<5x1xi32>, !tosa.shape<3>) -> tensor<5x1x1xi32>
    %34 = tosa.scatter %2, %31, %4 : (tensor<5x8x1xi8>, tensor<5x1xi32>, tensor<5x1x1xi8>) -> tensor<5x8x1xi8>
    %35 = tosa.cast %34 : (tensor<5x8x1xi8>) -> tensor<5x8x1xi32>
    %36 = tosa.equal %35, %5 : (tensor<5x8x1xi32>, tensor<5x8x1xi32>) -> tensor<5x8x1xi1>
    %37 = tosa.logical_and %36, %12 : (tensor<5x8x1xi1>, tensor<5x8x1xi1>) -> tensor<5x8x1xi1>
    %38 = tosa.logical_and %36, %13 : (tensor<5x8x1xi1>, tensor<5x8x1xi1>) -> tensor<5x8x1xi1>
    %39 = tosa.select %37, %3, %2 : (tensor<5x8x1xi1>, tensor<5x8x1xi8>, tensor<5x8x1xi8>) -> tensor<5x8x1xi8>
    %40 = tosa.argmax %39 {axis = 1 : i32} : (tensor<5x8x1xi8>) -> tensor<5x1xi32>
    %41 = tosa.select %38, %3, %2 : (tensor<5x8x1xi1>, tensor<5x8x1xi8>, tensor<5x8x1xi8>) -> tensor<5x8x1xi8>
    %42 = tosa.argmax %41 {axis = 1 : i32} : (tensor<5x8x1xi8>) -> tensor<5x1xi32>
    %43 = tosa.gather %41, %42 : (tensor<5x8x1xi8>, tensor<5x1xi32>) -> tensor<5x1x1xi8>
    %44 = tosa.reshape %43, %7 : (tensor<5x1x1xi8>, !tosa.shape<2>) -> tensor<5x1xi8>
    %45 = tosa.cast %44 : (tensor<5x1xi8>) -> tensor<5x1xi32>
    %46 = tosa.equal %45, %6 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi1>
    %47 = tosa.select %37, %11, %1 : (tensor<5x8x1xi1>, tensor<5x8x1xf32>, tensor<5x8x1xf32>) -> tensor<5x8x1xf32>
    %48 = tosa.argmax %47 {axis = 1 : i32} : (tensor<5x8x1xf32>) -> tensor<5x1xi32>
    %49 = tosa.gather %39, %48 : (tensor<5x8x1xi8>, tensor<5x1xi32>) -> tensor<5x1x1xi8>
    %50 = tosa.reshape %49, %7 : (tensor<5x1x1xi8>, !tosa.shape<2>) -> tensor<5x1xi8>
    %51 = tosa.cast %50 : (tensor<5x1xi8>) -> tensor<5x1xi32>
    %52 = tosa.equal %51, %6 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi1>
    %53 = tosa.select %52, %48, %40 : (tensor<5x1xi1>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi32>
    %54 = tosa.select %46, %42, %53 : (tensor<5x1xi1>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi32>
    %55 = tosa.gather %11, %54 : (tensor<5x8x1xf32>, tensor<5x1xi32>) -> tensor<5x1x1xf32>
    %56 = tosa.reshape %54, %8 : (tensor<5x1xi32>, !tosa.shape<3>) -> tensor<5x1x1xi32>
    %57 = tosa.scatter %34, %54, %4 : (tensor<5x8x1xi8>, tensor<5x1xi32>, tensor<5x1x1xi8>) -> tensor<5x8x1xi8>
    %58 = tosa.cast %57 : (tensor<5x8x1xi8>) -> tensor<5x8x1xi32>
    %59 = tosa.equal %58, %5 : (tensor<5x8x1xi32>, tensor<5x8x1xi32>) -> tensor<5x8x1xi1>
    %60 = tosa.logical_and %59, %12 : (tensor<5x8x1xi1>, tensor<5x8x1xi1>) -> tensor<5x8x1xi1>
    %61 = tosa.logical_and %59, %13 : (tensor<5x8x1xi1>, tensor<5x8x1xi1>) -> tensor<5x8x1xi1>
    %62 = tosa.select %60, %3, %2 : (tensor<5x8x1xi1>, tensor<5x8x1xi8>, tensor<5x8x1xi8>) -> tensor<5x8x1xi8>
    %63 = tosa.argmax %62 {axis = 1 : i32} : (tensor<5x8x1xi8>) -> tensor<5x1xi32>
    %64 = tosa.select %61, %3, %2 : (tensor<5x8x1xi1>, tensor<5x8x1xi8>, tensor<5x8x1xi8>) -> tensor<5x8x1xi8>
    %65 = tosa.argmax %64 {axis = 1 : i32} : (tensor<5x8x1xi8>) -> tensor<5x1xi32>
    %66 = tosa.gather %64, %65 : (tensor<5x8x1xi8>, tensor<5x1xi32>) -> tensor<5x1x1xi8>
    %67 = tosa.reshape %66, %7 : (tensor<5x1x1xi8>, !tosa.shape<2>) -> tensor<5x1xi8>
    %68 = tosa.cast %67 : (tensor<5x1xi8>) -> tensor<5x1xi32>
    %69 = tosa.equal %68, %6 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi1>
    %70 = tosa.select %60, %11, %1 : (tensor<5x8x1xi1>, tensor<5x8x1xf32>, tensor<5x8x1xf32>) -> tensor<5x8x1xf32>
    %71 = tosa.argmax %70 {axis = 1 : i32} : (tensor<5x8x1xf32>) -> tensor<5x1xi32>
    %72 = tosa.gather %62, %71 : (tensor<5x8x1xi8>, tensor<5x1xi32>) -> tensor<5x1x1xi8>
    %73 = tosa.reshape %72, %7 : (tensor<5x1x1xi8>, !tosa.shape<2>) -> tensor<5x1xi8>
    %74 = tosa.cast %73 : (tensor<5x1xi8>) -> tensor<5x1xi32>
    %75 = tosa.equal %74, %6 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi1>
    %76 = tosa.select %75, %71, %63 : (tensor<5x1xi1>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi32>
    %77 = tosa.select %69, %65, %76 : (tensor<5x1xi1>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi32>
    %78 = tosa.gather %11, %77 : (tensor<5x8x1xf32>, tensor<5x1xi32>) -> tensor<5x1x1xf32>
    %79 = tosa.reshape %77, %8 : (tensor<5x1xi32>, !tosa.shape<3>) -> tensor<5x1x1xi32>
    %80 = tosa.concat %32, %55, %78 {axis = 1 : i32} : (tensor<5x1x1xf32>, tensor<5x1x1xf32>, tensor<5x1x1xf32>) -> tensor<5x3x1xf32>
    %81 = tosa.concat %33, %56, %79 {axis = 1 : i32} : (tensor<5x1x1xi32>, tensor<5x1x1xi32>, tensor<5x1x1xi32>) -> tensor<5x3x1xi32>
    %82 = tosa.reshape %80, %9 : (tensor<5x3x1xf32>, !tosa.shape<2>) -> tensor<5x3xf32>
    %83 = tosa.reshape %81, %9 : (tensor<5x3x1xi32>, !tosa.shape<2>) -> tensor<5x3xi32>
    %84 = tosa.cast %83 : (tensor<5x3xi32>) -> tensor<5x3xi64>
    return %82, %84 : tensor<5x3xf32>, tensor<5x3xi64>
  }
}
