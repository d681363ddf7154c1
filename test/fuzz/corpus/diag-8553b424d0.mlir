// Fuzzer mutant kept for its diagnostic:
// error: _ op _ names unknown dimension _
tdl.operator @ext dims [] inputs [] attributes {extents = {q }}
