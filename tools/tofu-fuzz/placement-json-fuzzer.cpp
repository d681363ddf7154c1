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
//===----------------------------------------------------------------------===//

#include "FuzzOracle.h"
#include "Tofu/Placement/BruteForce.h"
#include "Tofu/Placement/Json.h"
#include "Tofu/Placement/Solve.h"

#include <algorithm>
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
                    std::to_string(contiguous.objective));
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
  if (colorClasses(*p).size() <= 6 && p->numDevices() <= 4 &&
      p->nodes.size() <= 12)
    checkDp(*p);
  return 0;
}
