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
// Each accepted instance is also written back as JSON with numbers drawn
// from the edges (near and beyond 2^63, negative, exponents, 1e400, which
// reads as infinity) in place of some costs, usages, intervals and the
// limit: the reader accepts exactly the spellings of 64-bit integers that
// the format allows there, with their values, and refuses the rest with a
// message; what it accepts is solved (a short budget) and the answer is
// consistent with evaluate(), whatever its size.
//
//===----------------------------------------------------------------------===//

#include "FuzzOracle.h"
#include "Tofu/Solver/Solver.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
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
  // Bounds are rounded up to integers: one equal to the optimum is right
  // (scaling the bound, as before, flagged a bound of 1000 at 1000).
  double opt = static_cast<double>(*optimum);
  if (r.lowerBound > opt + 1e-9 * std::fabs(opt) + 1e-6)
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

/// A number as the edge-value pass may write it, and the value the reader
/// must give it (none: it must refuse it anywhere).
struct Spelling {
  const char *text;
  std::optional<int64_t> value;
};

const Spelling kEdgeNumbers[] = {
    {"0", 0},
    {"-1", -1},
    {"-0", 0},
    {"1e3", 1000},
    {"1000000000000000000", 1000000000000000000LL},
    {"4611686018427387904", int64_t(1) << 62},
    {"4611686018427387903", (int64_t(1) << 62) - 1},
    {"9223372036854775807", INT64_MAX},
    {"-9223372036854775808", INT64_MIN},
    {"-9223372036854775807", -INT64_MAX},
    {"9223372036854775808", std::nullopt},
    {"18446744073709551615", std::nullopt},
    {"-9223372036854775809", std::nullopt},
    {"9.3e18", std::nullopt},
    {"9.223372036854775808e18", std::nullopt},
    {"-9.3e18", std::nullopt},
    {"1e400", std::nullopt},
    {"-1e400", std::nullopt},
    {"1e-400", 0},
    {"0.5", std::nullopt},
    {"1.5e2", 150},
    {"-2.5", std::nullopt},
};

/// Where a number sits decides which signs the format allows there.
enum class Slot { Cost, Usage, Interval, Limit };

/// Writes `p` as IOPDDL JSON, replacing numbers by edge spellings where the
/// bytes say so; records whether every replacement is one the reader must
/// accept.
class EdgeWriter {
public:
  /// With `validOnly`, only spellings the reader must accept are used, so
  /// that the solver sees the extreme values too.
  EdgeWriter(const uint8_t *bytes, size_t size, bool validOnly)
      : bytes(bytes), size(size), validOnly(validOnly) {}

  std::string write(const Problem &p) {
    std::string out = "{\"problem\": {\"name\": \"edges\", \"nodes\": "
                      "{\"intervals\": [";
    for (auto [i, n] : llvm::enumerate(p.nodes)) {
      out += i ? ", [" : "[";
      out += number(n.lo, Slot::Interval) + ", " +
             number(n.hi, Slot::Interval) + "]";
    }
    out += "], \"costs\": [";
    for (auto [i, n] : llvm::enumerate(p.nodes))
      out += (i ? ", " : "") + list(n.costs, Slot::Cost);
    out += "], \"usages\": [";
    for (auto [i, n] : llvm::enumerate(p.nodes))
      out += (i ? ", " : "") + list(n.usages, Slot::Usage);
    out += "]}, \"edges\": {\"nodes\": [";
    for (auto [i, e] : llvm::enumerate(p.edges))
      out += llvm::formatv("{0}[{1}, {2}]", i ? ", " : "", e.u, e.v).str();
    out += "], \"costs\": [";
    for (auto [i, e] : llvm::enumerate(p.edges))
      out += (i ? ", " : "") + list(e.costs, Slot::Cost);
    out += "]}, \"usage_limit\": " + number(p.usageLimit, Slot::Limit) + "}}";
    return out;
  }

