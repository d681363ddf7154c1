//===- options-fuzzer.cpp - Pass options and machine files at the edges ---===//
//
// The input bytes choose the options of --tofu-plan, or of --tofu-place
// followed by --tofu-pipeline, and a machine description, on a fixed
// two-layer MLP training step (--tofu-autodiff of a forward, or the forward
// alone). Option values are drawn from the numbers where parsers break
// (0, -1, 2^31, 2^32, 2^63, 2^64, nan, inf, 1e400, units, words) or are raw
// bytes; the machine file's numbers likewise.
// The oracle:
//  - a pass or pipeline that fails has reported an error (or, for a
//    pipeline text that does not parse, said why);
//  - a pass that succeeds leaves IR that verifies (a plan whose worker
//    count overflowed fails the plan verifier);
//  - --tofu-plan's JSON report has only finite numbers, none negative, and
//    a plan it found fits the memory limit it reports.
//
//===----------------------------------------------------------------------===//

#include "MLIRFuzzSupport.h"
#include "Tofu/Autodiff/Passes.h"
#include "Tofu/Partition/Passes.h"
#include "Tofu/Pipelines/Passes.h"
#include "Tofu/Placement/Passes.h"
#include "Tofu/Planner/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Process.h"

#include <cmath>
#include <fuzzer/FuzzedDataProvider.h>

using namespace mlir;

