// t_linear_3d_no_bias: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x5x6xf32>) -> tensor<2x5x10xf32> {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = tosa.const_shape  {values = dense<[1, 10, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = tosa.const_shape  {values = dense<[2, 5, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %3 = "tosa.const"() <{values = dense<[[[0.16816017, -0.347008646, -0.204500154, -0.329933822, -0.362412751, -0.381968081, 0.226024792, -0.229489923, -0.382073939, 0.230603233], [0.304560035, -0.348029286, 6.145570e-02, 0.407797903, 0.130750686, -0.404006094, 0.03051503, 0.0169978719, -0.366874933, -0.272877038], [0.289453149, -0.361215711, 0.217262492, 0.0900201573, 0.12681669, 0.31809479, -0.3377406, 0.116337471, -0.293365449, 0.155928597], [0.269150019, 0.00918608904, 0.0816956236, 0.334472448, -0.267096281, -0.192836046, -3.170640e-01, 0.039848581, 3.952470e-01, -0.158070043], [0.197971374, -0.18133758, -0.198962584, -0.318192273, 0.387835413, 0.192004904, 0.285217822, 0.14390099, 0.375851959, -0.244908452], [0.265834033, -0.379828781, 0.352579415, -0.0397642404, 0.389187485, 0.168098658, -0.13531433, 0.274766028, 0.0466667786, -0.36653927]]]> : tensor<1x6x10xf32>}> : () -> tensor<1x6x10xf32>
    %4 = tosa.reshape %arg0, %1 : (tensor<2x5x6xf32>, !tosa.shape<3>) -> tensor<1x10x6xf32>
    %5 = tosa.matmul %4, %3, %0, %0 : (tensor<1x10x6xf32>, tensor<1x6x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x10x10xf32>
    %6 = tosa.reshape %5, %2 : (tensor<1x10x10xf32>, !tosa.shape<3>) -> tensor<2x5x10xf32>
    return %6 : tensor<2x5x10xf32>
  }
}
