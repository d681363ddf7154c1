// t_layernorm: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x5x10xf32>) -> tensor<3x5x10xf32> {
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1x1xf64>}> : () -> tensor<1x1x1xf64>
    %2 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %3 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %4 = "tosa.const"() <{values = dense<"0x89C9923F13F2713FA92B723FD3A59A3F5C368A3FE2466A3F941D793F16C7643FEC535A3FE4C9953F"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %5 = "tosa.const"() <{values = dense<"0xF435C0BC4DB2A23A0E6F873D41CB0A3E3294B2BCD323773DD038933D17BFC83DC8A2533C63543A3D"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %6 = tosa.cast %arg0 : (tensor<3x5x10xf32>) -> tensor<3x5x10xf64>
    %7 = tosa.reduce_sum %6 {axis = 2 : i32} : (tensor<3x5x10xf64>) -> tensor<3x5x1xf64>
    %8 = tosa.mul %7, %1, %0 : (tensor<3x5x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<3x5x1xf64>
    %9 = tosa.sub %6, %8 : (tensor<3x5x10xf64>, tensor<3x5x1xf64>) -> tensor<3x5x10xf64>
    %10 = tosa.mul %9, %9, %0 : (tensor<3x5x10xf64>, tensor<3x5x10xf64>, tensor<1xi8>) -> tensor<3x5x10xf64>
    %11 = tosa.reduce_sum %10 {axis = 2 : i32} : (tensor<3x5x10xf64>) -> tensor<3x5x1xf64>
    %12 = tosa.mul %11, %1, %0 : (tensor<3x5x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<3x5x1xf64>
    %13 = tosa.cast %12 : (tensor<3x5x1xf64>) -> tensor<3x5x1xf32>
    %14 = tosa.reduce_sum %arg0 {axis = 2 : i32} : (tensor<3x5x10xf32>) -> tensor<3x5x1xf32>
    %15 = tosa.mul %14, %2, %0 : (tensor<3x5x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<3x5x1xf32>
    %16 = tosa.add %13, %3 : (tensor<3x5x1xf32>, tensor<1x1x1xf32>) -> tensor<3x5x1xf32>
    %17 = tosa.rsqrt %16 : (tensor<3x5x1xf32>) -> tensor<3x5x1xf32>
    %18 = tosa.sub %arg0, %15 : (tensor<3x5x10xf32>, tensor<3x5x1xf32>) -> tensor<3x5x10xf32>
    %19 = tosa.mul %18, %17, %0 : (tensor<3x5x10xf32>, tensor<3x5x1xf32>, tensor<1xi8>) -> tensor<3x5x10xf32>
    %20 = tosa.mul %19, %4, %0 : (tensor<3x5x10xf32>, tensor<1x1x10xf32>, tensor<1xi8>) -> tensor<3x5x10xf32>
    %21 = tosa.add %20, %5 : (tensor<3x5x10xf32>, tensor<1x1x10xf32>) -> tensor<3x5x10xf32>
    return %21 : tensor<3x5x10xf32>
  }
}
