//===- tofu-solve.cpp - Solve a memory-constrained assignment problem -----===//
//
// tofu-solve FILE.json[.gz] [TIMEOUT] --time-limit=S [--format=json]
//            [--seed=N] [--output=F] [--workers=N]
//
// Reads an IOPDDL instance, solves it within the time limit and prints the
// cost, feasibility, proven lower bound, gap and seconds. In the default
// text format the last line is the answer in the contest's format (one
// strategy per node, `[]` when no feasible answer exists), so the tool runs
// as a contest entry (`tofu-solve instance.json 60`). See docs/solver.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Solver/Solver.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <limits>

using namespace tofu::solver;
namespace cl = llvm::cl;

// --help lists these only, not the options of every LLVM library linked in.
static cl::OptionCategory solveCategory("tofu-solve options");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<instance.json[.gz]>"),
                                      cl::cat(solveCategory));
static cl::opt<std::string>
    positionalTimeout(cl::Positional, cl::Optional,
                      cl::desc("[timeout seconds, as the contest passes it]"),
                      cl::cat(solveCategory));
// Read as text so that nan, inf and negatives get the same message as the
// positional timeout instead of the option parser's.
static cl::opt<std::string>
    timeLimit("time-limit",
              cl::desc("seconds to search, over 0 and at most 1000000 "
                       "(default 60)"),
              cl::value_desc("seconds"), cl::cat(solveCategory));
static cl::opt<std::string> format("format", cl::desc("text or json"),
                                   cl::init("text"), cl::cat(solveCategory));
static cl::opt<uint64_t> seed("seed", cl::desc("random seed"), cl::init(1),
                              cl::cat(solveCategory));
static cl::opt<unsigned> threads("workers",
                                 cl::desc("worker threads (0: all cores)"),
                                 cl::init(0), cl::cat(solveCategory));
static cl::opt<std::string> output("output",
                                   cl::desc("also write the answer list here"),
                                   cl::init(""), cl::cat(solveCategory));
static cl::opt<bool> verbose("verbose", cl::desc("progress on stderr"),
                             cl::init(false), cl::cat(solveCategory));

/// Time limits beyond this are refused: no search needs more than days, and
/// the deadline must stay far inside the clock's 64-bit nanoseconds.
constexpr double kMaxTimeLimit = 1e6;

static std::string solutionList(const std::vector<unsigned> &x) {
  std::string s = "[";
  for (size_t i = 0; i < x.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(x[i]);
  }
  return s + "]";
}

/// The seconds in `text`, or an error naming `what` and the accepted range.
static llvm::Expected<double> parseSeconds(llvm::StringRef text,
                                           llvm::StringRef what) {
  std::string s = text.str();
  char *end = nullptr;
  double t = std::strtod(s.c_str(), &end);
  if (s.empty() || !end || *end)
    return llvm::createStringError(
        llvm::formatv("{0} '{1}' is not a number of seconds", what, text));
  // Negated so that nan fails too.
  if (!(t > 0 && t <= kMaxTimeLimit))
    return llvm::createStringError(
        llvm::formatv("{0} must be more than 0 and at most {1} seconds, got "
                      "'{2}'",
                      what, static_cast<int64_t>(kMaxTimeLimit), text));
  return t;
}

/// The search time: --time-limit, else the positional timeout, else 60 s.
static llvm::Expected<double> searchSeconds() {
  double limit = 60;
  if (!positionalTimeout.empty()) {
    llvm::Expected<double> t = parseSeconds(positionalTimeout, "the timeout");
    if (!t)
      return t.takeError();
    limit = *t;
  }
  if (timeLimit.getNumOccurrences()) {
    llvm::Expected<double> t = parseSeconds(timeLimit, "--time-limit");
    if (!t)
      return t.takeError();
    limit = *t;
  }
  return limit;
}

namespace {
/// What the report says about the distance between the cost and the bound.
struct Gap {
  /// The bound is finite and below (or at) the cost: a gap exists.
  bool known = false;
  /// cost - bound, at least 0 (a bound rounded above the cost is the cost).
  Cost absolute = 0;
  /// absolute / cost; meaningful only for a positive cost.
  bool haveRelative = false;
  double relative = 0;
};
} // namespace

static Gap gapOf(const SolveResult &r) {
  Gap g;
  // Above 2^126 a bound is no cost any instance can have.
  if (!r.feasible || !std::isfinite(r.lowerBound) ||
      std::fabs(r.lowerBound) >= std::ldexp(1.0, 126))
    return g;
  g.known = true;
  Cost bound = static_cast<Cost>(r.lowerBound);
  g.absolute = r.optimal || bound >= r.cost ? 0 : r.cost - bound;
  g.haveRelative = r.cost > 0;
  if (g.haveRelative)
    g.relative = static_cast<double>(g.absolute) / static_cast<double>(r.cost);
  return g;
}

