//===- placement-json-fuzzer.cpp - tofu-place's JSON reader and exact DP --===//
//
// The input is a placement instance in the authors' JSON format, read with
// parseProblem as tofu-place reads it. What it accepts is valid, and writes
// back (problemToJson) as JSON that reads as the same instance. Small
// instances are also solved by the DP over ideals and checked against
// enumeration (BruteForce.h): the same contiguous optimum, or both find no
// feasible placement; the DP's placement is feasible, contiguous and
// evaluates to its objective; the non-contiguous optimum is never worse.
//
// Numbers at the edges: each accepted instance is also solved with one
// node's output cost made huge (1e16 to 1e300, chosen by the input), where
// sums in doubles lost the small costs beside it; the DP must still equal
// enumeration, and "optimal" or the MILP may claim optimality only for
// enumeration's optimum. And the instance written back with a time, cost or
// size made negative, infinite (1e400) or, for sizes, over 2^60 must be
// refused with the field named.
//
//===----------------------------------------------------------------------===//

#include "FuzzOracle.h"
#include "Tofu/Placement/BruteForce.h"
#include "Tofu/Placement/Json.h"
#include "Tofu/Placement/Solve.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <array>
#include <cmath>

using namespace tofu::placement;

namespace {

/// Equal up to rounding (infinities only to themselves).
bool same(double a, double b) {
  return a == b ||
         std::abs(a - b) <= 1e-7 * std::max({1.0, std::abs(a), std::abs(b)});
}

void checkRoundTrip(const Problem &p) {
  std::string text = problemToJson(p);
  llvm::Expected<Problem> q = parseProblem(text, "written.json");
  if (!q)
    tofu_fuzz::fail("problemToJson wrote what parseProblem rejects: " +
                    llvm::toString(q.takeError()) + "\n" + text);
  bool equal = q->nodes.size() == p.nodes.size() &&
               q->edges.size() == p.edges.size() &&
               q->accelerators == p.accelerators && q->cpus == p.cpus;
  for (size_t i = 0; equal && i < p.nodes.size(); ++i) {
    const Node &a = p.nodes[i], &b = q->nodes[i];
    equal = a.id == b.id && a.name == b.name &&
            a.acceleratorTime == b.acceleratorTime && a.cpuTime == b.cpuTime &&
            a.size == b.size && a.backward == b.backward &&
            a.acceleratorSupported == b.acceleratorSupported &&
            a.colorClass == b.colorClass && a.layer == b.layer;
  }
  for (size_t i = 0; equal && i < p.edges.size(); ++i)
    equal = p.edges[i].source == q->edges[i].source &&
            p.edges[i].dest == q->edges[i].dest &&
            p.edges[i].cost == q->edges[i].cost;
  if (!equal)
    tofu_fuzz::fail("problemToJson then parseProblem changed the instance:\n" +
                    text);
}

void checkDp(const Problem &p) {
  BruteForceResult contiguous = bruteForceThroughput(p, /*contiguous=*/true);
  BruteForceResult any = bruteForceThroughput(p, /*contiguous=*/false);
  if (contiguous.feasible && !(any.objective <= contiguous.objective))
    tofu_fuzz::fail("the non-contiguous optimum is worse than the contiguous");
  SolveOptions options;
  options.strategy = "dp";
  llvm::Expected<Solution> s = solve(p, options);
  if (!s) {
    std::string message = llvm::toString(s.takeError());
    if (contiguous.feasible)
      tofu_fuzz::fail("the DP failed (" + message +
                      ") where enumeration finds a contiguous placement of "
                      "max load " +
                      std::to_string(contiguous.objective));
    return;
  }
  if (!contiguous.feasible)
    tofu_fuzz::fail("the DP found a placement where enumeration finds none");
  Evaluation ev = evaluate(p, s->placement);
  if (!ev.feasible() || !ev.contiguous || !same(ev.maxLoad, s->objective))
    tofu_fuzz::fail("the DP's placement is infeasible, not contiguous, or "
                    "not of its objective");
  if (!same(s->objective, contiguous.objective))
    tofu_fuzz::fail("the DP's optimum " + std::to_string(s->objective) +
                    " is not enumeration's " +
                    std::to_string(contiguous.objective) + "\n" +
                    problemToJson(p));
}

/// A proven optimum of `strategy` must be enumeration's.
void checkClaims(const Problem &p, const std::string &strategy,
                 const BruteForceResult &contiguous) {
  SolveOptions options;
  options.strategy = strategy;
  options.milp.timeLimitSeconds = 10;
  llvm::Expected<Solution> s = solve(p, options);
  if (!s) {
    llvm::consumeError(s.takeError());
    return;
  }
  if (s->provenOptimal && !same(s->objective, contiguous.objective))
    tofu_fuzz::fail(
        "--strategy=" + strategy + " claims " + std::to_string(s->objective) +
        " optimal; enumeration's optimum is " +
        std::to_string(contiguous.objective) + "\n" + problemToJson(p));
}

/// The instance with every out-edge of one node costing `huge`.
void checkHugeCost(Problem p, uint64_t choice) {
  if (p.edges.empty())
    return;
  constexpr std::array kHuge{1e16, 1e30, 1e100, 1e300};
  double huge = kHuge[choice % kHuge.size()];
  unsigned source = p.edges[(choice / kHuge.size()) % p.edges.size()].source;
  for (Edge &e : p.edges)
    if (e.source == source)
      e.cost = huge;
  checkDp(p);
  BruteForceResult contiguous = bruteForceThroughput(p, /*contiguous=*/true);
  if (!contiguous.feasible)
    return;
  checkClaims(p, "optimal", contiguous);
  checkClaims(p, "milp", contiguous);
}

/// `text` with the first occurrence of `marker` replaced by `number`.
std::string substituted(std::string text, llvm::StringRef marker,
                        llvm::StringRef number) {
  size_t at = text.find(marker.str());
  if (at != std::string::npos)
    text.replace(at, marker.size(), number.str());
  return text;
}

/// One field of the instance set to an edge value (written as JSON text, so
/// that 1e400 stays what a user would write) must be refused by name.
void checkRefused(const Problem &p, uint64_t choice) {
  // A value no instance holds, replaced in the text by the bad number.
  constexpr double kMarker = 7.0e-77;
  constexpr std::array<const char *, 4> kBad{"-1", "-1e-300", "1e400",
                                             "-1e400"};
  Problem q = p;
  unsigned field = choice % 4;
  std::string name;
  if (field == 3 && !q.edges.empty()) {
    // Every out-edge of a node has the same cost; change all of them.
    unsigned source = q.edges[(choice / 4) % q.edges.size()].source;
    for (Edge &e : q.edges)
      if (e.source == source)
        e.cost = kMarker;
    name = "cost";
  } else {
    Node &n = q.nodes[(choice / 4) % q.nodes.size()];
    double &value = field == 0   ? n.acceleratorTime
                    : field == 1 ? n.cpuTime
                                 : n.size;
    value = kMarker;
    name = field == 0 ? "fpgaLatency" : field == 1 ? "cpuLatency" : "size";
  }
  std::string marker = llvm::formatv("{0}", llvm::json::Value(kMarker)).str();
  std::string bad =
      name == "size" && (choice / 16) % 2 ? "2e18" : kBad[(choice / 32) % 4];
  std::string text = problemToJson(q);
  // Edges may share the marker; each takes the bad number.
  while (text.find(marker) != std::string::npos)
    text = substituted(text, marker, bad);
  llvm::Expected<Problem> r = parseProblem(text, "edge.json");
  if (r)
    tofu_fuzz::fail("parseProblem took " + name + " = " + bad + ":\n" + text);
  std::string message = llvm::toString(r.takeError());
  if (message.find("'" + name + "'") == std::string::npos)
    tofu_fuzz::fail("refusing " + name + " = " + bad +
                    ", parseProblem did not name the field: " + message);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(bytes), size);
  llvm::Expected<Problem> p = parseProblem(text, "fuzz.json");
  if (!p) {
    if (llvm::toString(p.takeError()).empty())
      tofu_fuzz::fail("parseProblem failed without a message");
    return 0;
  }
  if (llvm::Error e = validate(*p))
    tofu_fuzz::fail("parseProblem returned an invalid instance: " +
                    llvm::toString(std::move(e)));
  checkRoundTrip(*p);
  // Enumeration is devices^classes evaluations: keep it to a few thousand.
  uint64_t choice = llvm::xxh3_64bits(text);
  checkRefused(*p, choice);
  if (colorClasses(*p).size() <= 6 && p->numDevices() <= 4 &&
      p->nodes.size() <= 12) {
    checkDp(*p);
    checkHugeCost(*p, choice);
  }
  return 0;
}
