// Fuzzer mutant kept for its diagnostic:
// error: _ op output map uses dimension _ twice
tdl.operator @outtwice dims ["i", "j"] inputs [] output affine_map<(i, j) -> (i, i, (((0) * (2))))>
