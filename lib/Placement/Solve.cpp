//===- Solve.cpp - Choosing and running a placement solver ----------------===//

#include "Tofu/Placement/Solve.h"

#include "Tofu/Placement/Baselines.h"
#include "Tofu/Placement/BruteForce.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>

using namespace tofu::placement;

static llvm::Error failure(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

static std::string bytes(double b) {
  if (std::isfinite(b) && b == std::floor(b) && std::abs(b) < 1e18)
    return std::to_string(int64_t(b));
  return llvm::formatv("{0}", b).str();
}

/// A colour class that no device can hold makes every placement infeasible;
/// say which one.
static llvm::Error checkEveryClassFits(const Problem &problem) {
  if (problem.cpus > 0)
    return llvm::Error::success();
  ColorClasses classes = colorClasses(problem);
  for (unsigned c = 0; c < classes.size(); ++c) {
    double size = 0;
    for (unsigned v : classes.members[c]) {
      size += problem.nodes[v].size;
      if (!problem.nodes[v].acceleratorSupported)
        return failure(llvm::formatv(
            "{0} cannot run on an accelerator (supportedOnFpga is false) and "
            "there are no CPUs: it fits on no device",
            problem.describe(v)));
    }
    if (size > problem.acceleratorMemory) {
      unsigned v = classes.members[c].front();
      std::string what =
          classes.members[c].size() == 1
              ? problem.describe(v)
              : llvm::formatv("the colour class of {0} ({1} nodes)",
                              problem.describe(v), classes.members[c].size())
                    .str();
      return failure(llvm::formatv(
          "{0} needs {1} bytes, more than the {2} bytes of an accelerator, "
          "and there are no CPUs: it fits on no device",
          what, bytes(size), bytes(problem.acceleratorMemory)));
    }
  }
  return llvm::Error::success();
}

static llvm::Error memoryError(const Problem &problem, bool contiguous,
                               const SolveOptions &options) {
  UnitOptions uo;
  uo.contiguous = contiguous;
  uo.memoryObjective = true;
  UnitGraph units = buildUnits(problem, uo);
  std::optional<double> need;
  if (contiguous)
    need = smallestContiguousMemory(problem, units, options.dp);
  if (!need) {
    MilpResult m = smallestMemoryMilp(problem, units, contiguous, options.milp);
    if (m.provenOptimal)
      need = m.objective;
    else if (m.solved)
      return failure(llvm::formatv(
          "no {0}placement on {1} accelerators of {2} bytes fits in memory; "
          "one fits with {3} bytes per accelerator (not proven smallest)",
          contiguous ? "contiguous " : "", problem.accelerators,
          bytes(problem.acceleratorMemory), bytes(m.objective)));
  }
  if (!need || !(*need < kInfinity))
    return failure(llvm::formatv("no {0}placement on {1} accelerators fits",
                                 contiguous ? "contiguous " : "",
                                 problem.accelerators));
  if (*need <= problem.acceleratorMemory)
    return failure(llvm::formatv(
        "internal error: no {0}placement found although one fits in {1} "
        "bytes per accelerator",
        contiguous ? "contiguous " : "", bytes(*need)));
  return failure(llvm::formatv(
      "no {0}placement on {1} accelerators of {2} bytes fits in memory: the "
      "smallest memory per accelerator that fits is {3} bytes",
      contiguous ? "contiguous " : "", problem.accelerators,
      bytes(problem.acceleratorMemory), bytes(*need)));
}

static bool hasLayers(const Problem &problem) {
  for (const Node &n : problem.nodes)
    if (n.layer)
      return true;
  return false;
}

namespace {
/// One solve's answer as it is built: every strategy sets the placement and
/// finishes the same way, so that timing and the optimum's bound and gap are
/// filled in one place.
class Solving {
public:
  Solving(const Problem &problem, const SolveOptions &options)
      : problem(problem), options(options),
        throughput(options.objective == Objective::Throughput),
        begin(std::chrono::steady_clock::now()) {
    s.strategy = options.strategy;
  }

  /// Makes `p` the answer, valued under the objective being solved.
  void set(const Placement &p) {
    s.placement = p;
    s.evaluation = evaluate(problem, p);
    s.objective =
        throughput ? evaluate(problem, p).maxLoad : latency(problem, p);
  }

  /// The answer, timed; a proven optimum is its own lower bound.
  llvm::Expected<Solution> done() {
    s.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin)
            .count();
    if (s.provenOptimal) {
      s.lowerBound = std::min(s.lowerBound, s.objective);
      if (s.gap == kInfinity)
        s.gap = 0;
    }
    return s;
  }

  const Problem &problem;
  const SolveOptions &options;
  const bool throughput;
  Solution s;

private:
  std::chrono::steady_clock::time_point begin;
};

/// A placement with its evaluation.
struct Evaluated {
  Placement placement;
  Evaluation evaluation;
};
} // namespace

