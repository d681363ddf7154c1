// Fuzzer mutant kept for its diagnostic:
// warning: not analysed symbolically: division by a non-constant interval in _ (bind its symbols with params); its strategies are computed where it is applied
tdl.operator @divide dims ["i"] inputs [affine_map<(i)[s] -> (i floordiv s)>] params ["attr.k"]
