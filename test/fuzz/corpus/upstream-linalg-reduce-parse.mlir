// Upstream MLIR crash (not fixable here; mlir-opt crashes too): a truncated
// linalg.reduce segfaults in linalg::ReduceOp::parse (NamedAttrList::set on a
// null attribute). Not used as a fuzzing seed.
// reproduce: mlir-opt THIS_FILE
%0 = linalg.reduce ins(%a : tensor<4x6xf32>) outs(%o : tensor<4xf32>) dimensions = 