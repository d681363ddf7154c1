// Fuzzer mutant kept for its diagnostic:
// error: _ op output map must place every output dimension
tdl.operator @outmissing dims ["i", "j"] inputs [] output affine_map<(i, j) -> ((((0) ) - ((2) mod 2)))>