static bool isBaseline(const std::string &strategy) {
  return strategy == "single" || strategy == "equal-compute" ||
         strategy == "round-robin" || strategy == "pipedream" ||
         strategy == "expert";
}

/// The baselines: one placement each, with no search, feasible or not (a
/// note says why not).
static llvm::Expected<Solution> solveBaseline(Solving &c) {
  const Problem &problem = c.problem;
  const SolveOptions &options = c.options;
  const std::string &strategy = options.strategy;
  Solution &s = c.s;
  s.method = "baseline";
  UnitGraph units = buildUnits(problem, {});
  s.units = units.numUnits();
  if (strategy == "single") {
    c.set(singleAccelerator(problem));
  } else if (strategy == "equal-compute") {
    c.set(equalCompute(problem, units));
  } else if (strategy == "round-robin") {
    c.set(roundRobinLayers(problem));
  } else if (strategy == "pipedream") {
    llvm::Expected<Placement> p = pipeDream(problem, options.dp);
    if (!p)
      return p.takeError();
    c.set(*p);
  } else {
    if (options.expertFile.empty())
      return failure("--strategy=expert needs --expert=FILE");
    llvm::Expected<Placement> p =
        expertPlacement(problem, options.expertJson, options.expertFile);
    if (!p)
      return p.takeError();
    c.set(*p);
  }
  if (!s.evaluation.feasible())
    s.notes.push_back(
        !s.evaluation.memoryRespected
            ? "the baseline's placement exceeds an accelerator's memory"
            : "the baseline's placement breaks a colour class or support");
  return c.done();
}

/// Every assignment of colour classes to devices, for small problems (the
/// reference the solvers are tested against).
static llvm::Expected<Solution> solveBruteForce(Solving &c) {
  const Problem &problem = c.problem;
  const SolveOptions &options = c.options;
  Solution &s = c.s;
  ColorClasses classes = colorClasses(problem);
  double count = std::pow(double(problem.numDevices()), classes.size());
  if (classes.size() > 14 || count > 5e7)
    return failure(llvm::formatv("brute force over {0} colour classes and "
                                 "{1} devices is too large (at most 14 "
                                 "classes and 5e7 assignments)",
                                 classes.size(), problem.numDevices()));
  BruteForceResult b = c.throughput
                           ? bruteForceThroughput(problem, options.contiguous)
                           : bruteForceLatency(problem);
  if (!b.feasible)
    return memoryError(problem, options.contiguous, options);
  s.method = "enumeration";
  s.units = classes.size();
  c.set(b.placement);
  s.provenOptimal = true;
  s.lowerBound = s.objective;
  return c.done();
}

/// The latency objective: only the MILP solves it.
static llvm::Expected<Solution> solveLatency(Solving &c) {
  const Problem &problem = c.problem;
  const SolveOptions &options = c.options;
  Solution &s = c.s;
  if (options.strategy == "dp")
    return failure("the DP solves the throughput objective only; use "
                   "--strategy=milp or optimal for latency");
  UnitOptions uo;
  uo.contiguous = false;
  uo.mergeZeroUnits = false;
  UnitGraph units = buildUnits(problem, uo);
  s.units = units.numUnits();
  MilpResult m = solveLatencyMilp(problem, units, options.milp);
  if (!m.solved) {
    if (m.infeasible)
      return memoryError(problem, false, options);
    return failure("the latency MILP found no placement within " +
                   llvm::formatv("{0}", options.milp.timeLimitSeconds).str() +
                   " s (" + m.status + ")");
  }
  s.method = "milp";
  c.set(m.placement);
  s.provenOptimal = m.provenOptimal;
  s.lowerBound = m.bound;
  s.gap =
      std::max(0.0, (s.objective - m.bound) / std::max(s.objective, 1e-300));
  return c.done();
}

