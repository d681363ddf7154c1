// TDL descriptions of the TOSA operators (MLIR 22 TOSA).
//
// Each entry is named after the op it describes. Inputs correspond to the
// op's tensor operands in order (!tosa.shape operands are read through
// parameter references such as "operand.1[i]"). Bodies are written for f32;
// entries without a body describe accesses only (integer/bitwise ops, and ops
// whose scalar semantics depend on attributes TDL bodies cannot read).
// Element-wise ops broadcast numpy-style through #tdl.broadcast.

// ---- Element-wise, unary ----
tdl.operator @"tosa.abs" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.absf %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.ceil" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.ceil %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.floor" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.floor %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.exp" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.exp %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.log" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.log %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.reciprocal" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %one = arith.constant 1.0 : f32
  %r = arith.divf %one, %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.rsqrt" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.rsqrt %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.sin" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.sin %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.cos" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.cos %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.tanh" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.tanh %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.erf" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %r = math.erf %a : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.sigmoid" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  %one = arith.constant 1.0 : f32
  %n = arith.negf %a : f32
  %e = math.exp %n : f32
  %d = arith.addf %one, %e : f32
  %r = arith.divf %one, %d : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.identity" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
// rescale(input, multiplier, shift, input_zp, output_zp): multiplier and
// shift are per channel (the last dimension) or single values.
tdl.operator @"tosa.rescale" dims ["..."]
    inputs [#tdl.broadcast, #tdl.broadcast, #tdl.broadcast, #tdl.broadcast,
            #tdl.broadcast]
// apply_scale(value, multiplier, shift): the fixed-point scaling of rescale.
tdl.operator @"tosa.apply_scale" dims ["..."]
    inputs [#tdl.broadcast, #tdl.broadcast, #tdl.broadcast]
// table(input, table): each element looks its value up in the whole table.
tdl.operator @"tosa.table" dims ["..."] inputs [#tdl.broadcast, #tdl.whole]
tdl.operator @"tosa.clz" dims ["..."] inputs [#tdl.broadcast] 
tdl.operator @"tosa.bitwise_not" dims ["..."] inputs [#tdl.broadcast] 
tdl.operator @"tosa.logical_not" dims ["..."] inputs [#tdl.broadcast] 
tdl.operator @"tosa.cast" dims ["..."] inputs [#tdl.broadcast] 
tdl.operator @"tosa.clamp" dims ["..."] inputs [#tdl.broadcast] 
tdl.operator @"tosa.negate" dims ["..."]
    inputs [#tdl.broadcast, #tdl.broadcast, #tdl.broadcast] {
^bb0(%a: f32, %azp: f32, %ozp: f32):
  %r = arith.negf %a : f32
  tdl.yield %r : f32
}

// ---- Element-wise, binary and ternary ----
tdl.operator @"tosa.add" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] {
^bb0(%a: f32, %b: f32):
  %r = arith.addf %a, %b : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.sub" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] {
^bb0(%a: f32, %b: f32):
  %r = arith.subf %a, %b : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.maximum" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] {
^bb0(%a: f32, %b: f32):
  %r = arith.maximumf %a, %b : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.minimum" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] {
^bb0(%a: f32, %b: f32):
  %r = arith.minimumf %a, %b : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.pow" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] {
^bb0(%a: f32, %b: f32):
  %r = math.powf %a, %b : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.equal" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.greater" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.greater_equal" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.intdiv" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.bitwise_and" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.bitwise_or" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.bitwise_xor" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.logical_and" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.logical_or" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.logical_xor" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.logical_left_shift" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.logical_right_shift" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.arithmetic_right_shift" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] 
tdl.operator @"tosa.mul" dims ["..."]
    inputs [#tdl.broadcast, #tdl.broadcast, #tdl.broadcast] {
^bb0(%a: f32, %b: f32, %shift: i8):
  %r = arith.mulf %a, %b : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.select" dims ["..."]
    inputs [#tdl.broadcast, #tdl.broadcast, #tdl.broadcast] {
^bb0(%c: i1, %a: f32, %b: f32):
  %r = arith.select %c, %a, %b : f32
  tdl.yield %r : f32
}

// ---- Reductions (keep the reduced dimension with extent 1) ----
tdl.operator @"tosa.reduce_sum" dims ["..."] reduce sum ["attr.axis"]
    inputs [#tdl.broadcast] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
tdl.operator @"tosa.reduce_max" dims ["..."] reduce max ["attr.axis"]
    inputs [#tdl.broadcast] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
tdl.operator @"tosa.reduce_min" dims ["..."] reduce min ["attr.axis"]
    inputs [#tdl.broadcast] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
tdl.operator @"tosa.reduce_product" dims ["..."] reduce prod ["attr.axis"]
    inputs [#tdl.broadcast] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
// argmax drops the axis; its combiner (first index of the maximum) is not
// a reducer, so the axis is never split.
tdl.operator @"tosa.argmax" dims ["..."] reduce max ["attr.axis"]
    inputs [#tdl.broadcast] attributes {split_reductions = false}
tdl.operator @"tosa.reduce_all" dims ["..."] reduce prod ["attr.axis"]
    inputs [#tdl.broadcast] 
tdl.operator @"tosa.reduce_any" dims ["..."] reduce max ["attr.axis"]
    inputs [#tdl.broadcast] 

// ---- Data movement ----
tdl.operator @"tosa.transpose" dims ["..."] inputs [#tdl.permute<"attr.perms">] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
tdl.operator @"tosa.reshape" dims ["..."] inputs [#tdl.reshape] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
tdl.operator @"tosa.slice" dims ["..."] inputs [#tdl.shift<offsets = "operand.1[i]">] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
// padding = [lo0, hi0, lo1, hi1, ...]; out-of-range reads give pad_const.
tdl.operator @"tosa.pad" dims ["..."]
    inputs [#tdl.guarded<#tdl.shift<offsets = "operand.1[2*i]", scale = -1>>,
            #tdl.broadcast]
tdl.operator @"tosa.tile" dims ["..."] inputs [#tdl.tile] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
tdl.operator @"tosa.reverse" dims ["..."] inputs [#tdl.reverse<"attr.axis">] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
// Every tensor operand is read through the last access: variadic inputs.
tdl.operator @"tosa.concat" dims ["..."] inputs [#tdl.concat<"attr.axis">]

// tosa.gather: out[n, w, c] = values[n, indices[n, w], c]; the data-dependent
// index makes it opaque, but n, w and c are all batch dimensions.
tdl.opaque @"tosa.gather" dims ["n", "w", "c"] batch ["n", "w", "c"]
    inputs [["n", ":", "c"], ["n", "w"]]
// tosa.scatter: values_out[n, k, c]; rows k are data-dependent.
tdl.opaque @"tosa.scatter" dims ["n", "k", "c"] batch ["n", "c"]
    inputs [["n", ":", "c"], ["n", ":"], ["n", ":", "c"]]

// ---- Linear algebra ----
// a[B, M, K] x b[B, K, N]; a_zp and b_zp are rank-1 zero points.
tdl.operator @"tosa.matmul" dims ["b", "m", "n"] reduce sum ["k"]
    inputs [affine_map<(b, m, n, k) -> (b, m, k)>,
            affine_map<(b, m, n, k) -> (b, k, n)>,
            affine_map<(b, m, n, k) -> (0)>,
            affine_map<(b, m, n, k) -> (0)>] {
^bb0(%a: f32, %b: f32, %azp: f32, %bzp: f32):
  %x = arith.subf %a, %azp : f32
  %y = arith.subf %b, %bzp : f32
  %r = arith.mulf %x, %y : f32
  tdl.yield %r : f32
}

// input NHWC, weight OHWI, bias [O] (the initial accumulator); pad is
// [top, bottom, left, right]. Reads in the padding give zero.
tdl.operator @"tosa.conv2d" dims ["n", "oh", "ow", "oc"] reduce sum ["kh", "kw", "ic"]
    inputs [#tdl.guarded<affine_map<(n, oh, ow, oc, kh, kw, ic)[sh, sw, dh, dw, pt, pl]
                -> (n, oh * sh + kh * dh - pt, ow * sw + kw * dw - pl, ic)>>,
            affine_map<(n, oh, ow, oc, kh, kw, ic) -> (oc, kh, kw, ic)>,
            affine_map<(n, oh, ow, oc, kh, kw, ic) -> (oc)>,
            affine_map<(n, oh, ow, oc, kh, kw, ic) -> (0)>,
            affine_map<(n, oh, ow, oc, kh, kw, ic) -> (0)>]
    params ["attr.stride[0]", "attr.stride[1]", "attr.dilation[0]",
            "attr.dilation[1]", "attr.pad[0]", "attr.pad[2]"]
    attributes {init = 2 : i64} {
^bb0(%x: f32, %w: f32, %bias: f32, %xzp: f32, %wzp: f32):
  %a = arith.subf %x, %xzp : f32
  %b = arith.subf %w, %wzp : f32
  %r = arith.mulf %a, %b : f32
  tdl.yield %r : f32
}

// input NHWC [N, H, W, C], weight [KH, KW, C, M], output channel o = c * M + m.
tdl.operator @"tosa.depthwise_conv2d" dims ["n", "oh", "ow", "o"] reduce sum ["kh", "kw"]
    inputs [#tdl.guarded<affine_map<(n, oh, ow, o, kh, kw)[sh, sw, dh, dw, pt, pl, m]
                -> (n, oh * sh + kh * dh - pt, ow * sw + kw * dw - pl, o floordiv m)>>,
            affine_map<(n, oh, ow, o, kh, kw)[sh, sw, dh, dw, pt, pl, m]
                -> (kh, kw, o floordiv m, o mod m)>,
            affine_map<(n, oh, ow, o, kh, kw) -> (o)>,
            affine_map<(n, oh, ow, o, kh, kw) -> (0)>,
            affine_map<(n, oh, ow, o, kh, kw) -> (0)>]
    params ["attr.stride[0]", "attr.stride[1]", "attr.dilation[0]",
            "attr.dilation[1]", "attr.pad[0]", "attr.pad[2]", "in.1.shape[3]"]
    attributes {init = 2 : i64} {
^bb0(%x: f32, %w: f32, %bias: f32, %xzp: f32, %wzp: f32):
  %a = arith.subf %x, %xzp : f32
  %b = arith.subf %w, %wzp : f32
  %r = arith.mulf %a, %b : f32
  tdl.yield %r : f32
}

// ---- Pooling (NHWC) ----
tdl.operator @"tosa.max_pool2d" dims ["n", "oh", "ow", "c"] reduce max ["kh", "kw"]
    inputs [#tdl.guarded<affine_map<(n, oh, ow, c, kh, kw)[sh, sw, pt, pl]
                -> (n, oh * sh + kh - pt, ow * sw + kw - pl, c)>>]
    params ["attr.stride[0]", "attr.stride[1]", "attr.pad[0]", "attr.pad[2]"]
    attributes {extents = {kh = "attr.kernel[0]", kw = "attr.kernel[1]"}} {
^bb0(%x: f32):
  tdl.yield %x : f32
}
// TOSA divides by the number of valid (unpadded) elements, which a body
// cannot express: accesses only.
tdl.operator @"tosa.avg_pool2d" dims ["n", "oh", "ow", "c"] reduce sum ["kh", "kw"]
    inputs [#tdl.guarded<affine_map<(n, oh, ow, c, kh, kw)[sh, sw, pt, pl]
                -> (n, oh * sh + kh - pt, ow * sw + kw - pl, c)>>,
            affine_map<(n, oh, ow, c, kh, kw) -> (0)>,
            affine_map<(n, oh, ow, c, kh, kw) -> (0)>]
    params ["attr.stride[0]", "attr.stride[1]", "attr.pad[0]", "attr.pad[2]"]
    attributes {extents = {kh = "attr.kernel[0]", kw = "attr.kernel[1]"}}

// ---- Further linear algebra and convolution ----
// input NDHWC, weight [O, KD, KH, KW, I], bias [O]; pad is
// [front, back, top, bottom, left, right].
tdl.operator @"tosa.conv3d" dims ["n", "od", "oh", "ow", "oc"]
    reduce sum ["kd", "kh", "kw", "ic"]
    inputs [#tdl.guarded<affine_map<(n, od, oh, ow, oc, kd, kh, kw, ic)
                [sd, sh, sw, dd, dh, dw, pf, pt, pl]
                -> (n, od * sd + kd * dd - pf, oh * sh + kh * dh - pt,
                    ow * sw + kw * dw - pl, ic)>>,
            affine_map<(n, od, oh, ow, oc, kd, kh, kw, ic) -> (oc, kd, kh, kw, ic)>,
            affine_map<(n, od, oh, ow, oc, kd, kh, kw, ic) -> (oc)>,
            affine_map<(n, od, oh, ow, oc, kd, kh, kw, ic) -> (0)>,
            affine_map<(n, od, oh, ow, oc, kd, kh, kw, ic) -> (0)>]
    params ["attr.stride[0]", "attr.stride[1]", "attr.stride[2]",
            "attr.dilation[0]", "attr.dilation[1]", "attr.dilation[2]",
            "attr.pad[0]", "attr.pad[2]", "attr.pad[4]"]
    attributes {init = 2 : i64} {
^bb0(%x: f32, %w: f32, %bias: f32, %xzp: f32, %wzp: f32):
  %a = arith.subf %x, %xzp : f32
  %b = arith.subf %w, %wzp : f32
  %r = arith.mulf %a, %b : f32
  tdl.yield %r : f32
}

// Block-scaled matmul: a[B, M, K] with scales a_scale[B, M, K/32] times
// b[B, N, K] (transposed) with b_scale[B, N, K/32] (TOSA's only block size
// is 32). The element types (fp4/fp8/fp6 with e8m0 scales) have no body here.
tdl.operator @"tosa.matmul_t_block_scaled" dims ["b", "m", "n"] reduce sum ["k"]
    inputs [affine_map<(b, m, n, k) -> (b, m, k)>,
            affine_map<(b, m, n, k) -> (b, m, k floordiv 32)>,
            affine_map<(b, m, n, k) -> (b, n, k)>,
            affine_map<(b, m, n, k) -> (b, n, k floordiv 32)>]

// ---- Opaque: batch dimensions only ----
// transpose_conv2d(input NHWC, weight OHWI, bias, zero points): an output
// pixel gathers the input pixels whose strided footprint covers it, which is
// not an affine function of the output coordinates for strides > 1.
tdl.opaque @"tosa.transpose_conv2d" dims ["n", "oh", "ow", "oc"] batch ["n", "oc"]
    inputs [["n", ":", ":", ":"], ["oc", ":", ":", ":"], ["oc"], [":"], [":"]]
// resize (NHWC): output pixels read input pixels at scaled coordinates.
tdl.opaque @"tosa.resize" dims ["n", "oh", "ow", "c"] batch ["n", "c"]
    inputs [["n", ":", ":", "c"]]
// FFTs over the two inner dimensions of [N, H, W] (both results).
tdl.opaque @"tosa.fft2d" dims ["n", "h", "w"] batch ["n"]
    inputs [["n", ":", ":"], ["n", ":", ":"]]
tdl.opaque @"tosa.rfft2d" dims ["n", "h", "w"] batch ["n"]
    inputs [["n", ":", ":"]]
