//===- tofu-place.cpp - Optimal device placement of operator graphs -------===//
//
// Reads one instance in the JSON format of Tarnawski et al.'s released code
// (or exported from MLIR in the same format) and prints the placement as
// JSON or as a table. See docs/placement.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Placement/Json.h"
#include "Tofu/Placement/Solve.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

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

static cl::opt<int> accelerators("accelerators",
                                 cl::desc("override maxFPGAs (k)"),
                                 cl::init(-1), cl::cat(category));

static cl::opt<int> cpus("cpus", cl::desc("override maxCPUs (l)"), cl::init(-1),
                         cl::cat(category));

static cl::opt<double> memory("memory",
                              cl::desc("override maxSizePerFPGA (bytes)"),
                              cl::init(-1), cl::cat(category));

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

static cl::opt<uint64_t>
    maxIdeals("max-ideals",
              cl::desc("stop enumerating ideals beyond this many "
                       "(default 2000000)"),
              cl::init(2'000'000), cl::cat(category));

static cl::opt<double> timeLimit("time-limit",
                                 cl::desc("seconds CBC may take (default 60)"),
                                 cl::init(60), cl::cat(category));

static int fail(const Twine &msg) {
  WithColor::error(errs(), "tofu-place") << msg << "\n";
  return 1;
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
  options.dp.maxIdeals = maxIdeals;
  options.milp.timeLimitSeconds = timeLimit;

  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFileOrSTDIN(inputFile);
  if (!buffer)
    return fail(inputFile + ": " + buffer.getError().message());
  Expected<Problem> problem = parseProblem((*buffer)->getBuffer(), inputFile);
  if (!problem)
    return fail(toString(problem.takeError()));
  for (auto [value, flag] : {std::pair{int(accelerators), "--accelerators"},
                             std::pair{int(cpus), "--cpus"}})
    if (value < -1 || value > 4096)
      return fail(Twine(flag) + " must be in [0, 4096], not " + Twine(value));
  if (accelerators >= 0)
    problem->accelerators = accelerators;
  if (cpus >= 0)
    problem->cpus = cpus;
  if (memory >= 0)
    problem->acceleratorMemory = memory;
  if (!speeds.empty()) {
    SmallVector<StringRef> parts;
    StringRef(speeds).split(parts, ',');
    problem->acceleratorSpeeds.clear();
    for (StringRef part : parts) {
      double v;
      if (part.trim().getAsDouble(v))
        return fail("--accelerator-speeds: '" + part + "' is not a number");
      problem->acceleratorSpeeds.push_back(v);
    }
  }
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
