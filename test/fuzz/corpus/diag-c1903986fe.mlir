// Fuzzer mutant kept for its diagnostic:
// error: _ op input #_ is indexed by unknown dimension _
tdl.opaque @op2 dims ["b", "i"] batch [] inputs [["q"]]
