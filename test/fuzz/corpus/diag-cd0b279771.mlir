// Fuzzer mutant kept for its diagnostic:
// error: _ op input #_ access is outside the affine subset: divisor must be positive
tdl.operator @negdiv dims ["i"] inputs [affine_map<(i) -> (i floordiv -2)>]
