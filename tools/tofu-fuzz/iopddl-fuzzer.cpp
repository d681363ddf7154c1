//===- iopddl-fuzzer.cpp - The IOPDDL reader, evaluator and solver --------===//
//
// The input is an IOPDDL instance file (JSON, or gzip-compressed JSON),
// read with readProblem as tofu-solve reads it. What it accepts is valid
// (validate() passes), and evaluate() on an assignment drawn from the input
// bytes agrees with the definition (the sum of the chosen costs; feasible iff
// the peak usage is within the limit); assignments of the wrong length or
// with a strategy out of range are errors. Small instances are also solved
// (one thread, a short budget) and checked against enumeration: the answer's
// cost is what evaluate() says, never below the optimum, equal to it when
// the solver claims optimality, and its lower bound is never above it.
//
//===----------------------------------------------------------------------===//

#include "FuzzOracle.h"
#include "Tofu/Solver/Solver.h"

#include <optional>
#include <sys/mman.h>
#include <unistd.h>

using namespace tofu::solver;

namespace {

/// The optimum over every assignment (nullopt when none is feasible).
std::optional<Cost> enumerate(const Problem &p) {
  std::optional<Cost> best;
  std::vector<unsigned> x(p.nodes.size(), 0);
  for (;;) {
    Evaluation ev = llvm::cantFail(evaluate(p, x));
    if (ev.feasible && (!best || ev.cost < *best))
      best = ev.cost;
    size_t i = 0;
    while (i < x.size() && ++x[i] == p.nodes[i].numChoices())
      x[i++] = 0;
    if (i == x.size())
      return best;
  }
}

void checkEvaluate(const Problem &p, const std::vector<unsigned> &choice) {
  llvm::Expected<Evaluation> ev = evaluate(p, choice);
  if (!ev)
    tofu_fuzz::fail("evaluate rejected a complete assignment: " +
                    llvm::toString(ev.takeError()));
  Cost cost = 0;
  for (auto [i, n] : llvm::enumerate(p.nodes))
    cost += n.costs[choice[i]];
  for (const Edge &e : p.edges)
    cost += e.costs[choice[e.u] * p.nodes[e.v].numChoices() + choice[e.v]];
  if (ev->cost != cost)
    tofu_fuzz::fail("evaluate's cost " + toString(ev->cost) +
                    " is not the sum of the chosen costs " + toString(cost));
  if (ev->peakUsage < 0 ||
      ev->feasible != (p.usageLimit < 0 || ev->peakUsage <= p.usageLimit))
    tofu_fuzz::fail("evaluate's feasibility disagrees with its peak usage");

  std::vector<unsigned> shorter(choice.begin(), choice.end() - 1);
  if (llvm::Expected<Evaluation> bad = evaluate(p, shorter); bad)
    tofu_fuzz::fail("evaluate accepted an assignment one node short");
  else
    llvm::consumeError(bad.takeError());
  std::vector<unsigned> outOfRange = choice;
  outOfRange.back() = p.nodes.back().numChoices();
  if (llvm::Expected<Evaluation> bad = evaluate(p, outOfRange); bad)
    tofu_fuzz::fail("evaluate accepted a strategy out of range");
  else
    llvm::consumeError(bad.takeError());
}

void checkSolve(const Problem &p) {
  std::optional<Cost> optimum = enumerate(p);
  SolverOptions options;
  options.timeLimit = 0.5;
  options.threads = 1;
  SolveResult r = solve(p, options);
  if (r.feasible != !r.choice.empty())
    tofu_fuzz::fail("solve: feasible but no assignment, or the reverse");
  if (!optimum) {
    if (r.feasible)
      tofu_fuzz::fail("solve found an assignment where none is feasible");
    return;
  }
  if (static_cast<double>(*optimum) < r.lowerBound * (1 + 1e-9) - 1e-6)
    tofu_fuzz::fail("solve's lower bound is above the optimum " +
                    toString(*optimum));
  if (!r.feasible) {
    if (r.optimal)
      tofu_fuzz::fail("solve claims optimality without an assignment");
    return;
  }
  Evaluation ev = llvm::cantFail(evaluate(p, r.choice));
  if (!ev.feasible || ev.cost != r.cost)
    tofu_fuzz::fail("solve's answer does not evaluate to its cost");
  if (r.cost < *optimum || (r.optimal && r.cost != *optimum))
    tofu_fuzz::fail("solve's cost " + toString(r.cost) +
                    (r.optimal ? " (claimed optimal)" : "") +
                    " against the optimum " + toString(*optimum));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  // readProblem takes a path (and inflates .gz): the input as a memory file.
  int fd = memfd_create("iopddl-fuzz", 0);
  if (fd < 0 || write(fd, bytes, size) != static_cast<ssize_t>(size))
    tofu_fuzz::fail("cannot write the input to a memfd");
  llvm::Expected<Problem> p =
      readProblem("/proc/self/fd/" + std::to_string(fd));
  close(fd);
  if (!p) {
    if (llvm::toString(p.takeError()).empty())
      tofu_fuzz::fail("readProblem failed without a message");
    return 0;
  }
  if (llvm::Error e = p->validate())
    tofu_fuzz::fail("readProblem returned an invalid problem: " +
                    llvm::toString(std::move(e)));

  std::vector<unsigned> choice;
  double assignments = 1;
  for (auto [i, n] : llvm::enumerate(p->nodes)) {
    choice.push_back(size ? bytes[i % size] % n.numChoices() : 0);
    assignments *= n.numChoices();
  }
  checkEvaluate(*p, choice);
  if (p->nodes.size() <= 6 && assignments <= 512 && p->edges.size() <= 12)
    checkSolve(*p);
  return 0;
}
