// m_j_gru_unrolled_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x10xf32>, %arg1: tensor<10x10xf32>, %arg2: tensor<4x10xf32>, %arg3: tensor<10x10xf32>, %arg4: tensor<4x10xf32>, %arg5: tensor<10x10xf32>, %arg6: tensor<10x3xf32>, %arg7: tensor<5x6x4xf32>, %arg8: tensor<6x3xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<4x10xf32> {jax.result_info = "result[1][0]"}, tensor<10x10xf32> {jax.result_info = "result[1][1]"}, tensor<4x10xf32> {jax.result_info = "result[1][2]"}, tensor<10x10xf32> {jax.result_info = "result[1][3]"}, tensor<4x10xf32> {jax.result_info = "result[1][4]"}, tensor<10x10xf32> {jax.result_info = "result[1][5]"}, tensor<10x3xf32> {jax.result_info = "result[1][6]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %1 = stablehlo.slice %arg7 [0:1, 0:6, 0:4] : (tensor<5x6x4xf32>) -> tensor<1x6x4xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x6x4xf32>) -> tensor<6x4xf32>
    %3 = stablehlo.dot_general %2, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %4 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %5 = stablehlo.add %3, %4 : tensor<6x10xf32>
    %6 = stablehlo.negate %5 : tensor<6x10xf32>
    %7 = stablehlo.exponential %6 : tensor<6x10xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %9 = stablehlo.add %8, %7 : tensor<6x10xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %11 = stablehlo.divide %10, %9 : tensor<6x10xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %13 = stablehlo.subtract %12, %11 : tensor<6x10xf32>
    %14 = stablehlo.multiply %11, %13 : tensor<6x10xf32>
    %15 = stablehlo.dot_general %2, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %16 = stablehlo.dot_general %0, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %17 = stablehlo.add %15, %16 : tensor<6x10xf32>
    %18 = stablehlo.negate %17 : tensor<6x10xf32>
    %19 = stablehlo.exponential %18 : tensor<6x10xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %21 = stablehlo.add %20, %19 : tensor<6x10xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %23 = stablehlo.divide %22, %21 : tensor<6x10xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %25 = stablehlo.subtract %24, %23 : tensor<6x10xf32>
    %26 = stablehlo.multiply %23, %25 : tensor<6x10xf32>
    %27 = stablehlo.dot_general %2, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %28 = stablehlo.multiply %23, %0 : tensor<6x10xf32>
    %29 = stablehlo.dot_general %28, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %30 = stablehlo.add %27, %29 : tensor<6x10xf32>
    %31 = stablehlo.tanh %30 : tensor<6x10xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %33 = stablehlo.subtract %32, %31 : tensor<6x10xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %35 = stablehlo.subtract %34, %11 : tensor<6x10xf32>
    %36 = stablehlo.multiply %35, %0 : tensor<6x10xf32>
    %37 = stablehlo.multiply %11, %31 : tensor<6x10xf32>
    %38 = stablehlo.add %36, %37 : tensor<6x10xf32>
    %39 = stablehlo.slice %arg7 [1:2, 0:6, 0:4] : (tensor<5x6x4xf32>) -> tensor<1x6x4xf32>
    %40 = stablehlo.reshape %39 : (tensor<1x6x4xf32>) -> tensor<6x4xf32>
    %41 = stablehlo.dot_general %40, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %42 = stablehlo.dot_general %38, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %43 = stablehlo.add %41, %42 : tensor<6x10xf32>
    %44 = stablehlo.negate %43 : tensor<6x10xf32>
    %45 = stablehlo.exponential %44 : tensor<6x10xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %47 = stablehlo.add %46, %45 : tensor<6x10xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %49 = stablehlo.divide %48, %47 : tensor<6x10xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %51 = stablehlo.subtract %50, %49 : tensor<6x10xf32>
    %52 = stablehlo.multiply %49, %51 : tensor<6x10xf32>
    %53 = stablehlo.dot_general %40, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %54 = stablehlo.dot_general %38, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %55 = stablehlo.add %53, %54 : tensor<6x10xf32>
    %56 = stablehlo.negate %55 : tensor<6x10xf32>
    %57 = stablehlo.exponential %56 : tensor<6x10xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %59 = stablehlo.add %58, %57 : tensor<6x10xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %61 = stablehlo.divide %60, %59 : tensor<6x10xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %63 = stablehlo.subtract %62, %61 : tensor<6x10xf32>
    %64 = stablehlo.multiply %61, %63 : tensor<6x10xf32>
    %65 = stablehlo.dot_general %40, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %66 = stablehlo.multiply %61, %38 : tensor<6x10xf32>
    %67 = stablehlo.dot_general %66, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %68 = stablehlo.add %65, %67 : tensor<6x10xf32>
    %69 = stablehlo.tanh %68 : tensor<6x10xf32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %71 = stablehlo.subtract %70, %69 : tensor<6x10xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %73 = stablehlo.subtract %72, %49 : tensor<6x10xf32>
    %74 = stablehlo.multiply %73, %38 : tensor<6x10xf32>
    %75 = stablehlo.multiply %49, %69 : tensor<6x10xf32>
    %76 = stablehlo.add %74, %75 : tensor<6x10xf32>
    %77 = stablehlo.slice %arg7 [2:3, 0:6, 0:4] : (tensor<5x6x4xf32>) -> tensor<1x6x4xf32>
    %78 = stablehlo.reshape %77 : (tensor<1x6x4xf32>) -> tensor<6x4xf32>
    %79 = stablehlo.dot_general %78, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %80 = stablehlo.dot_general %76, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %81 = stablehlo.add %79, %80 : tensor<6x10xf32>
    %82 = stablehlo.negate %81 : tensor<6x10xf32>
    %83 = stablehlo.exponential %82 : tensor<6x10xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %85 = stablehlo.add %84, %83 : tensor<6x10xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %87 = stablehlo.divide %86, %85 : tensor<6x10xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %89 = stablehlo.subtract %88, %87 : tensor<6x10xf32>
    %90 = stablehlo.multiply %87, %89 : tensor<6x10xf32>
    %91 = stablehlo.dot_general %78, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %92 = stablehlo.dot_general %76, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %93 = stablehlo.add %91, %92 : tensor<6x10xf32>
    %94 = stablehlo.negate %93 : tensor<6x10xf32>
    %95 = stablehlo.exponential %94 : tensor<6x10xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %97 = stablehlo.add %96, %95 : tensor<6x10xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %99 = stablehlo.divide %98, %97 : tensor<6x10xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %101 = stablehlo.subtract %100, %99 : tensor<6x10xf32>
    %102 = stablehlo.multiply %99, %101 : tensor<6x10xf32>
    %103 = stablehlo.dot_general %78, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %104 = stablehlo.multiply %99, %76 : tensor<6x10xf32>
    %105 = stablehlo.dot_general %104, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %106 = stablehlo.add %103, %105 : tensor<6x10xf32>
    %107 = stablehlo.tanh %106 : tensor<6x10xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %109 = stablehlo.subtract %108, %107 : tensor<6x10xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %111 = stablehlo.subtract %110, %87 : tensor<6x10xf32>
    %112 = stablehlo.multiply %111, %76 : tensor<6x10xf32>
    %113 = stablehlo.multiply %87, %107 : tensor<6x10xf32>
    %114 = stablehlo.add %112, %113 : tensor<6x10xf32>
    %115 = stablehlo.slice %arg7 [3:4, 0:6, 0:4] : (tensor<5x6x4xf32>) -> tensor<1x6x4xf32>
    %116 = stablehlo.reshape %115 : (tensor<1x6x4xf32>) -> tensor<6x4xf32>
    %117 = stablehlo.dot_general %116, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %118 = stablehlo.dot_general %114, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %119 = stablehlo.add %117, %118 : tensor<6x10xf32>
    %120 = stablehlo.negate %119 : tensor<6x10xf32>
    %121 = stablehlo.exponential %120 : tensor<6x10xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %123 = stablehlo.add %122, %121 : tensor<6x10xf32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %125 = stablehlo.divide %124, %123 : tensor<6x10xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %127 = stablehlo.subtract %126, %125 : tensor<6x10xf32>
    %128 = stablehlo.multiply %125, %127 : tensor<6x10xf32>
    %129 = stablehlo.dot_general %116, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %130 = stablehlo.dot_general %114, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %131 = stablehlo.add %129, %130 : tensor<6x10xf32>
    %132 = stablehlo.negate %131 : tensor<6x10xf32>
    %133 = stablehlo.exponential %132 : tensor<6x10xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %135 = stablehlo.add %134, %133 : tensor<6x10xf32>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %137 = stablehlo.divide %136, %135 : tensor<6x10xf32>
    %cst_29 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %139 = stablehlo.subtract %138, %137 : tensor<6x10xf32>
    %140 = stablehlo.multiply %137, %139 : tensor<6x10xf32>
    %141 = stablehlo.dot_general %116, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %142 = stablehlo.multiply %137, %114 : tensor<6x10xf32>
    %143 = stablehlo.dot_general %142, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %144 = stablehlo.add %141, %143 : tensor<6x10xf32>
    %145 = stablehlo.tanh %144 : tensor<6x10xf32>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %147 = stablehlo.subtract %146, %145 : tensor<6x10xf32>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %148 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %149 = stablehlo.subtract %148, %125 : tensor<6x10xf32>
    %150 = stablehlo.multiply %149, %114 : tensor<6x10xf32>
    %151 = stablehlo.multiply %125, %145 : tensor<6x10xf32>
    %152 = stablehlo.add %150, %151 : tensor<6x10xf32>
    %153 = stablehlo.slice %arg7 [4:5, 0:6, 0:4] : (tensor<5x6x4xf32>) -> tensor<1x6x4xf32>
    %154 = stablehlo.reshape %153 : (tensor<1x6x4xf32>) -> tensor<6x4xf32>
    %155 = stablehlo.dot_general %154, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %156 = stablehlo.dot_general %152, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %157 = stablehlo.add %155, %156 : tensor<6x10xf32>
    %158 = stablehlo.negate %157 : tensor<6x10xf32>
    %159 = stablehlo.exponential %158 : tensor<6x10xf32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %160 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %161 = stablehlo.add %160, %159 : tensor<6x10xf32>
    %cst_33 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %163 = stablehlo.divide %162, %161 : tensor<6x10xf32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %165 = stablehlo.subtract %164, %163 : tensor<6x10xf32>
    %166 = stablehlo.multiply %163, %165 : tensor<6x10xf32>
    %167 = stablehlo.dot_general %154, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %168 = stablehlo.dot_general %152, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %169 = stablehlo.add %167, %168 : tensor<6x10xf32>
    %170 = stablehlo.negate %169 : tensor<6x10xf32>
    %171 = stablehlo.exponential %170 : tensor<6x10xf32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %173 = stablehlo.add %172, %171 : tensor<6x10xf32>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %175 = stablehlo.divide %174, %173 : tensor<6x10xf32>
    %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %176 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %177 = stablehlo.subtract %176, %175 : tensor<6x10xf32>
    %178 = stablehlo.multiply %175, %177 : tensor<6x10xf32>
    %179 = stablehlo.dot_general %154, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf32>, tensor<4x10xf32>) -> tensor<6x10xf32>
    %180 = stablehlo.multiply %175, %152 : tensor<6x10xf32>
    %181 = stablehlo.dot_general %180, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %182 = stablehlo.add %179, %181 : tensor<6x10xf32>
    %183 = stablehlo.tanh %182 : tensor<6x10xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %184 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %185 = stablehlo.subtract %184, %183 : tensor<6x10xf32>
    %cst_39 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %186 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %187 = stablehlo.subtract %186, %163 : tensor<6x10xf32>
    %188 = stablehlo.multiply %187, %152 : tensor<6x10xf32>
    %189 = stablehlo.multiply %163, %183 : tensor<6x10xf32>
    %190 = stablehlo.add %188, %189 : tensor<6x10xf32>
    %191 = stablehlo.dot_general %190, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x3xf32>) -> tensor<6x3xf32>
    %192:3 = call @log_softmax(%191) : (tensor<6x3xf32>) -> (tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x1xf32>)
    %193 = stablehlo.multiply %192#0, %arg8 : tensor<6x3xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %194 = stablehlo.reduce(%193 init: %cst_40) applies stablehlo.add across dimensions = [1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %195 = stablehlo.reduce(%194 init: %cst_41) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %cst_42 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %196 = stablehlo.divide %195, %cst_42 : tensor<f32>
    %197 = stablehlo.negate %196 : tensor<f32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %198 = stablehlo.negate %cst_43 : tensor<f32>
    %cst_44 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %199 = stablehlo.divide %198, %cst_44 : tensor<f32>
    %200 = stablehlo.broadcast_in_dim %199, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [0] : (tensor<6xf32>) -> tensor<6x3xf32>
    %202 = stablehlo.multiply %201, %arg8 : tensor<6x3xf32>
    %203 = call @log_softmax_0(%192#1, %192#2, %202) : (tensor<6x3xf32>, tensor<6x1xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
    %204 = stablehlo.dot_general %203, %190, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x3xf32>, tensor<6x10xf32>) -> tensor<3x10xf32>
    %205 = stablehlo.transpose %204, dims = [1, 0] : (tensor<3x10xf32>) -> tensor<10x3xf32>
    %206 = stablehlo.dot_general %203, %arg6, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x3xf32>, tensor<10x3xf32>) -> tensor<6x10xf32>
    %207 = stablehlo.multiply %163, %206 : tensor<6x10xf32>
    %208 = stablehlo.multiply %206, %183 : tensor<6x10xf32>
    %209 = stablehlo.multiply %187, %206 : tensor<6x10xf32>
    %210 = stablehlo.multiply %206, %152 : tensor<6x10xf32>
    %211 = stablehlo.negate %210 : tensor<6x10xf32>
    %212 = stablehlo.add %208, %211 : tensor<6x10xf32>
    %213 = stablehlo.multiply %207, %185 : tensor<6x10xf32>
    %214 = stablehlo.multiply %213, %183 : tensor<6x10xf32>
    %215 = stablehlo.add %213, %214 : tensor<6x10xf32>
    %216 = stablehlo.dot_general %215, %180, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %217 = stablehlo.transpose %216, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %218 = stablehlo.dot_general %215, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %219 = stablehlo.multiply %175, %218 : tensor<6x10xf32>
    %220 = stablehlo.add %209, %219 : tensor<6x10xf32>
    %221 = stablehlo.multiply %218, %152 : tensor<6x10xf32>
    %222 = stablehlo.dot_general %215, %154, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %223 = stablehlo.transpose %222, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %224 = stablehlo.multiply %221, %178 : tensor<6x10xf32>
    %225 = stablehlo.dot_general %224, %152, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %226 = stablehlo.transpose %225, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %227 = stablehlo.dot_general %224, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %228 = stablehlo.add %220, %227 : tensor<6x10xf32>
    %229 = stablehlo.dot_general %224, %154, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %230 = stablehlo.transpose %229, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %231 = stablehlo.multiply %212, %166 : tensor<6x10xf32>
    %232 = stablehlo.dot_general %231, %152, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %233 = stablehlo.transpose %232, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %234 = stablehlo.dot_general %231, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %235 = stablehlo.add %228, %234 : tensor<6x10xf32>
    %236 = stablehlo.dot_general %231, %154, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %237 = stablehlo.transpose %236, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %238 = stablehlo.multiply %125, %235 : tensor<6x10xf32>
    %239 = stablehlo.multiply %235, %145 : tensor<6x10xf32>
    %240 = stablehlo.multiply %149, %235 : tensor<6x10xf32>
    %241 = stablehlo.multiply %235, %114 : tensor<6x10xf32>
    %242 = stablehlo.negate %241 : tensor<6x10xf32>
    %243 = stablehlo.add %239, %242 : tensor<6x10xf32>
    %244 = stablehlo.multiply %238, %147 : tensor<6x10xf32>
    %245 = stablehlo.multiply %244, %145 : tensor<6x10xf32>
    %246 = stablehlo.add %244, %245 : tensor<6x10xf32>
    %247 = stablehlo.dot_general %246, %142, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %248 = stablehlo.transpose %247, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %249 = stablehlo.add %217, %248 : tensor<10x10xf32>
    %250 = stablehlo.dot_general %246, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %251 = stablehlo.multiply %137, %250 : tensor<6x10xf32>
    %252 = stablehlo.add %240, %251 : tensor<6x10xf32>
    %253 = stablehlo.multiply %250, %114 : tensor<6x10xf32>
    %254 = stablehlo.dot_general %246, %116, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %255 = stablehlo.transpose %254, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %256 = stablehlo.add %223, %255 : tensor<4x10xf32>
    %257 = stablehlo.multiply %253, %140 : tensor<6x10xf32>
    %258 = stablehlo.dot_general %257, %114, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %259 = stablehlo.transpose %258, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %260 = stablehlo.add %226, %259 : tensor<10x10xf32>
    %261 = stablehlo.dot_general %257, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %262 = stablehlo.add %252, %261 : tensor<6x10xf32>
    %263 = stablehlo.dot_general %257, %116, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %264 = stablehlo.transpose %263, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %265 = stablehlo.add %230, %264 : tensor<4x10xf32>
    %266 = stablehlo.multiply %243, %128 : tensor<6x10xf32>
    %267 = stablehlo.dot_general %266, %114, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %268 = stablehlo.transpose %267, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %269 = stablehlo.add %233, %268 : tensor<10x10xf32>
    %270 = stablehlo.dot_general %266, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %271 = stablehlo.add %262, %270 : tensor<6x10xf32>
    %272 = stablehlo.dot_general %266, %116, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %273 = stablehlo.transpose %272, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %274 = stablehlo.add %237, %273 : tensor<4x10xf32>
    %275 = stablehlo.multiply %87, %271 : tensor<6x10xf32>
    %276 = stablehlo.multiply %271, %107 : tensor<6x10xf32>
    %277 = stablehlo.multiply %111, %271 : tensor<6x10xf32>
    %278 = stablehlo.multiply %271, %76 : tensor<6x10xf32>
    %279 = stablehlo.negate %278 : tensor<6x10xf32>
    %280 = stablehlo.add %276, %279 : tensor<6x10xf32>
    %281 = stablehlo.multiply %275, %109 : tensor<6x10xf32>
    %282 = stablehlo.multiply %281, %107 : tensor<6x10xf32>
    %283 = stablehlo.add %281, %282 : tensor<6x10xf32>
    %284 = stablehlo.dot_general %283, %104, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %285 = stablehlo.transpose %284, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %286 = stablehlo.add %249, %285 : tensor<10x10xf32>
    %287 = stablehlo.dot_general %283, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %288 = stablehlo.multiply %99, %287 : tensor<6x10xf32>
    %289 = stablehlo.add %277, %288 : tensor<6x10xf32>
    %290 = stablehlo.multiply %287, %76 : tensor<6x10xf32>
    %291 = stablehlo.dot_general %283, %78, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %292 = stablehlo.transpose %291, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %293 = stablehlo.add %256, %292 : tensor<4x10xf32>
    %294 = stablehlo.multiply %290, %102 : tensor<6x10xf32>
    %295 = stablehlo.dot_general %294, %76, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %296 = stablehlo.transpose %295, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %297 = stablehlo.add %260, %296 : tensor<10x10xf32>
    %298 = stablehlo.dot_general %294, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %299 = stablehlo.add %289, %298 : tensor<6x10xf32>
    %300 = stablehlo.dot_general %294, %78, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %301 = stablehlo.transpose %300, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %302 = stablehlo.add %265, %301 : tensor<4x10xf32>
    %303 = stablehlo.multiply %280, %90 : tensor<6x10xf32>
    %304 = stablehlo.dot_general %303, %76, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %305 = stablehlo.transpose %304, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %306 = stablehlo.add %269, %305 : tensor<10x10xf32>
    %307 = stablehlo.dot_general %303, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %308 = stablehlo.add %299, %307 : tensor<6x10xf32>
    %309 = stablehlo.dot_general %303, %78, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %310 = stablehlo.transpose %309, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %311 = stablehlo.add %274, %310 : tensor<4x10xf32>
    %312 = stablehlo.multiply %49, %308 : tensor<6x10xf32>
    %313 = stablehlo.multiply %308, %69 : tensor<6x10xf32>
    %314 = stablehlo.multiply %73, %308 : tensor<6x10xf32>
    %315 = stablehlo.multiply %308, %38 : tensor<6x10xf32>
    %316 = stablehlo.negate %315 : tensor<6x10xf32>
    %317 = stablehlo.add %313, %316 : tensor<6x10xf32>
    %318 = stablehlo.multiply %312, %71 : tensor<6x10xf32>
    %319 = stablehlo.multiply %318, %69 : tensor<6x10xf32>
    %320 = stablehlo.add %318, %319 : tensor<6x10xf32>
    %321 = stablehlo.dot_general %320, %66, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %322 = stablehlo.transpose %321, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %323 = stablehlo.add %286, %322 : tensor<10x10xf32>
    %324 = stablehlo.dot_general %320, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %325 = stablehlo.multiply %61, %324 : tensor<6x10xf32>
    %326 = stablehlo.add %314, %325 : tensor<6x10xf32>
    %327 = stablehlo.multiply %324, %38 : tensor<6x10xf32>
    %328 = stablehlo.dot_general %320, %40, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %329 = stablehlo.transpose %328, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %330 = stablehlo.add %293, %329 : tensor<4x10xf32>
    %331 = stablehlo.multiply %327, %64 : tensor<6x10xf32>
    %332 = stablehlo.dot_general %331, %38, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %333 = stablehlo.transpose %332, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %334 = stablehlo.add %297, %333 : tensor<10x10xf32>
    %335 = stablehlo.dot_general %331, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %336 = stablehlo.add %326, %335 : tensor<6x10xf32>
    %337 = stablehlo.dot_general %331, %40, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %338 = stablehlo.transpose %337, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %339 = stablehlo.add %302, %338 : tensor<4x10xf32>
    %340 = stablehlo.multiply %317, %52 : tensor<6x10xf32>
    %341 = stablehlo.dot_general %340, %38, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %342 = stablehlo.transpose %341, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %343 = stablehlo.add %306, %342 : tensor<10x10xf32>
    %344 = stablehlo.dot_general %340, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %345 = stablehlo.add %336, %344 : tensor<6x10xf32>
    %346 = stablehlo.dot_general %340, %40, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %347 = stablehlo.transpose %346, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %348 = stablehlo.add %311, %347 : tensor<4x10xf32>
    %349 = stablehlo.multiply %11, %345 : tensor<6x10xf32>
    %350 = stablehlo.multiply %345, %31 : tensor<6x10xf32>
    %351 = stablehlo.multiply %345, %0 : tensor<6x10xf32>
    %352 = stablehlo.negate %351 : tensor<6x10xf32>
    %353 = stablehlo.add %350, %352 : tensor<6x10xf32>
    %354 = stablehlo.multiply %349, %33 : tensor<6x10xf32>
    %355 = stablehlo.multiply %354, %31 : tensor<6x10xf32>
    %356 = stablehlo.add %354, %355 : tensor<6x10xf32>
    %357 = stablehlo.dot_general %356, %28, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %358 = stablehlo.transpose %357, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %359 = stablehlo.add %323, %358 : tensor<10x10xf32>
    %360 = stablehlo.dot_general %356, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<10x10xf32>) -> tensor<6x10xf32>
    %361 = stablehlo.multiply %360, %0 : tensor<6x10xf32>
    %362 = stablehlo.dot_general %356, %2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %363 = stablehlo.transpose %362, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %364 = stablehlo.add %330, %363 : tensor<4x10xf32>
    %365 = stablehlo.multiply %361, %26 : tensor<6x10xf32>
    %366 = stablehlo.dot_general %365, %0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %367 = stablehlo.transpose %366, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %368 = stablehlo.add %334, %367 : tensor<10x10xf32>
    %369 = stablehlo.dot_general %365, %2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %370 = stablehlo.transpose %369, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %371 = stablehlo.add %339, %370 : tensor<4x10xf32>
    %372 = stablehlo.multiply %353, %14 : tensor<6x10xf32>
    %373 = stablehlo.dot_general %372, %0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<10x10xf32>
    %374 = stablehlo.transpose %373, dims = [1, 0] : (tensor<10x10xf32>) -> tensor<10x10xf32>
    %375 = stablehlo.add %343, %374 : tensor<10x10xf32>
    %376 = stablehlo.dot_general %372, %2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %377 = stablehlo.transpose %376, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %378 = stablehlo.add %348, %377 : tensor<4x10xf32>
    %cst_45 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %379 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<4x10xf32>
    %380 = stablehlo.multiply %379, %378 : tensor<4x10xf32>
    %381 = stablehlo.subtract %arg0, %380 : tensor<4x10xf32>
    %cst_46 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %382 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<10x10xf32>
    %383 = stablehlo.multiply %382, %375 : tensor<10x10xf32>
    %384 = stablehlo.subtract %arg1, %383 : tensor<10x10xf32>
    %cst_47 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %385 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<4x10xf32>
    %386 = stablehlo.multiply %385, %371 : tensor<4x10xf32>
    %387 = stablehlo.subtract %arg2, %386 : tensor<4x10xf32>
    %cst_48 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %388 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<10x10xf32>
    %389 = stablehlo.multiply %388, %368 : tensor<10x10xf32>
    %390 = stablehlo.subtract %arg3, %389 : tensor<10x10xf32>
    %cst_49 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %391 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<4x10xf32>
    %392 = stablehlo.multiply %391, %364 : tensor<4x10xf32>
    %393 = stablehlo.subtract %arg4, %392 : tensor<4x10xf32>
    %cst_50 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %394 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<10x10xf32>
    %395 = stablehlo.multiply %394, %359 : tensor<10x10xf32>
    %396 = stablehlo.subtract %arg5, %395 : tensor<10x10xf32>
    %cst_51 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %397 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<10x3xf32>
    %398 = stablehlo.multiply %397, %205 : tensor<10x3xf32>
    %399 = stablehlo.subtract %arg6, %398 : tensor<10x3xf32>
    return %197, %381, %384, %387, %390, %393, %396, %399 : tensor<f32>, tensor<4x10xf32>, tensor<10x10xf32>, tensor<4x10xf32>, tensor<10x10xf32>, tensor<4x10xf32>, tensor<10x10xf32>, tensor<10x3xf32>
  }
  func.func private @log_softmax(%arg0: tensor<6x3xf32>) -> (tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<6xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x3xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<6x3xf32>
    %6 = stablehlo.exponential %5 : tensor<6x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<6xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %9 = stablehlo.log %8 : tensor<6x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x3xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<6x3xf32>
    return %11, %6, %8 : tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<6x3xf32>, %arg1: tensor<6x1xf32>, %arg2: tensor<6x3xf32>) -> tensor<6x3xf32> {
    %0 = stablehlo.negate %arg2 : tensor<6x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.reshape %1 : (tensor<6xf32>) -> tensor<6x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<6x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<6xf32>) -> tensor<6x3xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<6x3xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<6x3xf32>
    return %7 : tensor<6x3xf32>
  }
}
