// Upstream MLIR crash (not fixable here; mlir-opt crashes too): an integer in
// linalg.generic's iterator_types segfaults in linalg::GenericOp::parse (a
// sibling of upstream-linalg-generic-oom.mlir). Not used as a fuzzing seed.
// reproduce: mlir-opt THIS_FILE
#perm_in = affine_map<(i, j, k) -> (k, i, j)>
#perm_out = affine_map<(i, j, k) -> (j, k, i)>
  %0 = linalg.generic {indexing_maps = [#perm_in, #perm_out], iterator_types = [1]}