/// The best cheap contiguous placement, which bounds the DP's search: the
/// equal-compute split, or PipeDream's optimal split of a linearization
/// (much better where memory binds).
static Evaluated cheapContiguous(const Problem &problem, const UnitGraph &units,
                                 const SolveOptions &options) {
  Placement greedy = equalCompute(problem, units);
  Evaluation greedyEval = evaluate(problem, greedy);
  if (llvm::Expected<Placement> pd = pipeDream(problem, options.dp)) {
    Evaluation ev = evaluate(problem, *pd);
    if (ev.feasible() && ev.contiguous &&
        (!greedyEval.feasible() || !greedyEval.contiguous ||
         ev.maxLoad < greedyEval.maxLoad)) {
      greedy = *pd;
      greedyEval = ev;
    }
  } else {
    llvm::consumeError(pd.takeError());
  }
  return {greedy, greedyEval};
}

/// The DP's options with the upper bound a feasible contiguous `greedy`
/// gives: only a contiguous placement bounds the contiguous optimum.
static DpOptions boundedDp(const SolveOptions &options,
                           const Evaluation &greedy) {
  DpOptions dpo = options.dp;
  if (greedy.feasible() && greedy.contiguous)
    dpo.upperBound = greedy.maxLoad * (1 + 1e-9) + 1e-12;
  return dpo;
}

/// The contiguous throughput optimum by the DP over ideals. Returns no
/// answer when the DP cannot run and the MILP may take over (a note says
/// why).
static std::optional<llvm::Expected<Solution>>
contiguousByDp(Solving &c, const UnitGraph &units, const Evaluated &greedy) {
  const Problem &problem = c.problem;
  const SolveOptions &options = c.options;
  Solution &s = c.s;
  DpOptions dpo = boundedDp(options, greedy.evaluation);
  DpResult r = solveContiguousThroughput(problem, units, dpo);
  if (r.completed && !r.feasible && dpo.upperBound < kInfinity) {
    // Cannot happen when the bound is a contiguous placement's load; rather
    // than trust that, search again without it.
    dpo.upperBound = kInfinity;
    r = solveContiguousThroughput(problem, units, dpo);
  }
  s.ideals = r.ideals;
  s.pairVisits = r.pairVisits;
  if (r.completed) {
    if (!r.feasible)
      return memoryError(problem, true, options);
    s.method = "dp";
    c.set(expand(units, r.deviceOfUnit));
    s.provenOptimal = true;
    s.lowerBound = s.objective;
    s.gap = 0;
    return c.done();
  }
  if (options.strategy == "dp")
    return failure("the DP over ideals cannot run: " + r.reason +
                   "; coarsen (layerId) or use --strategy=optimal, which "
                   "falls back to the MILP");
  s.notes.push_back("DP over ideals stopped: " + r.reason +
                    "; solving the contiguous MILP instead");
  return std::nullopt;
}

/// The MILP's start: a contiguous optimum is a good start for the
/// non-contiguous program, else the cheap placement where it is allowed.
static std::optional<Evaluated> milpStart(Solving &c, const UnitGraph &units,
                                          const Evaluated &greedy) {
  const Problem &problem = c.problem;
  const SolveOptions &options = c.options;
  if (!options.contiguous) {
    DpResult r = solveContiguousThroughput(
        problem, units, boundedDp(options, greedy.evaluation));
    c.s.ideals = r.ideals;
    c.s.pairVisits = r.pairVisits;
    if (r.completed && r.feasible) {
      Placement p = expand(units, r.deviceOfUnit);
      Evaluation ev = evaluate(problem, p);
      return Evaluated{p, ev};
    }
  }
  const Evaluation &ge = greedy.evaluation;
  if (ge.feasible() && (ge.contiguous || !options.contiguous))
    return greedy;
  return std::nullopt;
}

