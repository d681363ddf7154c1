//===- TestPasses.td - Test-only SPMD passes ---------------*- tablegen -*-===//
#ifndef TOFU_TEST_SPMD_PASSES_TD
#define TOFU_TEST_SPMD_PASSES_TD

include "mlir/Pass/PassBase.td"

def TestTofuRelayout : Pass<"test-tofu-relayout", "ModuleOp"> {
  let summary = "Test: the relayout engine alone";
  let description = [{
    For every function with a `test.relayout = {levels = array<i64: ...>,
    from = array<i64: ...>, to = array<i64: ...>, reducer = "sum"}`
    attribute (`reducer` optional, for partial levels), adds a grid
    `@<function>_grid` of those levels and rewrites the function to return
    its first argument, taken as the local tensor of a value laid out as
    `from` (per level: the split dimension, -1 replicated, -2 partial),
    brought to layout `to` by the relayout engine.
  }];
  let dependentDialects = ["::mlir::shard::ShardDialect"];
}

#endif // TOFU_TEST_SPMD_PASSES_TD