namespace {

/// Two named layers (l0, l1: the planner's segments) and a sum-of-squares
/// loss.
constexpr const char *kForward = R"mlir(
func.func @forward(%x: tensor<8x16xf32>,
    %w0: tensor<16x16xf32> {tofu.param, tofu.name = "l0.w"},
    %w1: tensor<16x16xf32> {tofu.param, tofu.name = "l1.w"}) -> tensor<f32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %h0 = linalg.matmul {tofu.name = "l0.mm"} ins(%x, %w0 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h0 : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) attrs = {tofu.name = "l0.relu"} {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %c0 : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  %h1 = linalg.matmul {tofu.name = "l1.mm"} ins(%r0, %w1 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z : tensor<8x16xf32>) -> tensor<8x16xf32>
  %s0 = tensor.empty() : tensor<f32>
  %s = linalg.fill ins(%c0 : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
  %l = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%h1 : tensor<8x16xf32>) outs(%s : tensor<f32>) attrs = {tofu.name = "loss"} {
  ^bb0(%a: f32, %o: f32):
    %q = arith.mulf %a, %a : f32
    %t = arith.addf %o, %q : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %l : tensor<f32>
}
)mlir";

/// Numbers where parsers and arithmetic break: small counts, the limits of
/// 32 and 64 bits, 2^20 devices, non-finite and out-of-range doubles, byte
/// counts with units.
constexpr const char *kNumbers[] = {"0",
                                    "1",
                                    "2",
                                    "3",
                                    "4",
                                    "7",
                                    "8",
                                    "16",
                                    "-1",
                                    "-0",
                                    "2147483647",
                                    "2147483648",
                                    "4294967295",
                                    "4294967296",
                                    "1073741825",
                                    "9223372036854775807",
                                    "9223372036854775808",
                                    "18446744073709551616",
                                    "1048576",
                                    "1048577",
                                    "nan",
                                    "-nan",
                                    "inf",
                                    "-inf",
                                    "1e400",
                                    "1e-400",
                                    "1e308",
                                    "4.5e15",
                                    "0.5",
                                    "80GiB",
                                    "1.5MiB",
                                    "512kB",
                                    "-4GB",
                                    "nanGiB",
                                    "1e19TiB",
                                    "1e-3kB"};

/// The words the string options take, and some they do not.
constexpr const char *kWords[] = {"",      "four", "true",          "false",
                                  "sgd",   "adam", "adam-mixed",    "bf16",
                                  "f32",   "f16",  "planner",       "megatron",
                                  "zero3", "alpa", "tofu-bytes",    "tofu",
                                  "gpipe", "1f1b", "data-parallel", "spartan"};

/// A value for an option: mostly of its kind (a number for a numeric
/// option, so that the value reaches the pass's own checks rather than
/// the option parser), sometimes of the other kind or raw bytes.
std::string value(FuzzedDataProvider &in, bool numeric) {
  unsigned pick = in.ConsumeIntegralInRange(0, 9);
  if (pick == 0)
    return in.ConsumeRandomLengthString(12);
  if ((pick == 1) == numeric)
    return kWords[in.ConsumeIntegralInRange<size_t>(0, std::size(kWords) - 1)];
  return kNumbers[in.ConsumeIntegralInRange<size_t>(0,
                                                    std::size(kNumbers) - 1)];
}

struct OptionKey {
  StringRef name;
  bool numeric;
};

/// Up to six `key=value` pairs of distinct `keys` (a repeated option is a
/// parse error that would hide the value).
std::string options(FuzzedDataProvider &in, ArrayRef<OptionKey> keys) {
  std::string text;
  llvm::SmallSet<StringRef, 8> used;
  unsigned n = in.ConsumeIntegralInRange(0, 6);
  for (unsigned i = 0; i < n; ++i) {
    const OptionKey &key =
        keys[in.ConsumeIntegralInRange<size_t>(0, keys.size() - 1)];
    if (used.insert(key.name).second)
      text += (text.empty() ? "" : " ") + key.name.str() + "=" +
              value(in, key.numeric);
  }
  return text;
}

/// A machine description whose numbers are edge values or valid ones.
std::string machineJson(FuzzedDataProvider &in) {
  auto number = [&](StringRef valid) -> std::string {
    if (in.ConsumeBool())
      return valid.str();
    std::string v = value(in, /*numeric=*/true);
    // JSON has no nan or inf: written bare they are invalid JSON, which
    // the reader must say; as large literals they overflow to inf.
    return v.empty() ? "0" : v;
  };
  return "{\"name\": \"fuzzed\", \"device\": {\"flops\": " + number("1e12") +
         ", \"memory_bytes\": " + number("16e9") +
         ", \"memory_bandwidth_bytes_per_s\": " + number("1e12") +
         "}, \"links\": [{\"name\": \"a\", \"group_size\": " + number("4") +
         ", \"bandwidth_bytes_per_s\": " + number("1e11") +
         ", \"latency_s\": " + number("1e-6") +
         "}, {\"name\": \"b\", \"group_size\": " + number("0") +
         ", \"bandwidth_bytes_per_s\": " + number("1e10") +
         ", \"latency_s\": " + number("1e-5") + "}]}";
}

/// Every number in the report finite and not negative; a found plan fits.
void checkReport(const llvm::json::Value &v, StringRef path) {
  if (auto n = v.getAsNumber()) {
    if (!std::isfinite(*n) || *n < 0)
      tofu_fuzz::fail(("the plan report's " + path + " is ").str() +
                      std::to_string(*n));
    return;
  }
  if (const llvm::json::Object *o = v.getAsObject())
    for (const auto &[key, child] : *o)
      checkReport(child, (path + "." + key.str()).str());
  if (const llvm::json::Array *a = v.getAsArray())
    for (const llvm::json::Value &child : *a)
      checkReport(child, (path + "[]").str());
}

void checkPlanReport(StringRef file) {
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer)
    tofu_fuzz::fail("--tofu-plan succeeded without writing its report");
  llvm::Expected<llvm::json::Value> report =
      llvm::json::parse((*buffer)->getBuffer());
  if (!report)
    tofu_fuzz::fail("the plan report is not JSON: " +
                    llvm::toString(report.takeError()));
  checkReport(*report, "report");
  const llvm::json::Object *o = report->getAsObject();
  if (!o)
    tofu_fuzz::fail("the plan report is not an object");
  std::optional<double> limit = o->getNumber("memory_limit_bytes");
  const llvm::json::Object *estimate = o->getObject("estimate");
  std::optional<double> peak =
      estimate ? estimate->getNumber("peak_bytes") : std::nullopt;
  if (o->getBoolean("found").value_or(false) && limit && *limit > 0 && peak &&
      *peak > *limit * (1 + 1e-9))
    tofu_fuzz::fail("the plan's peak " + std::to_string(*peak) +
                    " is over the limit " + std::to_string(*limit));
}

