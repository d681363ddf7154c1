// t_linear: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<6x7xf32>) -> tensor<6x5xf32> {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = tosa.const_shape  {values = dense<[1, 6, 7]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = tosa.const_shape  {values = dense<[6, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = "tosa.const"() <{values = dense<[[[-0.0435502194, 0.210403308, 0.132309288, 0.00627448549, 0.0234238077], [-0.153194547, 0.246551767, 0.283690244, -0.204373345, -0.13034977], [-0.280505896, 0.201737389, -0.112036578, 0.0968135297, 0.337756932], [-0.275355399, -0.342141539, 0.189345077, 0.123429842, 0.254312664], [-0.27403456, 0.0564248599, -0.134526402, -0.0319425315, -0.345739216], [-0.00700400118, -0.0369065814, 0.0998433753, -0.205038249, -0.318413526], [0.0387061089, 0.0280225836, 0.162320822, -0.0884304717, -0.0402805768]]]> : tensor<1x7x5xf32>}> : () -> tensor<1x7x5xf32>
    %4 = "tosa.const"() <{values = dense<"0xE271813EC582B83E746AAEBC90319EBE98FBA7BD"> : tensor<1x5xf32>}> : () -> tensor<1x5xf32>
    %5 = tosa.reshape %arg0, %1 : (tensor<6x7xf32>, !tosa.shape<3>) -> tensor<1x6x7xf32>
    %6 = tosa.matmul %5, %3, %0, %0 : (tensor<1x6x7xf32>, tensor<1x7x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x5xf32>
    %7 = tosa.reshape %6, %2 : (tensor<1x6x5xf32>, !tosa.shape<2>) -> tensor<6x5xf32>
    %8 = tosa.add %7, %4 : (tensor<6x5xf32>, tensor<1x5xf32>) -> tensor<6x5xf32>
    return %8 : tensor<6x5xf32>
  }
}
