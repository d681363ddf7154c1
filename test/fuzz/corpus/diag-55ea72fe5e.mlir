// Fuzzer mutant kept for its diagnostic:
// error: _ op dimension _ is outside the iteration space of _ dimensions
tdl.operator @index dims [] inputs [] {
  %i = tdl.index 3
}