/// Runs `pipeline` (passes on the module, without the builtin.module
/// anchor: with it they would nest and run on nothing) on the module; false
/// when it did not parse or failed.
bool run(tofu_fuzz::FuzzContext &ctx, ModuleOp module,
         const std::string &pipeline) {
  PassManager pm(&ctx.context);
  std::string parseError;
  llvm::raw_string_ostream errors(parseError);
  if (failed(parsePassPipeline(pipeline, pm, errors))) {
    if (parseError.empty())
      tofu_fuzz::fail("the pipeline '" + pipeline +
                      "' does not parse, and nothing says why");
    return false;
  }
  unsigned before = ctx.errors;
  LogicalResult result = pm.run(module);
  tofu_fuzz::checkPassResult(ctx, module, result, before, pipeline);
  return succeeded(result);
}

std::string tempPath(StringRef what) {
  return ("/tmp/tofu-options-fuzzer-" +
          std::to_string(llvm::sys::Process::getProcessId()) + "." + what)
      .str();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  tofu::registerTofuAutodiffPasses();
  tofu::registerTofuPartitionPasses();
  tofu::registerTofuPipelinesPasses();
  tofu::registerTofuPlacementPasses();
  tofu::registerTofuPlannerPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  bool plan = in.ConsumeBool();
  bool train = !plan || in.ConsumeIntegralInRange(0, 3) != 0;
  bool machine = in.ConsumeBool();
  std::string machineFile = tempPath("json"), reportFile = tempPath("report");
  std::string pipeline;
  if (plan) {
    static const OptionKey keys[] = {
        {"gpus", true},         {"memory", true},
        {"global-batch", true}, {"optimizer", false},
        {"precision", false},   {"strategy", false},
        {"max-tensor", true},   {"max-microbatches", true},
        {"data", true},         {"pipeline", true},
        {"tensor", true}};
    std::string opts = options(in, keys);
    if (machine)
      opts += " machine=" + machineFile;
    pipeline = "tofu-plan{" + opts + " print=none report=" + reportFile + "}";
  } else {
    static const OptionKey placeKeys[] = {{"stages", true},
                                          {"microbatches", true},
                                          {"schedule", false},
                                          {"memory", true},
                                          {"fill", false}};
    static const OptionKey pipelineKeys[] = {
        {"split", true}, {"strategy", false}, {"beam", true}};
    std::string place = options(in, placeKeys),
                pipe = options(in, pipelineKeys);
    if (machine)
      place += " machine=" + machineFile;
    pipeline = "tofu-place{" + place + "}, tofu-pipeline{" + pipe + "}";
  }
  if (machine) {
    std::string text = machineJson(in);
    std::error_code ec;
    llvm::raw_fd_ostream os(machineFile, ec);
    if (ec)
      tofu_fuzz::fail("cannot write " + machineFile);
    os << text;
  }
  llvm::sys::fs::remove(reportFile);

  tofu_fuzz::FuzzContext ctx;
  OwningOpRef<ModuleOp> module = tofu_fuzz::parseModule(ctx, kForward);
  if (!module)
    tofu_fuzz::fail("the fixed forward does not parse");
  if (train && !run(ctx, *module, "tofu-autodiff"))
    tofu_fuzz::fail("--tofu-autodiff fails on the fixed forward");
  tofu_fuzz::printIfAsked(pipeline, *module);
  if (run(ctx, *module, pipeline) && plan)
    checkPlanReport(reportFile);
  return 0;
}
