tdl.operator @product dims ["i"] inputs [affine_map<(i)[s] -> (i * s)>] params ["attr.k"]