  /// Every replacement is an int64 of a sign its place allows.
  bool mustAccept = true;
  /// The values the reader must give, in writing order.
  std::vector<int64_t> expected;

private:
  std::string number(int64_t original, Slot slot) {
    // About one number in eight is replaced.
    uint8_t b = size ? bytes[next++ % size] : 0;
    if (b % 8 != 0) {
      expected.push_back(original);
      return std::to_string(original);
    }
    size_t pick = (b / 8) % std::size(kEdgeNumbers);
    // "0" (the first) is allowed everywhere: the search ends.
    while (validOnly && !allowed(kEdgeNumbers[pick], slot))
      pick = (pick + 1) % std::size(kEdgeNumbers);
    const Spelling &s = kEdgeNumbers[pick];
    mustAccept &= allowed(s, slot);
    expected.push_back(s.value.value_or(0));
    return s.text;
  }
  static bool allowed(const Spelling &s, Slot slot) {
    return s.value && (slot == Slot::Cost || *s.value >= 0);
  }
  std::string list(const std::vector<int64_t> &xs, Slot slot) {
    std::string out = "[";
    for (auto [i, x] : llvm::enumerate(xs))
      out += (i ? ", " : "") + number(x, slot);
    return out + "]";
  }

  const uint8_t *bytes;
  size_t size;
  bool validOnly;
  size_t next = 0;
};

/// The numbers of `p` in the order EdgeWriter writes them.
std::vector<int64_t> numbersOf(const Problem &p) {
  std::vector<int64_t> out;
  for (const Node &n : p.nodes) {
    out.push_back(n.lo);
    out.push_back(n.hi);
  }
  for (const Node &n : p.nodes)
    out.insert(out.end(), n.costs.begin(), n.costs.end());
  for (const Node &n : p.nodes)
    out.insert(out.end(), n.usages.begin(), n.usages.end());
  for (const Edge &e : p.edges)
    out.insert(out.end(), e.costs.begin(), e.costs.end());
  out.push_back(p.usageLimit);
  return out;
}

/// Solves with a short budget and checks the answer against evaluate():
/// with numbers this large no enumeration is needed to catch a wrong
/// feasibility claim or a cost that is not the answer's.
void checkSolveConsistent(const Problem &p) {
  SolverOptions options;
  options.timeLimit = 0.05;
  options.threads = 1;
  SolveResult r = solve(p, options);
  if (r.feasible != !r.choice.empty())
    tofu_fuzz::fail("solve: feasible but no assignment, or the reverse");
  if (r.feasible) {
    Evaluation ev = llvm::cantFail(evaluate(p, r.choice));
    if (!ev.feasible || ev.cost != r.cost)
      tofu_fuzz::fail("solve's answer on edge numbers does not evaluate to "
                      "its cost, or breaks the limit");
    return;
  }
  if (r.lowerBound != std::numeric_limits<double>::infinity())
    return;
  // Proven infeasible: then each node's least usage breaks the limit.
  std::vector<unsigned> least;
  for (const Node &n : p.nodes)
    least.push_back(std::min_element(n.usages.begin(), n.usages.end()) -
                    n.usages.begin());
  if (llvm::cantFail(evaluate(p, least)).feasible)
    tofu_fuzz::fail("solve proved infeasible a problem whose least usages "
                    "fit");
}

void checkEdgeNumbers(const Problem &p, const uint8_t *bytes, size_t size) {
  EdgeWriter writer(bytes, size, /*validOnly=*/size && bytes[size - 1] % 2);
  std::string text = writer.write(p);
  llvm::Expected<Problem> q = parseProblem(text);
  if (!q) {
    std::string msg = llvm::toString(q.takeError());
    if (msg.empty())
      tofu_fuzz::fail("parseProblem refused edge numbers without a message");
    // Only the replaced numbers can be wrong: the rest is an instance the
    // reader accepted.
    if (writer.mustAccept)
      tofu_fuzz::fail("parseProblem refused a valid int64: " + msg);
    return;
  }
  if (!writer.mustAccept)
    tofu_fuzz::fail("parseProblem accepted a number that is not an int64 of "
                    "its place's sign: " +
                    text);
  if (numbersOf(*q) != writer.expected)
    tofu_fuzz::fail("parseProblem read an edge number as another value: " +
                    text);
  checkSolveConsistent(*q);
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
  // Solving is the slow part: edge numbers on problems of test size only.
  if (p->nodes.size() <= 64 && p->edges.size() <= 256)
    checkEdgeNumbers(*p, bytes, size);
  return 0;
}
