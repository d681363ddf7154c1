// Fuzzer mutant kept for its diagnostic:
// error: _ op reduction dimensions of a rank-generic description are parameter references; _: expected _, _, _ or _
tdl.operator @genericred dims ["..."] reduce sum ["k"] inputs []
