// Upstream MLIR crash (not fixable here; mlir-opt crashes too): an affine map
// in linalg.generic's iterator_types makes linalg::GenericOp::parse build a
// diagnostic that runs out of memory (LLVM ERROR: out of memory). Not used as a
// fuzzing seed.
// reproduce: mlir-opt THIS_FILE
#perm_in = affine_map<(i, j, k) -> (k, i, j)>
#perm_out = affine_map<(i, j, k) -> (j, k, i)>
  %0 = linalg.generic {indexing_maps = ["parallel", #perm_out], iterator_types = [#perm_in, "parallel", "parallel"]}
