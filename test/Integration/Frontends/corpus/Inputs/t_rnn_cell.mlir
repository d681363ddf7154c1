// t_rnn_cell: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x5xf32>, %arg1: tensor<3x6xf32>) -> tensor<3x6xf32> {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = tosa.const_shape  {values = dense<[1, 3, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = tosa.const_shape  {values = dense<[3, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = tosa.const_shape  {values = dense<[1, 3, 5]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = "tosa.const"() <{values = dense<[[[-0.380320609, -0.112413548, -0.127630979, 0.114056498, -0.385790825, -0.407429725], [0.326565385, -0.353835195, -0.202261224, 0.243832335, -0.0559455268, 0.124872878], [-0.255952418, 0.0256979223, 0.347551554, 0.107127339, 0.168772399, -0.261338532], [-0.298523217, -0.0497915857, -0.285039306, -0.388394654, -0.219487056, 0.201363325], [0.072171539, 0.0706348792, -0.0707129389, -0.277483106, 0.0342848711, 0.0867081732], [-0.141742513, -0.340762317, 0.0140863685, 0.341923386, 0.273596048, 0.358431458]]]> : tensor<1x6x6xf32>}> : () -> tensor<1x6x6xf32>
    %5 = "tosa.const"() <{values = dense<"0x518989BEFAA23C3EFCFEBD3D6F5600BED55AAFBD1481C1BE"> : tensor<1x6xf32>}> : () -> tensor<1x6xf32>
    %6 = "tosa.const"() <{values = dense<[[[-0.197207749, -0.392489731, 0.224120781, -0.387952507, 0.033748515, 0.236162946], [-0.044301562, 0.0828928276, -0.22721912, -0.314042628, 0.0864928216, -0.155570656], [-0.331380457, 0.317466468, 0.123154059, 0.0981719791, -0.225196227, 0.0965772569], [0.368412524, -0.27765885, -0.375783086, -0.173727676, -0.092132695, 0.20257245], [0.125006378, -4.024760e-05, -0.362593174, 0.293420047, -0.309729129, 0.193754479]]]> : tensor<1x5x6xf32>}> : () -> tensor<1x5x6xf32>
    %7 = "tosa.const"() <{values = dense<"0x2DCF0D3DB2CA803EA3A37D3E8EB6C33E6F5FBEBD6778063E"> : tensor<1x6xf32>}> : () -> tensor<1x6xf32>
    %8 = tosa.reshape %arg1, %1 : (tensor<3x6xf32>, !tosa.shape<3>) -> tensor<1x3x6xf32>
    %9 = tosa.matmul %8, %4, %0, %0 : (tensor<1x3x6xf32>, tensor<1x6x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x6xf32>
    %10 = tosa.reshape %9, %2 : (tensor<1x3x6xf32>, !tosa.shape<2>) -> tensor<3x6xf32>
    %11 = tosa.add %10, %5 : (tensor<3x6xf32>, tensor<1x6xf32>) -> tensor<3x6xf32>
    %12 = tosa.reshape %arg0, %3 : (tensor<3x5xf32>, !tosa.shape<3>) -> tensor<1x3x5xf32>
    %13 = tosa.matmul %12, %6, %0, %0 : (tensor<1x3x5xf32>, tensor<1x5x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x6xf32>
    %14 = tosa.reshape %13, %2 : (tensor<1x3x6xf32>, !tosa.shape<2>) -> tensor<3x6xf32>
    %15 = tosa.add %14, %7 : (tensor<3x6xf32>, tensor<1x6xf32>) -> tensor<3x6xf32>
    %16 = tosa.add %11, %15 : (tensor<3x6xf32>, tensor<3x6xf32>) -> tensor<3x6xf32>
    %17 = tosa.tanh %16 : (tensor<3x6xf32>) -> tensor<3x6xf32>
    return %17 : tensor<3x6xf32>
  }
}