/// The throughput MILP, then the best of its incumbent, its start and
/// (contiguous, when not proven) the DP on layer-contracted units.
static llvm::Expected<Solution>
throughputByMilp(Solving &c, const UnitGraph &units, const Evaluated &greedy) {
  const Problem &problem = c.problem;
  const SolveOptions &options = c.options;
  Solution &s = c.s;
  UnitOptions uo;
  uo.contiguous = options.contiguous;
  UnitGraph milpUnits = options.contiguous ? units : buildUnits(problem, uo);
  MilpOptions mo = options.milp;
  std::optional<Evaluated> start = milpStart(c, units, greedy);
  double startValue = start ? start->evaluation.maxLoad : kInfinity;
  mo.start = start ? std::optional<Placement>(start->placement) : std::nullopt;
  mo.upperBound = startValue;
  MilpResult m =
      solveThroughputMilp(problem, milpUnits, options.contiguous, mo);
  if (m.infeasible && !start)
    return memoryError(problem, options.contiguous, options);
  if (m.infeasible) {
    m.bound = 0;
    s.notes.push_back("CBC found the program infeasible although the start "
                      "placement is feasible (its tolerances did not resolve "
                      "the coefficients); keeping the start");
  }
  s.method = options.contiguous ? "milp (contiguous)" : "milp";
  std::optional<Placement> best;
  double bestValue = kInfinity;
  auto consider = [&](const Placement &p, const std::string &method) {
    Evaluation ev = evaluate(problem, p);
    if (!ev.feasible() || (options.contiguous && !ev.contiguous))
      return;
    if (ev.maxLoad < bestValue) {
      bestValue = ev.maxLoad;
      best = p;
      s.method = method;
    }
  };
  if (m.solved)
    consider(m.placement, s.method);
  if (start && startValue < bestValue)
    consider(start->placement,
             options.contiguous ? "equal-compute" : "dp (contiguous)");
  if (options.contiguous && !m.provenOptimal && hasLayers(problem)) {
    UnitOptions lo;
    lo.contractLayers = true;
    UnitGraph layers = buildUnits(problem, lo);
    DpResult r = solveContiguousThroughput(problem, layers, options.dp);
    if (r.completed && r.feasible) {
      s.notes.push_back(llvm::formatv("coarsened: layers contracted to {0} "
                                      "units ({1} ideals); optimal for the "
                                      "coarsened graph only",
                                      layers.numUnits(), r.ideals));
      consider(expand(layers, r.deviceOfUnit), "dp (layers coarsened)");
    } else if (!r.completed) {
      s.notes.push_back("DP on contracted layers stopped too: " + r.reason);
    }
  }
  if (!best)
    return failure("no placement found: the MILP stopped (" + m.status +
                   ") without a feasible solution");
  c.set(*best);
  s.lowerBound = std::max(0.0, m.bound);
  s.provenOptimal =
      m.provenOptimal && m.solved && s.objective <= m.objective * (1 + 1e-9);
  s.gap = std::max(0.0, (s.objective - s.lowerBound) /
                            std::max(s.objective, 1e-300));
  if (s.provenOptimal)
    s.gap = std::min(s.gap, mo.relativeGap);
  if (!s.provenOptimal)
    s.notes.push_back(llvm::formatv("not proven optimal: CBC stopped ({0}) "
                                    "with bound {1}",
                                    m.status, m.bound));
  return c.done();
}

llvm::Expected<Solution> tofu::placement::solve(const Problem &problem,
                                                const SolveOptions &options) {
  Solving c(problem, options);
  if (llvm::Error e = validate(problem))
    return std::move(e);
  if (llvm::Error e = checkEveryClassFits(problem))
    return std::move(e);
  const std::string &strategy = options.strategy;
  if (isBaseline(strategy))
    return solveBaseline(c);
  if (strategy == "brute-force")
    return solveBruteForce(c);
  if (strategy != "optimal" && strategy != "dp" && strategy != "milp")
    return failure("unknown strategy '" + strategy +
                   "' (optimal, dp, milp, brute-force, pipedream, "
                   "equal-compute, single, round-robin, expert)");
  if (!c.throughput)
    return solveLatency(c);

  UnitGraph units = buildUnits(problem, {});
  c.s.units = units.numUnits();
  Evaluated greedy = cheapContiguous(problem, units, options);
  if (options.contiguous && strategy != "milp")
    if (std::optional<llvm::Expected<Solution>> r =
            contiguousByDp(c, units, greedy))
      return std::move(*r);
  return throughputByMilp(c, units, greedy);
}

static std::vector<unsigned> deviceOrder(const Problem &problem,
                                         const Solution &s, bool contiguous) {
  if (contiguous && s.evaluation.contiguous)
    return pipelineOrder(problem, s.placement);
  std::vector<unsigned> order(problem.numDevices());
  for (unsigned d = 0; d < order.size(); ++d)
    order[d] = d;
  return order;
}

static bool pipelined(const Solution &s, const SolveOptions &options) {
  return options.objective == Objective::Throughput && options.contiguous &&
         s.evaluation.contiguous;
}

