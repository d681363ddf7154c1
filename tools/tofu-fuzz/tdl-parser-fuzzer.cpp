//===- tdl-parser-fuzzer.cpp - TDL parser, verifiers and analyses ---------===//
//
// The input is MLIR text parsed with every dialect tofu-opt registers. What
// parses and verifies must print and parse back (the TDL custom syntax), and
// goes through the description interface and the analyses the way
// `tofu-opt --tofu-print-strategies` (text and JSON) and `--tofu-print-tdl`
// take it (test/fuzz/fuzz_tofu_opt.py's modes). A crash, a sanitizer report,
// a failure without an error, or a verified module that does not round-trip
// is a bug.
//
//===----------------------------------------------------------------------===//

#include "MLIRFuzzSupport.h"
#include "Passes.h"

#include "mlir/Pass/PassManager.h"

#include <fcntl.h>
#include <unistd.h>

using namespace mlir;

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  // The print passes write to stdout; libFuzzer reports on stderr.
  int devNull = open("/dev/null", O_WRONLY);
  if (devNull >= 0)
    dup2(devNull, STDOUT_FILENO);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tofu_fuzz::FuzzContext ctx;
  OwningOpRef<ModuleOp> module = tofu_fuzz::parseAndRoundTrip(ctx, data, size);
  if (!module)
    return 0;

  // The report passes only read the module; each runs on its own so that
  // one failing does not hide the others.
  auto run = [&](std::unique_ptr<Pass> pass, StringRef what) {
    PassManager pm(&ctx.context);
    pm.addPass(std::move(pass));
    unsigned before = ctx.errors;
    tofu_fuzz::checkPassResult(ctx, *module, pm.run(*module), before, what);
  };
  run(tofu::createTofuPrintStrategies(), "--tofu-print-strategies");
  run(tofu::createTofuPrintStrategies({/*format=*/tofu::ReportFormat::Json}),
      "--tofu-print-strategies=format=json");
  run(tofu::createTofuPrintTDL(), "--tofu-print-tdl");
  llvm::outs().flush();
  return 0;
}
