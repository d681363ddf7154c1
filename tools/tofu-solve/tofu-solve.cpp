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
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>

using namespace tofu::solver;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<instance.json[.gz]>"));
static cl::opt<std::string>
    positionalTimeout(cl::Positional, cl::Optional,
                      cl::desc("[timeout seconds, as the contest passes it]"));
static cl::opt<double> timeLimit("time-limit",
                                 cl::desc("seconds to search (default 60)"),
                                 cl::init(-1));
static cl::opt<std::string> format("format", cl::desc("text or json"),
                                   cl::init("text"));
static cl::opt<uint64_t> seed("seed", cl::desc("random seed"), cl::init(1));
static cl::opt<unsigned>
    threads("workers", cl::desc("worker threads (0: all cores)"), cl::init(0));
static cl::opt<std::string>
    output("output", cl::desc("also write the answer list here"), cl::init(""));
static cl::opt<bool> verbose("verbose", cl::desc("progress on stderr"),
                             cl::init(false));

static std::string solutionList(const std::vector<unsigned> &x) {
  std::string s = "[";
  for (size_t i = 0; i < x.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(x[i]);
  }
  return s + "]";
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "Tofu assignment solver\n");
  auto begin = std::chrono::steady_clock::now();
  if (format != "text" && format != "json") {
    llvm::errs() << "tofu-solve: unknown --format '" << format
                 << "' (text or json)\n";
    return 2;
  }
  double limit = timeLimit;
  if (!positionalTimeout.empty()) {
    char *end = nullptr;
    double t = std::strtod(positionalTimeout.c_str(), &end);
    if (!end || *end || !(t >= 0)) {
      llvm::errs() << "tofu-solve: the timeout '" << positionalTimeout
                   << "' is not a number of seconds\n";
      return 2;
    }
    if (limit < 0)
      limit = t;
  }
  if (limit < 0)
    limit = 60;
  if (!std::isfinite(limit)) {
    llvm::errs() << "tofu-solve: --time-limit must be finite\n";
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
  // Reading counts against the limit; keep a margin to print the answer.
  opts.timeLimit = std::max(0.1, limit - read - std::min(2.0, 0.02 * limit));
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
  bool haveBound = std::isfinite(r.lowerBound);
  double gap = 0;
  if (r.feasible && haveBound)
    gap = r.cost == 0 ? 0
                      : (static_cast<double>(r.cost) - r.lowerBound) /
                            std::fabs(static_cast<double>(r.cost));
  std::string bound = haveBound
                          ? toString(static_cast<Cost>(r.lowerBound))
                          : std::string(r.lowerBound > 0 ? "inf" : "none");
  if (format == "json") {
    llvm::outs() << "{\"name\": \"" << problem->name
                 << "\", \"nodes\": " << problem->nodes.size()
                 << ", \"cost\": " << (r.feasible ? toString(r.cost) : "null")
                 << ", \"feasible\": " << (r.feasible ? "true" : "false")
                 << ", \"lower_bound\": "
                 << (haveBound ? bound : std::string("null")) << ", \"gap\": ";
    if (r.feasible && haveBound)
      llvm::outs() << llvm::format("%.6f", gap);
    else
      llvm::outs() << "null";
    llvm::outs() << ", \"optimal\": " << (r.optimal ? "true" : "false")
                 << ", \"infeasible\": "
                 << (!r.feasible && r.lowerBound > 0 && !haveBound ? "true"
                                                                   : "false")
                 << ", \"found_by\": \"" << r.foundBy << "\", \"bound_by\": \""
                 << r.boundBy
                 << "\", \"seconds\": " << llvm::format("%.2f", seconds)
                 << ", \"solution\": " << list << "}\n";
    return 0;
  }
  llvm::outs() << "name: " << problem->name << "\n";
  if (r.feasible)
    llvm::outs() << "cost: " << toString(r.cost) << "\n";
  else
    llvm::outs() << "cost: none\n";
  llvm::outs() << "feasible: " << (r.feasible ? "yes" : "no") << "\n";
  llvm::outs() << "lower bound: " << bound
               << (r.boundBy.empty() ? "" : " (" + r.boundBy + ")") << "\n";
  if (r.feasible && haveBound)
    llvm::outs() << "gap: " << llvm::format("%.4f", 100 * gap) << "%\n";
  llvm::outs() << "seconds: " << llvm::format("%.2f", seconds) << "\n";
  if (r.optimal)
    llvm::outs() << "optimal\n";
  else if (!r.feasible && r.lowerBound > 0 && !haveBound)
    llvm::outs() << "infeasible (proven: the least memory of every node "
                    "exceeds the limit)\n";
  llvm::outs() << list << "\n";
  return 0;
}
