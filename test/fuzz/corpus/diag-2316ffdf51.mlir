// Fuzzer mutant kept for its diagnostic:
// warning: not analysed symbolically: the bounds of _ have coefficients too large for interval analysis (_^_ or more); its strategies are computed where it is applied
tdl.operator @divide dims ["i"] inputs [affine_map<(i)[s] -> ((((s * 4294967296)) + (i)))>] params ["attr.k"]
