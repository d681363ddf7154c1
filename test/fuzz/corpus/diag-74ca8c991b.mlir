// Fuzzer mutant kept for its diagnostic:
// error: interval analysis failed: the bounds of _ have coefficients too large for interval analysis (_^_ or more)
tdl.operator @huge_scale dims ["i", "j"] inputs [affine_map<(i, j) -> (i * 4611686018427387904 + j)>]
