// t_sort: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<4x7xf32>) -> tensor<4x7xf32> {
    %0 = tosa.const_shape  {values = dense<[4, 7, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %1 = "tosa.const"() <{values = dense<0x7F800000> : tensor<4x7x1xf32>}> : () -> tensor<4x7x1xf32>
    %2 = "tosa.const"() <{values = dense<0> : tensor<4x7x1xi8>}> : () -> tensor<4x7x1xi8>
    %3 = "tosa.const"() <{values = dense<1> : tensor<4x7x1xi8>}> : () -> tensor<4x7x1xi8>
    %4 = "tosa.const"() <{values = dense<1> : tensor<4x1x1xi8>}> : () -> tensor<4x1x1xi8>
    %5 = "tosa.const"() <{values = dense<0> : tensor<4x7x1xi32>}> : () -> tensor<4x7x1xi32>
    %6 = "tosa.const"() <{values = dense<1> : tensor<4x1xi32>}> : () -> tensor<4x1xi32>
    %7 = tosa.const_shape  {values = dense<[4, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %8 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %9 = tosa.const_shape  {values = dense<[4, 7]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %10 = "tosa.const"() <{values = dense<true> : tensor<4x7x1xi1>}> : () -> tensor<4x7x1xi1>
    %11 = tosa.reshape %arg0, %0 : (tensor<4x7xf32>, !tosa.shape<3>) -> tensor<4x7x1xf32>
    %12 = tosa.equal %11, %11 : (tensor<4x7x1xf32>, tensor<4x7x1xf32>) -> tensor<4x7x1xi1>
    %13 = tosa.logical_not %12 : (tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %14 = tosa.logical_and %12, %10 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %15 = tosa.logical_and %13, %10 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %16 = tosa.select %14, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %17 = tosa.argmax %16 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %18 = tosa.gather %16, %17 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %19 = tosa.reshape %18, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %20 = tosa.cast %19 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %21 = tosa.equal %20, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %22 = tosa.select %15, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %23 = tosa.argmax %22 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %24 = tosa.select %14, %11, %1 : (tensor<4x7x1xi1>, tensor<4x7x1xf32>, tensor<4x7x1xf32>) -> tensor<4x7x1xf32>
    %25 = tosa.negate %24, %8, %8 : (tensor<4x7x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x7x1xf32>
    %26 = tosa.argmax %25 {axis = 1 : i32} : (tensor<4x7x1xf32>) -> tensor<4x1xi32>
    %27 = tosa.gather %16, %26 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %28 = tosa.reshape %27, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %29 = tosa.cast %28 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %30 = tosa.equal %29, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %31 = tosa.select %30, %26, %17 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %32 = tosa.select %21, %31, %23 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %33 = tosa.gather %11, %32 : (tensor<4x7x1xf32>, tensor<4x1xi32>) -> tensor<4x1x1xf32>
    %34 = tosa.scatter %2, %32, %4 : (tensor<4x7x1xi8>, tensor<4x1xi32>, tensor<4x1x1xi8>) -> tensor<4x7x1xi8>
    %35 = tosa.cast %34 : (tensor<4x7x1xi8>) -> tensor<4x7x1xi32>
    %36 = tosa.equal %35, %5 : (tensor<4x7x1xi32>, tensor<4x7x1xi32>) -> tensor<4x7x1xi1>
    %37 = tosa.logical_and %36, %12 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %38 = tosa.logical_and %36, %13 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %39 = tosa.select %37, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %40 = tosa.argmax %39 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %41 = tosa.gather %39, %40 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %42 = tosa.reshape %41, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %43 = tosa.cast %42 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %44 = tosa.equal %43, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %45 = tosa.select %38, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %46 = tosa.argmax %45 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %47 = tosa.select %37, %11, %1 : (tensor<4x7x1xi1>, tensor<4x7x1xf32>, tensor<4x7x1xf32>) -> tensor<4x7x1xf32>
    %48 = tosa.negate %47, %8, %8 : (tensor<4x7x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x7x1xf32>
    %49 = tosa.argmax %48 {axis = 1 : i32} : (tensor<4x7x1xf32>) -> tensor<4x1xi32>
    %50 = tosa.gather %39, %49 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %51 = tosa.reshape %50, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %52 = tosa.cast %51 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %53 = tosa.equal %52, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %54 = tosa.select %53, %49, %40 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %55 = tosa.select %44, %54, %46 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %56 = tosa.gather %11, %55 : (tensor<4x7x1xf32>, tensor<4x1xi32>) -> tensor<4x1x1xf32>
    %57 = tosa.scatter %34, %55, %4 : (tensor<4x7x1xi8>, tensor<4x1xi32>, tensor<4x1x1xi8>) -> tensor<4x7x1xi8>
    %58 = tosa.cast %57 : (tensor<4x7x1xi8>) -> tensor<4x7x1xi32>
    %59 = tosa.equal %58, %5 : (tensor<4x7x1xi32>, tensor<4x7x1xi32>) -> tensor<4x7x1xi1>
    %60 = tosa.logical_and %59, %12 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %61 = tosa.logical_and %59, %13 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %62 = tosa.select %60, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %63 = tosa.argmax %62 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %64 = tosa.gather %62, %63 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %65 = tosa.reshape %64, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %66 = tosa.cast %65 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %67 = tosa.equal %66, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %68 = tosa.select %61, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %69 = tosa.argmax %68 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %70 = tosa.select %60, %11, %1 : (tensor<4x7x1xi1>, tensor<4x7x1xf32>, tensor<4x7x1xf32>) -> tensor<4x7x1xf32>
    %71 = tosa.negate %70, %8, %8 : (tensor<4x7x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x7x1xf32>
    %72 = tosa.argmax %71 {axis = 1 : i32} : (tensor<4x7x1xf32>) -> tensor<4x1xi32>
    %73 = tosa.gather %62, %72 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %74 = tosa.reshape %73, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %75 = tosa.cast %74 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %76 = tosa.equal %75, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %77 = tosa.select %76, %72, %63 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %78 = tosa.select %67, %77, %69 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %79 = tosa.gather %11, %78 : (tensor<4x7x1xf32>, tensor<4x1xi32>) -> tensor<4x1x1xf32>
    %80 = tosa.scatter %57, %78, %4 : (tensor<4x7x1xi8>, tensor<4x1xi32>, tensor<4x1x1xi8>) -> tensor<4x7x1xi8>
    %81 = tosa.cast %80 : (tensor<4x7x1xi8>) -> tensor<4x7x1xi32>
    %82 = tosa.equal %81, %5 : (tensor<4x7x1xi32>, tensor<4x7x1xi32>) -> tensor<4x7x1xi1>
    %83 = tosa.logical_and %82, %12 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %84 = tosa.logical_and %82, %13 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %85 = tosa.select %83, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %86 = tosa.argmax %85 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %87 = tosa.gather %85, %86 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %88 = tosa.reshape %87, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %89 = tosa.cast %88 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %90 = tosa.equal %89, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %91 = tosa.select %84, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %92 = tosa.argmax %91 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %93 = tosa.select %83, %11, %1 : (tensor<4x7x1xi1>, tensor<4x7x1xf32>, tensor<4x7x1xf32>) -> tensor<4x7x1xf32>
    %94 = tosa.negate %93, %8, %8 : (tensor<4x7x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x7x1xf32>
    %95 = tosa.argmax %94 {axis = 1 : i32} : (tensor<4x7x1xf32>) -> tensor<4x1xi32>
    %96 = tosa.gather %85, %95 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %97 = tosa.reshape %96, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %98 = tosa.cast %97 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %99 = tosa.equal %98, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %100 = tosa.select %99, %95, %86 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %101 = tosa.select %90, %100, %92 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %102 = tosa.gather %11, %101 : (tensor<4x7x1xf32>, tensor<4x1xi32>) -> tensor<4x1x1xf32>
    %103 = tosa.scatter %80, %101, %4 : (tensor<4x7x1xi8>, tensor<4x1xi32>, tensor<4x1x1xi8>) -> tensor<4x7x1xi8>
    %104 = tosa.cast %103 : (tensor<4x7x1xi8>) -> tensor<4x7x1xi32>
    %105 = tosa.equal %104, %5 : (tensor<4x7x1xi32>, tensor<4x7x1xi32>) -> tensor<4x7x1xi1>
    %106 = tosa.logical_and %105, %12 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %107 = tosa.logical_and %105, %13 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %108 = tosa.select %106, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %109 = tosa.argmax %108 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %110 = tosa.gather %108, %109 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %111 = tosa.reshape %110, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %112 = tosa.cast %111 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %113 = tosa.equal %112, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %114 = tosa.select %107, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %115 = tosa.argmax %114 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %116 = tosa.select %106, %11, %1 : (tensor<4x7x1xi1>, tensor<4x7x1xf32>, tensor<4x7x1xf32>) -> tensor<4x7x1xf32>
    %117 = tosa.negate %116, %8, %8 : (tensor<4x7x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x7x1xf32>
    %118 = tosa.argmax %117 {axis = 1 : i32} : (tensor<4x7x1xf32>) -> tensor<4x1xi32>
    %119 = tosa.gather %108, %118 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %120 = tosa.reshape %119, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %121 = tosa.cast %120 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %122 = tosa.equal %121, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %123 = tosa.select %122, %118, %109 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %124 = tosa.select %113, %123, %115 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %125 = tosa.gather %11, %124 : (tensor<4x7x1xf32>, tensor<4x1xi32>) -> tensor<4x1x1xf32>
    %126 = tosa.scatter %103, %124, %4 : (tensor<4x7x1xi8>, tensor<4x1xi32>, tensor<4x1x1xi8>) -> tensor<4x7x1xi8>
    %127 = tosa.cast %126 : (tensor<4x7x1xi8>) -> tensor<4x7x1xi32>
    %128 = tosa.equal %127, %5 : (tensor<4x7x1xi32>, tensor<4x7x1xi32>) -> tensor<4x7x1xi1>
    %129 = tosa.logical_and %128, %12 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %130 = tosa.logical_and %128, %13 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %131 = tosa.select %129, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %132 = tosa.argmax %131 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %133 = tosa.gather %131, %132 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %134 = tosa.reshape %133, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %135 = tosa.cast %134 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %136 = tosa.equal %135, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %137 = tosa.select %130, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %138 = tosa.argmax %137 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %139 = tosa.select %129, %11, %1 : (tensor<4x7x1xi1>, tensor<4x7x1xf32>, tensor<4x7x1xf32>) -> tensor<4x7x1xf32>
    %140 = tosa.negate %139, %8, %8 : (tensor<4x7x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x7x1xf32>
    %141 = tosa.argmax %140 {axis = 1 : i32} : (tensor<4x7x1xf32>) -> tensor<4x1xi32>
    %142 = tosa.gather %131, %141 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %143 = tosa.reshape %142, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %144 = tosa.cast %143 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %145 = tosa.equal %144, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %146 = tosa.select %145, %141, %132 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %147 = tosa.select %136, %146, %138 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %148 = tosa.gather %11, %147 : (tensor<4x7x1xf32>, tensor<4x1xi32>) -> tensor<4x1x1xf32>
    %149 = tosa.scatter %126, %147, %4 : (tensor<4x7x1xi8>, tensor<4x1xi32>, tensor<4x1x1xi8>) -> tensor<4x7x1xi8>
    %150 = tosa.cast %149 : (tensor<4x7x1xi8>) -> tensor<4x7x1xi32>
    %151 = tosa.equal %150, %5 : (tensor<4x7x1xi32>, tensor<4x7x1xi32>) -> tensor<4x7x1xi1>
    %152 = tosa.logical_and %151, %12 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %153 = tosa.logical_and %151, %13 : (tensor<4x7x1xi1>, tensor<4x7x1xi1>) -> tensor<4x7x1xi1>
    %154 = tosa.select %152, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %155 = tosa.argmax %154 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %156 = tosa.gather %154, %155 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %157 = tosa.reshape %156, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %158 = tosa.cast %157 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %159 = tosa.equal %158, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %160 = tosa.select %153, %3, %2 : (tensor<4x7x1xi1>, tensor<4x7x1xi8>, tensor<4x7x1xi8>) -> tensor<4x7x1xi8>
    %161 = tosa.argmax %160 {axis = 1 : i32} : (tensor<4x7x1xi8>) -> tensor<4x1xi32>
    %162 = tosa.select %152, %11, %1 : (tensor<4x7x1xi1>, tensor<4x7x1xf32>, tensor<4x7x1xf32>) -> tensor<4x7x1xf32>
    %163 = tosa.negate %162, %8, %8 : (tensor<4x7x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x7x1xf32>
    %164 = tosa.argmax %163 {axis = 1 : i32} : (tensor<4x7x1xf32>) -> tensor<4x1xi32>
    %165 = tosa.gather %154, %164 : (tensor<4x7x1xi8>, tensor<4x1xi32>) -> tensor<4x1x1xi8>
    %166 = tosa.reshape %165, %7 : (tensor<4x1x1xi8>, !tosa.shape<2>) -> tensor<4x1xi8>
    %167 = tosa.cast %166 : (tensor<4x1xi8>) -> tensor<4x1xi32>
    %168 = tosa.equal %167, %6 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %169 = tosa.select %168, %164, %155 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %170 = tosa.select %159, %169, %161 : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %171 = tosa.gather %11, %170 : (tensor<4x7x1xf32>, tensor<4x1xi32>) -> tensor<4x1x1xf32>
    %172 = tosa.concat %33, %56, %79, %102, %125, %148, %171 {axis = 1 : i32} : (tensor<4x1x1xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>) -> tensor<4x7x1xf32>
    %173 = tosa.reshape %172, %9 : (tensor<4x7x1xf32>, !tosa.shape<2>) -> tensor<4x7xf32>
    return %173 : tensor<4x7xf32>
  }
}
