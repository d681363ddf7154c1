tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
    inputs [affine_map<(b, co, x, ci, dx) -> (b, ci, x + dx)>,
            affine_map<(b, co, x, ci, dx) -> (ci, co, dx)>] {
^bb0(%data: f32, %filter: f32):
  %0 = arith.mulf %data, %filter : f32
  tdl.yield %0 : f32
}

tdl.opaque @batch_cholesky dims ["b", "i", "j"] batch ["b"] inputs [["b", ":", ":"]]

tdl.operator @strided dims ["x"] reduce max ["k"]
    inputs [#tdl.guarded<affine_map<(x, k)[s, p] -> (x * s + k - p)>>]
    params ["attr.stride", "attr.pad"] attributes {extents = {k = "attr.kernel"}}

tdl.operator @patterns dims ["..."]
    inputs [#tdl.broadcast, #tdl.permute<"attr.perms">, #tdl.reshape, #tdl.tile,
            #tdl.shift<offsets = "operand.1[2*i]", scale = -1>,
            #tdl.shift<offsets = "attr.o[i]", strides = "attr.s[i]">]

tdl.operator @sum_axis dims ["..."] reduce sum ["attr.axis"] inputs [#tdl.broadcast]

tdl.operator @transpose_out dims ["i", "j"] inputs [affine_map<(i, j) -> (i, j)>]
    output affine_map<(i, j) -> (j, i)>

tdl.operator @iota dims ["i"] inputs [] {
^bb0:
  %i = tdl.index 0
  %c = arith.index_cast %i : index to i64
  %f = arith.sitofp %c : i64 to f32
  tdl.yield %f : f32
}

func.func @apply(%d: tensor<2x3x10xf32>, %f: tensor<3x4x3xf32>) -> tensor<2x4x8xf32> {
  %0 = tdl.apply @conv1d(%d, %f) : (tensor<2x3x10xf32>, tensor<3x4x3xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}
