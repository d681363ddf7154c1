// A description whose access is wrong, for verify-tdl-static.mlir: abs
// reads its input shifted past its end (guarded, so never inside).
tdl.operator @"tosa.abs" dims ["..."]
    inputs [#tdl.guarded<#tdl.shift<offsets = "out.shape[i]">>]
