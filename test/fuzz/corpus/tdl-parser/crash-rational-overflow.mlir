tdl.operator @nested_division dims ["i"] inputs [affine_map<(i) -> ((i floordiv 4294967296) floordiv 4294967296)>]
