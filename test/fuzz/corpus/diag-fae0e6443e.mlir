// Fuzzer mutant kept for its diagnostic:
// error: _ op input #_ is indexed by _, which is not a batch dimension; use _
tdl.opaque @op3 dims ["b", "i"] batch [] inputs [["b", "i"]]
