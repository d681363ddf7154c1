// Fuzzer mutant kept for its diagnostic:
// error: _ op input #_ access is outside the affine subset: expected an affine map, a #tdl.guarded map or an access pattern, got _ : i_
tdl.operator @notmap dims ["i", "operand.99999999999[0]"] inputs [42 : i64]
