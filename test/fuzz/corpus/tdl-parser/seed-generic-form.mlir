"builtin.module"() ({
  "tdl.operator"() <{dims = ["b", "co", "x"], inputs = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>], reducer = 0 : i32, reduction_dims = ["ci", "dx"], sym_name = "conv1d"}> ({
  ^bb0(%arg2: f32, %arg3: f32):
    %4 = "arith.mulf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "tdl.yield"(%4) : (f32) -> ()
  }) : () -> ()
  "tdl.opaque"() <{batch = ["b"], dims = ["b", "i", "j"], inputs = [["b", ":", ":"]], sym_name = "batch_cholesky"}> : () -> ()
  "tdl.operator"() <{dims = ["x"], extents = {k = "attr.kernel"}, inputs = [#tdl.guarded<affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 - s1)>>], params = ["attr.stride", "attr.pad"], reducer = 1 : i32, reduction_dims = ["k"], sym_name = "strided"}> ({
  }) : () -> ()
  "tdl.operator"() <{dims = ["..."], inputs = [#tdl.broadcast, #tdl.permute<"attr.perms">, #tdl.reshape, #tdl.tile, #tdl.shift<offsets = "operand.1[2*i]", scale = -1>, #tdl.shift<offsets = "attr.o[i]", strides = "attr.s[i]">], sym_name = "patterns"}> ({
  }) : () -> ()
  "tdl.operator"() <{dims = ["..."], inputs = [#tdl.broadcast], reducer = 0 : i32, reduction_dims = ["attr.axis"], sym_name = "sum_axis"}> ({
  }) : () -> ()
  "tdl.operator"() <{dims = ["i", "j"], inputs = [affine_map<(d0, d1) -> (d0, d1)>], output = affine_map<(d0, d1) -> (d1, d0)>, sym_name = "transpose_out"}> ({
  }) : () -> ()
  "tdl.operator"() <{dims = ["i"], inputs = [], sym_name = "iota"}> ({
    %1 = "tdl.index"() <{dim = 0 : i64}> : () -> index
    %2 = "arith.index_cast"(%1) : (index) -> i64
    %3 = "arith.sitofp"(%2) : (i64) -> f32
    "tdl.yield"(%3) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x3x10xf32>, tensor<3x4x3xf32>) -> tensor<2x4x8xf32>, sym_name = "apply"}> ({
  ^bb0(%arg0: tensor<2x3x10xf32>, %arg1: tensor<3x4x3xf32>):
    %0 = "tdl.apply"(%arg0, %arg1) <{callee = @conv1d}> : (tensor<2x3x10xf32>, tensor<3x4x3xf32>) -> tensor<2x4x8xf32>
    "func.return"(%0) : (tensor<2x4x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
