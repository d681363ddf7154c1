// Fuzzer mutant kept for its diagnostic:
// error: _ op dimension _ is declared twice
tdl.opaque @op4 dims ["b", "b"] batch [] inputs []
