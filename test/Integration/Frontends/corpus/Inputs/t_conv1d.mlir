// t_conv1d: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x3x9xf32>) -> tensor<2x5x9xf32> {
    %0 = "tosa.const"() <{values = dense<"0x76517BBD4886153ECBA7303D2BF7A63D52909D3E"> : tensor<5xf32>}> : () -> tensor<5xf32>
    %1 = tosa.const_shape  {values = dense<[2, 3, 1, 9]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %3 = tosa.const_shape  {values = dense<[2, 5, 9]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = "tosa.const"() <{values = dense<[[[[0.298891723, 0.212912247, -0.292586505], [0.0365561247, 0.317552567, -0.0861057862], [-0.163058802, 0.159655735, -0.0971856936]]], [[[0.14956066, -0.17444095, -0.0220617056], [-0.0497145653, -0.279539883, -0.123005554], [-0.318323672, 0.309377789, -0.12135303]]], [[[-0.062805295, -0.0851172209, -0.264576495], [-0.152340144, 0.16761744, 0.00521961879], [0.142252848, 0.227124304, 0.282779336]]], [[[-0.120769143, 0.14779751, -0.231327936], [-0.23996672, -0.0813178643, 0.163574025], [-0.185542226, -0.0489751101, -0.089542672]]], [[[0.274169058, -0.198292017, -0.2575638], [0.206815168, -0.037334919, 0.0974075421], [-0.285081565, 0.0626503229, 0.314542651]]]]> : tensor<5x1x3x3xf32>}> : () -> tensor<5x1x3x3xf32>
    %5 = tosa.reshape %arg0, %1 : (tensor<2x3x9xf32>, !tosa.shape<4>) -> tensor<2x3x1x9xf32>
    %6 = tosa.transpose %5 {perms = array<i32: 0, 2, 3, 1>} : (tensor<2x3x1x9xf32>) -> tensor<2x1x9x3xf32>
    %7 = tosa.conv2d %6, %4, %0, %2, %2 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x1x9x3xf32>, tensor<5x1x3x3xf32>, tensor<5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x1x9x5xf32>
    %8 = tosa.transpose %7 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x1x9x5xf32>) -> tensor<2x5x1x9xf32>
    %9 = tosa.reshape %8, %3 : (tensor<2x5x1x9xf32>, !tosa.shape<3>) -> tensor<2x5x9xf32>
    return %9 : tensor<2x5x9xf32>
  }
}