static std::string boundText(const SolveResult &r) {
  if (std::isfinite(r.lowerBound) &&
      std::fabs(r.lowerBound) < std::ldexp(1.0, 126))
    return toString(static_cast<Cost>(r.lowerBound));
  return r.lowerBound > 0 ? "inf" : "none";
}

static bool provenInfeasible(const SolveResult &r) {
  return !r.feasible && r.lowerBound == std::numeric_limits<double>::infinity();
}

static void printJson(const Problem &p, const SolveResult &r, double seconds,
                      const std::string &list) {
  Gap gap = gapOf(r);
  std::string bound = boundText(r);
  bool haveBound = bound != "inf" && bound != "none";
  llvm::raw_ostream &os = llvm::outs();
  os << "{\"name\": " << llvm::json::Value(p.name)
     << ", \"nodes\": " << p.nodes.size()
     << ", \"cost\": " << (r.feasible ? toString(r.cost) : "null")
     << ", \"feasible\": " << (r.feasible ? "true" : "false")
     << ", \"lower_bound\": " << (haveBound ? bound : "null") << ", \"gap\": ";
  if (gap.haveRelative)
    os << llvm::format("%.6f", gap.relative);
  else
    os << "null";
  os << ", \"optimal\": " << (r.optimal ? "true" : "false")
     << ", \"infeasible\": " << (provenInfeasible(r) ? "true" : "false")
     << ", \"gap_absolute\": " << (gap.known ? toString(gap.absolute) : "null")
     << ", \"found_by\": \"" << r.foundBy << "\", \"bound_by\": \"" << r.boundBy
     << "\", \"seconds\": " << llvm::format("%.2f", seconds)
     << ", \"trace\": [";
  for (auto [i, point] : llvm::enumerate(r.trace))
    os << (i ? ", " : "") << "[" << llvm::format("%.3f", point.first) << ", "
       << llvm::format("%.17g", point.second) << "]";
  os << "], \"solution\": " << list << "}\n";
}

static void printText(const Problem &p, const SolveResult &r, double seconds,
                      const std::string &list) {
  llvm::raw_ostream &os = llvm::outs();
  os << "name: " << p.name << "\n";
  os << "cost: " << (r.feasible ? toString(r.cost) : "none") << "\n";
  os << "feasible: " << (r.feasible ? "yes" : "no") << "\n";
  os << "lower bound: " << boundText(r)
     << (r.boundBy.empty() ? "" : " (" + r.boundBy + ")") << "\n";
  Gap gap = gapOf(r);
  if (gap.haveRelative)
    os << "gap: " << llvm::format("%.4f", 100 * gap.relative)
       << "% of the cost (cost - lower bound = " << toString(gap.absolute)
       << ")\n";
  else if (gap.known)
    os << "gap: cost - lower bound = " << toString(gap.absolute)
       << " (no relative gap: the cost is not positive)\n";
  os << "seconds: " << llvm::format("%.2f", seconds) << "\n";
  if (r.optimal)
    os << "optimal\n";
  else if (provenInfeasible(r))
    os << "infeasible (proven: at time " << r.overLimitAt
       << " the least possible total usage, " << toString(r.leastUsageAt)
       << ", exceeds the limit " << p.usageLimit << ")\n";
  os << list << "\n";
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(solveCategory);
  cl::ParseCommandLineOptions(argc, argv, "Tofu assignment solver\n");
  auto begin = std::chrono::steady_clock::now();
  if (format != "text" && format != "json") {
    llvm::errs() << "tofu-solve: unknown --format '" << format
                 << "' (text or json)\n";
    return 2;
  }
  llvm::Expected<double> limit = searchSeconds();
  if (!limit) {
    llvm::errs() << "tofu-solve: " << llvm::toString(limit.takeError()) << "\n";
    return 2;
  }

  llvm::Expected<Problem> problem = readProblem(inputFile);
  if (!problem) {
    llvm::errs() << "tofu-solve: error: " << llvm::toString(problem.takeError())
                 << "\n";
    return 1;
  }
  SolverOptions opts;
  double read =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin)
          .count();
  if (verbose)
    llvm::errs() << "read " << read << " s\n";
  // Reading counts against the limit; keep a margin to print the answer.
  opts.timeLimit = std::max(0.1, *limit - read - std::min(2.0, 0.02 * *limit));
  opts.seed = seed;
  opts.threads = threads;
  opts.verbose = verbose;
  SolveResult r = solve(*problem, opts);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin)
          .count();

  std::string list = r.feasible ? solutionList(r.choice) : "[]";
  if (!output.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(output, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      llvm::errs() << "tofu-solve: error: cannot write " << output << ": "
                   << ec.message() << "\n";
      return 1;
    }
    os << list << "\n";
  }
  if (format == "json")
    printJson(*problem, r, seconds, list);
  else
    printText(*problem, r, seconds, list);
  return 0;
}
