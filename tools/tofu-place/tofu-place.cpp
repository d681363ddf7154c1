//===- tofu-place.cpp - Optimal device placement of operator graphs -------===//
//
// Reads one instance in the JSON format of Tarnawski et al.'s released code
// (or exported from MLIR in the same format) and prints the placement as
// JSON or as a table. See docs/placement.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Placement/Json.h"
#include "Tofu/Placement/Solve.h"
#include "Tofu/Support/Numbers.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;
using namespace tofu::placement;

static cl::OptionCategory category("tofu-place options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.json>"),
                                      cl::Required, cl::cat(category));

static cl::opt<std::string>
    objective("objective",
              cl::desc("throughput (max load, default) or "
                       "latency (one sample)"),
              cl::init("throughput"), cl::cat(category));

static cl::opt<std::string>
    contiguousFlag("contiguous",
                   cl::desc("true (pipeline stages, default) or false"),
                   cl::init("true"), cl::cat(category));

// Counts and sizes are read as text and checked here, so that a negative,
// fractional or non-finite value is refused by name instead of being taken
// for "not given" or wrapping around.
static cl::opt<std::string> accelerators("accelerators",
                                         cl::desc("override maxFPGAs (k), 0 "
                                                  "to 4096"),
                                         cl::cat(category));

static cl::opt<std::string> cpus("cpus",
                                 cl::desc("override maxCPUs (l), 0 to 4096"),
                                 cl::cat(category));

static cl::opt<std::string>
    memory("memory",
           cl::desc("override maxSizePerFPGA: a byte count (80e9, 40GiB), at "
                    "most 2^60; 0 means no limit"),
           cl::cat(category));

static cl::opt<std::string>
    speeds("accelerator-speeds",
           cl::desc("comma-separated relative speed of each accelerator (mixed "
                    "accelerators; time = fpgaLatency / speed)"),
           cl::init(""), cl::cat(category));

static cl::opt<std::string>
    strategy("strategy",
             cl::desc("optimal (default), dp, milp, brute-force, pipedream, "
                      "equal-compute, single, round-robin, expert"),
             cl::init("optimal"), cl::cat(category));

static cl::opt<std::string>
    expertFile("expert",
               cl::desc("split file for --strategy=expert (authors' format)"),
               cl::init(""), cl::cat(category));

static cl::opt<std::string> outputFormat("format",
                                         cl::desc("json (default) or table"),
                                         cl::init("json"), cl::cat(category));

static cl::opt<std::string>
    maxIdeals("max-ideals",
              cl::desc("stop enumerating ideals beyond this many, 1 to "
                       "2^32 - 2 (default 2000000)"),
              cl::init("2000000"), cl::cat(category));

static cl::opt<double>
    timeLimit("time-limit",
              cl::desc("seconds CBC may take, over 0 and at most 10^6 "
                       "(default 60)"),
              cl::init(60), cl::cat(category));

/// The most accelerators or CPUs: the limit the JSON reader applies to
/// maxFPGAs and maxCPUs.
constexpr uint64_t kMaxDeviceCount = 4096;
/// Ideal ids are 32-bit, with one value kept for "none".
constexpr uint64_t kMaxIdealCount = 4294967294;
/// Accelerator speeds scale times; beyond six orders of magnitude either way
/// a time becomes indistinguishable from 0 or from overflow next to others.
constexpr double kMinSpeed = 1e-6, kMaxSpeed = 1e6;

static int fail(const Twine &msg) {
  WithColor::error(errs(), "tofu-place") << msg << "\n";
  return 1;
}

/// A count given as text: an integer in [lo, hi], else an error naming the
/// flag, the range and what was given.
static std::optional<uint64_t> parseCount(StringRef flag, StringRef text,
                                          uint64_t lo, uint64_t hi,
                                          std::string &error) {
  uint64_t value;
  if (text.trim().getAsInteger(10, value) || value < lo || value > hi) {
    error = formatv("'{0}' must be an integer from {1} to {2}, got '{3}'", flag,
                    lo, hi, text)
                .str();
    return std::nullopt;
  }
  return value;
}

