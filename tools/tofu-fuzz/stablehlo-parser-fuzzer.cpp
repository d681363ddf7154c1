//===- stablehlo-parser-fuzzer.cpp - The StableHLO subset and its import --===//
//
// The input is MLIR text parsed with every dialect tofu-opt registers, aimed
// at the project's own StableHLO and chlo subset (lib/Dialect/StableHLO):
// their parsers, verifiers and printers (what verifies must round-trip), then
// `--tofu-lower-stablehlo` on what verifies. The import either fails with an
// error or leaves verified IR with no stablehlo or chlo op left.
//
//===----------------------------------------------------------------------===//

#include "MLIRFuzzSupport.h"
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Support/ContainsDialect.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tofu_fuzz::FuzzContext ctx;
  OwningOpRef<ModuleOp> module = tofu_fuzz::parseAndRoundTrip(ctx, data, size);
  if (!module)
    return 0;

  // The verifier runs once at the end (checkPassResult), so that a pass
  // that leaves invalid IR is told apart from one that reports an error.
  PassManager pm(&ctx.context);
  pm.enableVerifier(false);
  pm.addPass(tofu::createTofuLowerStableHLO());
  unsigned before = ctx.errors;
  LogicalResult result = pm.run(*module);
  tofu_fuzz::checkPassResult(ctx, *module, result, before,
                             "--tofu-lower-stablehlo");
  if (succeeded(result) &&
      tofu::containsDialectOp(*module, {"stablehlo", "chlo"}))
    tofu_fuzz::fail("--tofu-lower-stablehlo succeeded but left a stablehlo "
                    "or chlo op");
  return 0;
}
