// jax.value_and_grad + Adam (m, v, step counter) of a 2-layer MLP (MSE): exported by export_jax_steps.py (JAX 0.10.2).
module @jit_adam_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x4xf32>, %arg3: tensor<4xf32>, %arg4: tensor<6x8xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8x4xf32>, %arg7: tensor<4xf32>, %arg8: tensor<6x8xf32>, %arg9: tensor<8xf32>, %arg10: tensor<8x4xf32>, %arg11: tensor<4xf32>, %arg12: tensor<i32>, %arg13: tensor<8x6xf32>, %arg14: tensor<8x4xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<6x8xf32> {jax.result_info = "result[1][0]"}, tensor<8xf32> {jax.result_info = "result[1][1]"}, tensor<8x4xf32> {jax.result_info = "result[1][2]"}, tensor<4xf32> {jax.result_info = "result[1][3]"}, tensor<6x8xf32> {jax.result_info = "result[2][0]"}, tensor<8xf32> {jax.result_info = "result[2][1]"}, tensor<8x4xf32> {jax.result_info = "result[2][2]"}, tensor<4xf32> {jax.result_info = "result[2][3]"}, tensor<6x8xf32> {jax.result_info = "result[3][0]"}, tensor<8xf32> {jax.result_info = "result[3][1]"}, tensor<8x4xf32> {jax.result_info = "result[3][2]"}, tensor<4xf32> {jax.result_info = "result[3][3]"}, tensor<i32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.dot_general %arg13, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x6xf32>, tensor<6x8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<8x8xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x8xf32>
    %4 = call @relu(%3) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %6 = stablehlo.compare GT, %3, %5, FLOAT : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %8 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %9 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<8x4xf32>
    %11 = stablehlo.add %8, %10 : tensor<8x4xf32>
    %12 = stablehlo.subtract %11, %arg14 : tensor<8x4xf32>
    %13 = stablehlo.multiply %12, %12 : tensor<8x4xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %15 = stablehlo.multiply %14, %12 : tensor<8x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%13 init: %cst_2) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %17 = stablehlo.divide %16, %cst_3 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_5 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %18 = stablehlo.divide %cst_4, %cst_5 : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %20 = stablehlo.multiply %19, %15 : tensor<8x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %22 = stablehlo.reshape %21 : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%22 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %24 = stablehlo.dot_general %20, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %25 = stablehlo.transpose %24, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %26 = stablehlo.dot_general %20, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %28 = stablehlo.select %6, %26, %27 : tensor<8x8xi1>, tensor<8x8xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.reduce(%28 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %30 = stablehlo.reshape %29 : (tensor<8xf32>) -> tensor<1x8xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.reduce(%30 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %32 = stablehlo.dot_general %28, %arg13, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x8xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
    %33 = stablehlo.transpose %32, dims = [1, 0] : (tensor<8x6xf32>) -> tensor<6x8xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %34 = stablehlo.add %arg12, %c : tensor<i32>
    %35 = stablehlo.convert %34 : (tensor<i32>) -> tensor<f32>
    %cst_11 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %37 = stablehlo.multiply %36, %arg4 : tensor<6x8xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %39 = stablehlo.multiply %38, %33 : tensor<6x8xf32>
    %40 = stablehlo.add %37, %39 : tensor<6x8xf32>
    %cst_13 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %42 = stablehlo.multiply %41, %arg5 : tensor<8xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %44 = stablehlo.multiply %43, %31 : tensor<8xf32>
    %45 = stablehlo.add %42, %44 : tensor<8xf32>
    %cst_15 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %47 = stablehlo.multiply %46, %arg6 : tensor<8x4xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %49 = stablehlo.multiply %48, %25 : tensor<8x4xf32>
    %50 = stablehlo.add %47, %49 : tensor<8x4xf32>
    %cst_17 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %52 = stablehlo.multiply %51, %arg7 : tensor<4xf32>
    %cst_18 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %54 = stablehlo.multiply %53, %23 : tensor<4xf32>
    %55 = stablehlo.add %52, %54 : tensor<4xf32>
    %cst_19 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %57 = stablehlo.multiply %56, %arg8 : tensor<6x8xf32>
    %cst_20 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %59 = stablehlo.multiply %58, %33 : tensor<6x8xf32>
    %60 = stablehlo.multiply %59, %33 : tensor<6x8xf32>
    %61 = stablehlo.add %57, %60 : tensor<6x8xf32>
    %cst_21 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %63 = stablehlo.multiply %62, %arg9 : tensor<8xf32>
    %cst_22 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %65 = stablehlo.multiply %64, %31 : tensor<8xf32>
    %66 = stablehlo.multiply %65, %31 : tensor<8xf32>
    %67 = stablehlo.add %63, %66 : tensor<8xf32>
    %cst_23 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %69 = stablehlo.multiply %68, %arg10 : tensor<8x4xf32>
    %cst_24 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %71 = stablehlo.multiply %70, %25 : tensor<8x4xf32>
    %72 = stablehlo.multiply %71, %25 : tensor<8x4xf32>
    %73 = stablehlo.add %69, %72 : tensor<8x4xf32>
    %cst_25 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %75 = stablehlo.multiply %74, %arg11 : tensor<4xf32>
    %cst_26 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %77 = stablehlo.multiply %76, %23 : tensor<4xf32>
    %78 = stablehlo.multiply %77, %23 : tensor<4xf32>
    %79 = stablehlo.add %75, %78 : tensor<4xf32>
    %cst_27 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %80 = stablehlo.power %cst_27, %35 : tensor<f32>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %81 = stablehlo.subtract %cst_28, %80 : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %83 = stablehlo.divide %40, %82 : tensor<6x8xf32>
    %cst_29 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %85 = stablehlo.multiply %84, %83 : tensor<6x8xf32>
    %cst_30 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %86 = stablehlo.power %cst_30, %35 : tensor<f32>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %87 = stablehlo.subtract %cst_31, %86 : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %89 = stablehlo.divide %61, %88 : tensor<6x8xf32>
    %90 = stablehlo.sqrt %89 : tensor<6x8xf32>
    %cst_32 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %92 = stablehlo.add %90, %91 : tensor<6x8xf32>
    %93 = stablehlo.divide %85, %92 : tensor<6x8xf32>
    %94 = stablehlo.subtract %arg0, %93 : tensor<6x8xf32>
    %cst_33 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %95 = stablehlo.power %cst_33, %35 : tensor<f32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %96 = stablehlo.subtract %cst_34, %95 : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %96, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %98 = stablehlo.divide %45, %97 : tensor<8xf32>
    %cst_35 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %100 = stablehlo.multiply %99, %98 : tensor<8xf32>
    %cst_36 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %101 = stablehlo.power %cst_36, %35 : tensor<f32>
    %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %102 = stablehlo.subtract %cst_37, %101 : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %104 = stablehlo.divide %67, %103 : tensor<8xf32>
    %105 = stablehlo.sqrt %104 : tensor<8xf32>
    %cst_38 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %107 = stablehlo.add %105, %106 : tensor<8xf32>
    %108 = stablehlo.divide %100, %107 : tensor<8xf32>
    %109 = stablehlo.subtract %arg1, %108 : tensor<8xf32>
    %cst_39 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %110 = stablehlo.power %cst_39, %35 : tensor<f32>
    %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %111 = stablehlo.subtract %cst_40, %110 : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %111, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %113 = stablehlo.divide %50, %112 : tensor<8x4xf32>
    %cst_41 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %115 = stablehlo.multiply %114, %113 : tensor<8x4xf32>
    %cst_42 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %116 = stablehlo.power %cst_42, %35 : tensor<f32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %117 = stablehlo.subtract %cst_43, %116 : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %117, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %119 = stablehlo.divide %73, %118 : tensor<8x4xf32>
    %120 = stablehlo.sqrt %119 : tensor<8x4xf32>
    %cst_44 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %122 = stablehlo.add %120, %121 : tensor<8x4xf32>
    %123 = stablehlo.divide %115, %122 : tensor<8x4xf32>
    %124 = stablehlo.subtract %arg2, %123 : tensor<8x4xf32>
    %cst_45 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %125 = stablehlo.power %cst_45, %35 : tensor<f32>
    %cst_46 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %126 = stablehlo.subtract %cst_46, %125 : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %128 = stablehlo.divide %55, %127 : tensor<4xf32>
    %cst_47 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %130 = stablehlo.multiply %129, %128 : tensor<4xf32>
    %cst_48 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %131 = stablehlo.power %cst_48, %35 : tensor<f32>
    %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %132 = stablehlo.subtract %cst_49, %131 : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %132, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %134 = stablehlo.divide %79, %133 : tensor<4xf32>
    %135 = stablehlo.sqrt %134 : tensor<4xf32>
    %cst_50 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %137 = stablehlo.add %135, %136 : tensor<4xf32>
    %138 = stablehlo.divide %130, %137 : tensor<4xf32>
    %139 = stablehlo.subtract %arg3, %138 : tensor<4xf32>
    return %17, %94, %109, %124, %139, %40, %45, %50, %55, %61, %67, %73, %79, %34 : tensor<f32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<i32>
  }
  func.func private @relu(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}
