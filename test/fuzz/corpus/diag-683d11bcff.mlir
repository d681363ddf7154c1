// Fuzzer mutant kept for its diagnostic:
// error: #tdl.guarded wraps an affine map or an access pattern, got #tdl.guarded<affine_map<(d_) -> (d_)>>
tdl.operator @pattern dims [] inputs #tdl.guarded<#tdl.guarded<affine_map<() -> ()>>>