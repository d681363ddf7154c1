// Fuzzer mutant kept for its diagnostic:
// error: _ op input #_ uses an access pattern, which needs a rank-generic iteration space (dims [_])
tdl.operator @pattern dims [] inputs [#tdl.broadcast]
