// TDL descriptions of the tensor dialect ops that models use between
// structured ops. Static offsets, sizes and strides are read from the ops'
// attributes; out-of-range reads of guarded accesses give padding (pad) or
// come from the other input (insert_slice).

tdl.operator @"tensor.extract_slice" dims ["..."]
    inputs [#tdl.shift<offsets = "attr.static_offsets[i]",
                       strides = "attr.static_strides[i]",
                       sizes = "attr.static_sizes[i]">] {
^bb0(%a: f32):
  tdl.yield %a : f32
}

// insert_slice(source, dest): the result is dest with source written at the
// offsets; each result element reads one of them.
tdl.operator @"tensor.insert_slice" dims ["..."]
    inputs [#tdl.guarded<#tdl.shift<offsets = "attr.static_offsets[i]",
                                    sizes = "attr.static_sizes[i]", scale = -1>>,
            #tdl.broadcast]

// pad(source, padding value): low padding shifts the source.
tdl.operator @"tensor.pad" dims ["..."]
    inputs [#tdl.guarded<#tdl.shift<offsets = "attr.static_low[i]", scale = -1>>]

tdl.operator @"tensor.concat" dims ["..."] inputs [#tdl.concat<"attr.dim">]

tdl.operator @"tensor.collapse_shape" dims ["..."] inputs [#tdl.reshape] {
^bb0(%a: f32):
  tdl.yield %a : f32
}

tdl.operator @"tensor.expand_shape" dims ["..."] inputs [#tdl.reshape] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
