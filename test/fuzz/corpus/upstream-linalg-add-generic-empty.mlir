// Upstream MLIR crash (not fixable here; mlir-opt crashes too): linalg.add in
// generic form without operands segfaults in its verifier
// (IndexingMapOpInterface::verifyImpl -> AddOp::getIteratorTypesArray). Found
// from the generic-form seed. Not used as a fuzzing seed.
// reproduce: mlir-opt THIS_FILE
"linalg.add"() ({
}) : () -> ()
