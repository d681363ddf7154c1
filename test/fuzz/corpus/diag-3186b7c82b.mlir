// Fuzzer mutant kept for its diagnostic:
// error: _ op input #_ access uses _ symbols but only _ params are bound
tdl.operator @divide dims ["i"] inputs [affine_map<(i)[s] -> ()>] 