/// The numeric flags that do not depend on the input: checked before it is
/// read so that a bad flag is named even when the file is bad too.
static std::optional<std::string> checkSolverFlags(SolveOptions &options) {
  std::string error;
  if (!mlir::tofu::checkFiniteInRange("--time-limit", timeLimit, 0,
                                      mlir::tofu::Bound::Open, 1e6,
                                      mlir::tofu::Bound::Closed, error))
    return error;
  std::optional<uint64_t> ideals =
      parseCount("--max-ideals", maxIdeals, 1, kMaxIdealCount, error);
  if (!ideals)
    return error;
  options.dp.maxIdeals = *ideals;
  options.milp.timeLimitSeconds = timeLimit;
  return std::nullopt;
}

/// Applies --accelerators, --cpus, --memory and --accelerator-speeds to the
/// problem read; the error names the flag and the range it takes.
static std::optional<std::string> applyDeviceFlags(Problem &problem) {
  std::string error;
  if (accelerators.getNumOccurrences()) {
    std::optional<uint64_t> k =
        parseCount("--accelerators", accelerators, 0, kMaxDeviceCount, error);
    if (!k)
      return error;
    problem.accelerators = *k;
  }
  if (cpus.getNumOccurrences()) {
    std::optional<uint64_t> l =
        parseCount("--cpus", cpus, 0, kMaxDeviceCount, error);
    if (!l)
      return error;
    problem.cpus = *l;
  }
  if (memory.getNumOccurrences()) {
    std::optional<double> bytes =
        mlir::tofu::parseByteCount(memory, "--memory", error);
    if (!bytes)
      return error;
    problem.acceleratorMemory = *bytes == 0 ? kInfinity : *bytes;
  }
  if (!speeds.empty()) {
    SmallVector<StringRef> parts;
    StringRef(speeds).split(parts, ',');
    problem.acceleratorSpeeds.clear();
    for (StringRef part : parts) {
      double v;
      if (part.trim().getAsDouble(v))
        return ("--accelerator-speeds: '" + part + "' is not a number").str();
      if (!mlir::tofu::checkFiniteInRange("--accelerator-speeds", v, kMinSpeed,
                                          mlir::tofu::Bound::Closed, kMaxSpeed,
                                          mlir::tofu::Bound::Closed, error))
        return error;
      problem.acceleratorSpeeds.push_back(v);
    }
  }
  return std::nullopt;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "optimal device placement of operator graphs "
                              "(Tarnawski et al., NeurIPS'20)\n");
  SolveOptions options;
  if (objective == "throughput")
    options.objective = Objective::Throughput;
  else if (objective == "latency")
    options.objective = Objective::Latency;
  else
    return fail("--objective must be throughput or latency, not '" + objective +
                "'");
  if (contiguousFlag == "true" || contiguousFlag == "1")
    options.contiguous = true;
  else if (contiguousFlag == "false" || contiguousFlag == "0")
    options.contiguous = false;
  else
    return fail("--contiguous must be true or false, not '" + contiguousFlag +
                "'");
  if (outputFormat != "json" && outputFormat != "table")
    return fail("--format must be json or table, not '" + outputFormat + "'");
  options.strategy = strategy;
  if (std::optional<std::string> error = checkSolverFlags(options))
    return fail(*error);

  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFileOrSTDIN(inputFile);
  if (!buffer)
    return fail(inputFile + ": " + buffer.getError().message());
  Expected<Problem> problem = parseProblem((*buffer)->getBuffer(), inputFile);
  if (!problem)
    return fail(toString(problem.takeError()));
  if (std::optional<std::string> error = applyDeviceFlags(*problem))
    return fail(*error);
  if (!expertFile.empty()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> split =
        MemoryBuffer::getFile(expertFile);
    if (!split)
      return fail(expertFile + ": " + split.getError().message());
    options.expertJson = (*split)->getBuffer().str();
    options.expertFile = expertFile;
  }
  if (Error e = validate(*problem))
    return fail(inputFile + ": " + toString(std::move(e)));

  Expected<Solution> solution = solve(*problem, options);
  if (!solution)
    return fail(inputFile + ": " + toString(solution.takeError()));
  if (outputFormat == "table")
    outs() << solutionToTable(*problem, *solution, options);
  else
    outs() << solutionToJson(*problem, *solution, options);
  return 0;
}