std::string tofu::placement::solutionToJson(const Problem &problem,
                                            const Solution &s,
                                            const SolveOptions &options) {
  namespace json = llvm::json;
  bool stages = pipelined(s, options);
  json::Array devices;
  std::vector<unsigned> order = deviceOrder(problem, s, stages);
  for (unsigned i = 0; i < order.size(); ++i) {
    unsigned d = order[i];
    json::Array nodes;
    std::vector<int64_t> ids;
    for (unsigned v = 0; v < problem.nodes.size(); ++v)
      if (s.placement.deviceOf[v] == d)
        ids.push_back(problem.nodes[v].id);
    std::sort(ids.begin(), ids.end());
    for (int64_t id : ids)
      nodes.push_back(id);
    bool acc = problem.kind(d) == DeviceKind::Accelerator;
    json::Object o{{"kind", acc ? "accelerator" : "cpu"},
                   {"index", int64_t(acc ? d : d - problem.accelerators)},
                   {"load", s.evaluation.load[d]},
                   {"memory", s.evaluation.memory[d]},
                   {"nodes", std::move(nodes)}};
    if (stages)
      o["stage"] = int64_t(ids.empty() ? -1 : i);
    devices.push_back(std::move(o));
  }
  json::Array notes;
  for (const std::string &n : s.notes)
    notes.push_back(n);
  auto number = [](double v) -> json::Value {
    if (std::isfinite(v))
      return v;
    return nullptr;
  };
  json::Object root{
      {"objective", number(s.objective)},
      {"objective_kind",
       options.objective == Objective::Throughput ? "throughput" : "latency"},
      {"strategy", s.strategy},
      {"method", s.method},
      {"contiguous", options.contiguous},
      {"feasible", s.evaluation.feasible()},
      {"proven_optimal", s.provenOptimal},
      {"gap", number(s.gap)},
      {"lower_bound", number(s.lowerBound)},
      {"ideals", int64_t(s.ideals)},
      {"ideal_pairs", int64_t(s.pairVisits)},
      {"units", int64_t(s.units)},
      {"accelerators", int64_t(problem.accelerators)},
      {"cpus", int64_t(problem.cpus)},
      {"seconds", s.seconds},
      {"devices", std::move(devices)},
      {"notes", std::move(notes)}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", json::Value(std::move(root))) << "\n";
  return out;
}

std::string tofu::placement::solutionToTable(const Problem &problem,
                                             const Solution &s,
                                             const SolveOptions &options) {
  std::string out;
  llvm::raw_string_ostream os(out);
  bool stages = pipelined(s, options);
  os << llvm::formatv(
      "{0} = {1}  ({2}, {3}; {4}{5})\n",
      options.objective == Objective::Throughput ? "max load" : "latency",
      s.objective, s.strategy, s.method,
      s.provenOptimal ? "proven optimal" : "not proven optimal",
      std::isfinite(s.gap) ? llvm::formatv(", gap {0:P}", s.gap).str()
                           : std::string());
  os << llvm::formatv("{0} units, {1} ideals, {2} ideal pairs, {3:f3} s\n",
                      s.units, s.ideals, s.pairVisits, s.seconds);
  os << llvm::formatv("{0,5} {1,-12} {2,14} {3,14} {4,6}  {5}\n", "stage",
                      "device", "load", "memory", "nodes", "ids");
  std::vector<unsigned> order = deviceOrder(problem, s, stages);
  for (unsigned i = 0; i < order.size(); ++i) {
    unsigned d = order[i];
    std::vector<int64_t> ids;
    for (unsigned v = 0; v < problem.nodes.size(); ++v)
      if (s.placement.deviceOf[v] == d)
        ids.push_back(problem.nodes[v].id);
    std::sort(ids.begin(), ids.end());
    std::string list;
    for (unsigned j = 0; j < ids.size() && j < 8; ++j)
      list += (j ? " " : "") + std::to_string(ids[j]);
    if (ids.size() > 8)
      list += " ...";
    bool acc = problem.kind(d) == DeviceKind::Accelerator;
    std::string name = llvm::formatv("{0}{1}", acc ? "accel" : "cpu",
                                     acc ? d : d - problem.accelerators);
    std::string stage = stages && !ids.empty() ? std::to_string(i) : "-";
    os << llvm::formatv("{0,5} {1,-12} {2,14} {3,14} {4,6}  {5}\n", stage, name,
                        s.evaluation.load[d], s.evaluation.memory[d],
                        ids.size(), list);
  }
  for (const std::string &n : s.notes)
    os << "note: " << n << "\n";
  return out;
}
