//===- Milp.cpp - Integer programs for placement (CBC) --------------------===//

#include "Tofu/Placement/Milp.h"

#include "llvm/Support/FormatVariadic.h"

#include "CbcModel.hpp"
#include "CbcSolver.hpp"
#include "CoinPackedMatrix.hpp"
#include "CoinPackedVector.hpp"
#include "OsiClpSolverInterface.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <unistd.h>

using namespace tofu::placement;

namespace {

/// A linear program under construction: columns with bounds and integrality,
/// rows as sparse terms with bounds.
class Model {
public:
  int var(double lb, double ub, bool integer, double obj = 0) {
    lower.push_back(lb);
    upper.push_back(ub);
    isInteger.push_back(integer);
    objective.push_back(obj);
    return lower.size() - 1;
  }
  void row(const std::vector<std::pair<int, double>> &terms, double lo,
           double hi) {
    rows.push_back(terms);
    rowLower.push_back(lo);
    rowUpper.push_back(hi);
  }
  int numVars() const { return lower.size(); }

  struct Outcome {
    bool solved = false, infeasible = false, optimal = false;
    double objective = kInfinity, bound = 0;
    std::vector<double> values;
    std::string status;
  };

  /// CBC 2.10's preprocessing and Clp's presolve crash (in
  /// CglPreProcess::postProcess, ClpPresolve) on some big-M latency models;
  /// those solve with both off.
  Outcome solve(const MilpOptions &options, const std::vector<double> *start,
                bool preprocess = true) const {
    OsiClpSolverInterface si;
    CoinPackedMatrix matrix(false, 0, 0);
    matrix.setDimensions(0, numVars());
    for (const auto &terms : rows) {
      // Merge repeated columns: CoinPackedVector rejects duplicates.
      std::map<int, double> merged;
      for (auto [c, v] : terms)
        merged[c] += v;
      CoinPackedVector vec;
      for (auto [c, v] : merged)
        if (v != 0)
          vec.insert(c, v);
      matrix.appendRow(vec);
    }
    std::vector<double> rl(rowLower), ru(rowUpper);
    for (double &v : rl)
      if (v == -kInfinity)
        v = -COIN_DBL_MAX;
    for (double &v : ru)
      if (v == kInfinity)
        v = COIN_DBL_MAX;
    std::vector<double> cu(upper);
    for (double &v : cu)
      if (v == kInfinity)
        v = COIN_DBL_MAX;
    si.loadProblem(matrix, lower.data(), cu.data(), objective.data(), rl.data(),
                   ru.data());
    for (int i = 0; i < numVars(); ++i) {
      if (isInteger[i])
        si.setInteger(i);
      si.setColName(i, "c" + std::to_string(i));
    }
    // Clp's presolve copies row names whenever column names exist (the MIP
    // start needs those); without row names it reads past the end.
    for (int i = 0; i < int(rows.size()); ++i)
      si.setRowName(i, "r" + std::to_string(i));
    si.messageHandler()->setLogLevel(0);

    CbcModel model(si);
    model.setLogLevel(0);
    model.messageHandler()->setLogLevel(0);
    CbcSolverUsefulData data;
    data.noPrinting_ = true;
    CbcMain0(model, data);
    data.noPrinting_ = true;
    if (start) {
      std::vector<std::pair<std::string, double>> mip;
      for (int i = 0; i < numVars(); ++i)
        if (isInteger[i])
          mip.emplace_back("c" + std::to_string(i), (*start)[i]);
      model.setMIPStart(mip);
    }
    char seconds[32], gap[32];
    snprintf(seconds, sizeof(seconds), "%g", options.timeLimitSeconds);
    snprintf(gap, sizeof(gap), "%g", options.relativeGap);
    const char *argv[] = {"tofu-place",
                          "-log",
                          "0",
                          "-sec",
                          seconds,
                          "-ratioGap",
                          gap,
                          "-preprocess",
                          preprocess ? "on" : "off",
                          "-presolve",
                          preprocess ? "on" : "off",
                          "-solve",
                          "-quit"};
    // CBC's driver writes its banner to stdout; keep stdout for our JSON.
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    FILE *devNull = fopen("/dev/null", "w");
    if (devNull)
      dup2(fileno(devNull), STDOUT_FILENO);
    CbcMain1(
        sizeof(argv) / sizeof(argv[0]), argv, model,
        [](CbcModel *, int) { return 0; }, data);
    fflush(stdout);
    if (saved >= 0) {
      dup2(saved, STDOUT_FILENO);
      close(saved);
    }
    if (devNull)
      fclose(devNull);

    Outcome out;
    out.infeasible = model.isProvenInfeasible();
    if (const double *best = model.bestSolution()) {
      out.solved = true;
      out.values.assign(best, best + numVars());
      out.objective = model.getObjValue();
    }
    out.optimal = out.solved && model.isProvenOptimal();
    out.bound = model.getBestPossibleObjValue();
    if (out.optimal)
      out.bound = std::max(std::min(out.bound, out.objective),
                           out.objective * (1 - options.relativeGap));
    out.status = out.optimal      ? "optimal"
                 : out.infeasible ? "infeasible"
                 : out.solved     ? "time limit, feasible"
                                  : "time limit, no solution";
    return out;
  }

private:
  std::vector<double> lower, upper, objective;
  std::vector<bool> isInteger;
  std::vector<std::vector<std::pair<int, double>>> rows;
  std::vector<double> rowLower, rowUpper;
};

/// Devices grouped into interchangeable types (CPUs; accelerators of equal
/// speed).
struct Type {
  bool cpu;
  double speed;
  std::vector<unsigned> devices;
};

std::vector<Type> types(const Problem &problem) {
  std::vector<Type> out;
  for (unsigned d = 0; d < problem.accelerators; ++d) {
    double s = problem.speed(d);
    auto it = std::find_if(out.begin(), out.end(), [&](const Type &t) {
      return !t.cpu && t.speed == s;
    });
    if (it == out.end()) {
      out.push_back({false, s, {}});
      it = std::prev(out.end());
    }
    it->devices.push_back(d);
  }
  if (problem.cpus) {
    out.push_back({true, 1, {}});
    for (unsigned d = problem.accelerators; d < problem.numDevices(); ++d)
      out.back().devices.push_back(d);
  }
  return out;
}

/// Original nodes whose output leaves their unit, with the other units
/// that receive it.
struct Output {
  unsigned node;
  unsigned unit;
  double cost;
  std::vector<unsigned> receivers;
};

std::vector<Output> crossingOutputs(const Problem &problem,
                                    const UnitGraph &units, bool keepFree) {
  std::vector<double> cost = outgoingCosts(problem);
  std::vector<std::set<unsigned>> receivers(problem.nodes.size());
  for (const Edge &e : problem.edges) {
    unsigned a = units.unitOf[e.source], b = units.unitOf[e.dest];
    if (a != b)
      receivers[e.source].insert(b);
  }
  std::vector<Output> out;
  for (unsigned p = 0; p < problem.nodes.size(); ++p)
    if (!receivers[p].empty() && (keepFree || cost[p] > 0))
      out.push_back({p,
                     units.unitOf[p],
                     cost[p],
                     {receivers[p].begin(), receivers[p].end()}});
  return out;
}

enum class Goal { Throughput, Memory };

MilpResult finish(const Problem &problem, const UnitGraph &units,
                  const Model::Outcome &o,
                  const std::vector<std::vector<int>> &unitVars,
                  const std::vector<std::vector<unsigned>> &unitVarDevice,
                  const MilpOptions &options) {
  MilpResult r;
  r.solved = o.solved;
  r.infeasible = o.infeasible;
  r.provenOptimal = o.optimal;
  r.objective = o.objective;
  r.bound = o.bound;
  r.status = o.status;
  if (o.solved) {
    std::vector<unsigned> deviceOfUnit(units.numUnits(), 0);
    for (unsigned u = 0; u < units.numUnits(); ++u) {
      double best = -1;
      for (unsigned i = 0; i < unitVars[u].size(); ++i)
        if (o.values[unitVars[u][i]] > best) {
          best = o.values[unitVars[u][i]];
          deviceOfUnit[u] = unitVarDevice[u][i];
        }
    }
    r.placement = expand(units, deviceOfUnit);
    double denom = std::max(std::abs(r.objective), 1e-12);
    r.gap = std::max(0.0, (r.objective - r.bound) / denom);
    if (r.provenOptimal && r.gap <= options.relativeGap * (1 + 1e-9))
      r.gap = std::max(0.0, r.gap);
  }
  return r;
}

/// CBC's "optimal" is withdrawn when a coefficient of the loads is so large
/// next to the objective that its tolerances cannot resolve the loads (see
/// kUnresolvableCoefficientRatio); the placement stays, unproven, and the
/// status says why.
void distrustWideRange(MilpResult &r, double largestCoefficient) {
  // An objective CBC rounded to 0 next to a nonzero coefficient is not
  // trusted either.
  if (!r.solved ||
      largestCoefficient <= kUnresolvableCoefficientRatio * r.objective)
    return;
  bool wasOptimal = r.provenOptimal;
  r.provenOptimal = false;
  r.bound = 0;
  r.gap = 1;
  r.status = llvm::formatv("{0}; not trusted: a coefficient of {1:e} is over "
                           "{2:e} times the objective {3}, beyond what CBC's "
                           "tolerances resolve",
                           wasOptimal ? "CBC claims optimal" : r.status,
                           largestCoefficient, kUnresolvableCoefficientRatio,
                           r.objective)
                 .str();
}

/// The throughput (or memory) program over units: y[u][p][t] places unit u
/// on position p of type t (contiguous: positions in pipeline order whose
/// types are variables) or on device p of type t (otherwise, with the
/// devices of a type symmetry-broken by their smallest unit).
class ThroughputModel {
public:
  ThroughputModel(const Problem &problem, const UnitGraph &units,
                  bool contiguous, Goal goal)
      : problem(problem), units(units), contiguous(contiguous), goal(goal),
        ts(types(problem)), n(units.numUnits()),
        numDevices(problem.numDevices()), P(numDevices) {}

  MilpResult solve(const MilpOptions &options) {
    if (goal == Goal::Throughput && options.upperBound < kInfinity)
      clampAt = options.upperBound > 0 ? 2 * options.upperBound : 1;
    T = m.var(0, kInfinity, false, 1);
    kindVar.assign(P, std::vector<int>(ts.size(), -1));
    if (contiguous)
      addPositionTypes();
    addAssignment();
    if (contiguous)
      addPipelineOrder();
    std::vector<Output> outputs;
    if (goal == Goal::Throughput)
      outputs = crossingOutputs(problem, units, false);
    for (unsigned p = 0; p < P; ++p)
      addDeviceRows(p, outputs);
    addLoadRows();

    std::vector<double> startValues;
    const std::vector<double> *start = nullptr;
    if (options.start && !contiguous && mapStart(*options.start, startValues))
      start = &startValues;
    Model::Outcome o = m.solve(options, start);
    o.objective *= loadScale;
    o.bound *= loadScale;
    std::vector<std::vector<unsigned>> unitVarDevice(n);
    if (o.solved)
      unitVarDevice = devicesOfUnitVars(o);
    MilpResult r = finish(problem, units, o, unitVars, unitVarDevice, options);
    distrustWideRange(r, largestLoadTerm);
    return r;
  }

private:
  using Terms = std::vector<std::pair<int, double>>;

  /// A load coefficient as the program takes it (see
  /// MilpOptions::upperBound); the largest one taken is kept.
  double clamped(double coefficient) {
    double c = std::min(coefficient, clampAt);
    largestLoadTerm = std::max(largestLoadTerm, c);
    return c;
  }

  /// Contiguous: one type per position, and as many positions of a type as
  /// it has devices.
  void addPositionTypes() {
    for (unsigned p = 0; p < P; ++p) {
      Terms one;
      for (unsigned t = 0; t < ts.size(); ++t) {
        kindVar[p][t] = m.var(0, 1, true);
        one.emplace_back(kindVar[p][t], 1);
      }
      m.row(one, 1, 1);
    }
    for (unsigned t = 0; t < ts.size(); ++t) {
      Terms cnt;
      for (unsigned p = 0; p < P; ++p)
        cnt.emplace_back(kindVar[p][t], 1);
      m.row(cnt, ts[t].devices.size(), ts[t].devices.size());
    }
  }

  /// The y variables and each unit on exactly one slot. Non-contiguous, the
  /// j-th device of a type only takes units from the j-th on (symmetry
  /// breaking); contiguous, a unit goes only where the position's type is.
  void addAssignment() {
    auto canGo = [&](unsigned u, unsigned t) {
      return ts[t].cpu || units.acceleratorSupported[u];
    };
    y.assign(n,
             std::vector<std::vector<int>>(P, std::vector<int>(ts.size(), -1)));
    unitVars.assign(n, {});
    unitVarSlot.assign(n, {});
    typeOfDevice.assign(numDevices, 0);
    rankInType.assign(numDevices, 0);
    for (unsigned t = 0; t < ts.size(); ++t)
      for (unsigned j = 0; j < ts[t].devices.size(); ++j) {
        typeOfDevice[ts[t].devices[j]] = t;
        rankInType[ts[t].devices[j]] = j;
      }
    for (unsigned u = 0; u < n; ++u) {
      Terms assign;
      for (unsigned p = 0; p < P; ++p)
        for (unsigned t = 0; t < ts.size(); ++t) {
          if (!canGo(u, t))
            continue;
          if (!contiguous) {
            if (typeOfDevice[p] != t || rankInType[p] > u)
              continue;
          }
          int v = m.var(0, 1, true);
          y[u][p][t] = v;
          assign.emplace_back(v, 1);
          unitVars[u].push_back(v);
          unitVarSlot[u].push_back(p * ts.size() + t);
          if (contiguous)
            m.row({{v, 1}, {kindVar[p][t], -1}}, -kInfinity, 0);
        }
      m.row(assign, 1, 1);
    }
  }

  /// x[u][p] (unit u on position/device p, any type) as a list of terms.
  Terms x(unsigned u, unsigned p) const {
    Terms terms;
    for (unsigned t = 0; t < ts.size(); ++t)
      if (y[u][p][t] >= 0)
        terms.emplace_back(y[u][p][t], 1);
    return terms;
  }

  /// Contiguous: a unit's position is at most each successor's.
  void addPipelineOrder() {
    for (unsigned u = 0; u < n; ++u)
      for (unsigned v : units.succs[u]) {
        Terms terms;
        for (unsigned p = 1; p < P; ++p) {
          for (auto [c, w] : x(u, p))
            terms.emplace_back(c, double(p));
          for (auto [c, w] : x(v, p))
            terms.emplace_back(c, -double(p));
        }
        m.row(terms, -kInfinity, 0);
      }
  }

  /// Position/device p's load bounded by T (throughput, with its memory
  /// limit) or its accelerator memory bounded by T (memory).
  void addDeviceRows(unsigned p, const std::vector<Output> &outputs) {
    bool anyAccelerator = problem.accelerators > 0;
    // Is p an accelerator? Fixed for devices, a variable for positions.
    bool fixedCpu = !contiguous && ts[typeOfDevice[p]].cpu;
    Terms accTerms; // A[p] as terms
    double accConst = 0;
    if (contiguous) {
      for (unsigned t = 0; t < ts.size(); ++t)
        if (!ts[t].cpu)
          accTerms.emplace_back(kindVar[p][t], 1);
    } else if (!fixedCpu) {
      accConst = 1;
    }
    Terms loadRow, memRow;
    for (unsigned u = 0; u < n; ++u)
      for (unsigned t = 0; t < ts.size(); ++t) {
        if (y[u][p][t] < 0)
          continue;
        if (goal == Goal::Throughput) {
          double time = ts[t].cpu ? units.cpuTime[u]
                                  : units.acceleratorTime[u] / ts[t].speed;
          loadRow.emplace_back(y[u][p][t], clamped(time));
        }
        if (!ts[t].cpu)
          memRow.emplace_back(y[u][p][t], units.size[u]);
      }
    if (goal == Goal::Throughput && anyAccelerator && !fixedCpu)
      addTransfers(p, outputs, accTerms, accConst, loadRow);
    if (goal == Goal::Throughput) {
      loadRows.push_back(std::move(loadRow));
      if (!memRow.empty() && problem.acceleratorMemory < kInfinity)
        m.row(memRow, -kInfinity, problem.acceleratorMemory);
    } else if (!memRow.empty()) {
      memRow.emplace_back(T, -1);
      m.row(memRow, -kInfinity, 0);
    }
  }

  /// The rows load <= T, in units of the largest load coefficient S: the
  /// program's T is the max load over S, and terms are c / S. Unscaled, a
  /// row of a 1e16 transfer beside times of 1 and T's coefficient of 1 spans
  /// a range CBC cannot take: its probing asserts (CglProbing.cpp `up>down`,
  /// found by tools/tofu-fuzz/placement-json-fuzzer). The smallest terms of
  /// a row are dropped while their sum stays within kDroppedLoadFraction of
  /// S: CBC's answer is trusted only when S is at most
  /// kUnresolvableCoefficientRatio times the objective (distrustWideRange),
  /// so what is dropped is under 1e-9 of a trusted objective.
  void addLoadRows() {
    constexpr double kDroppedLoadFraction = 1e-12;
    loadScale = largestLoadTerm > 0 ? largestLoadTerm : 1;
    for (Terms &row : loadRows) {
      std::sort(row.begin(), row.end(), [](const auto &a, const auto &b) {
        return a.second < b.second;
      });
      double dropped = 0;
      Terms scaled;
      for (auto [column, coefficient] : row) {
        if (dropped + coefficient <= kDroppedLoadFraction * loadScale) {
          dropped += coefficient;
          continue;
        }
        scaled.emplace_back(column, coefficient / loadScale);
      }
      scaled.emplace_back(T, -1);
      m.row(scaled, -kInfinity, 0);
    }
  }

  /// An accelerator pays for each crossing output it sends or receives:
  /// out/in are forced to 1 where p (an accelerator, A[p] = accTerms +
  /// accConst) holds the producer but not a receiver, or the reverse.
  void addTransfers(unsigned p, const std::vector<Output> &outputs,
                    const Terms &accTerms, double accConst, Terms &loadRow) {
    for (const Output &o : outputs) {
      int out = m.var(0, 1, false), in = m.var(0, 1, false);
      auto xu = x(o.unit, p);
      for (unsigned r : o.receivers) {
        auto xr = x(r, p);
        // out >= x[U] - x[V] - (1 - A[p]);  in >= x[V] - x[U] - (1 - A[p])
        Terms rowOut{{out, 1}}, rowIn{{in, 1}};
        for (auto [c, w] : xu) {
          rowOut.emplace_back(c, -1);
          rowIn.emplace_back(c, 1);
        }
        for (auto [c, w] : xr) {
          rowOut.emplace_back(c, 1);
          rowIn.emplace_back(c, -1);
        }
        for (auto [c, w] : accTerms) {
          rowOut.emplace_back(c, -1);
          rowIn.emplace_back(c, -1);
        }
        m.row(rowOut, accConst - 1, kInfinity);
        m.row(rowIn, accConst - 1, kInfinity);
      }
      loadRow.emplace_back(out, clamped(o.cost));
      loadRow.emplace_back(in, clamped(o.cost));
    }
  }

  /// Maps the start placement onto the symmetry-broken variables: relabels
  /// the devices of each type in order of their smallest unit. False when
  /// the start does not fit the variables.
  bool mapStart(const Placement &startPlacement,
                std::vector<double> &startValues) const {
    std::vector<unsigned> deviceOfUnit(n);
    for (unsigned u = 0; u < n; ++u)
      deviceOfUnit[u] = startPlacement.deviceOf[units.nodesOf[u].front()];
    std::vector<int> relabel(numDevices, -1);
    std::vector<unsigned> nextRank(ts.size(), 0);
    bool ok = true;
    startValues.assign(m.numVars(), 0);
    for (unsigned u = 0; u < n && ok; ++u) {
      unsigned d = deviceOfUnit[u];
      unsigned t = typeOfDevice[d];
      if (relabel[d] < 0)
        relabel[d] = ts[t].devices[nextRank[t]++];
      unsigned p = relabel[d];
      if (y[u][p][t] < 0)
        ok = false;
      else
        startValues[y[u][p][t]] = 1;
    }
    return ok;
  }

  /// The concrete device of each unit variable. Positions become devices:
  /// the j-th position of type t in pipeline order is that type's j-th
  /// device.
  std::vector<std::vector<unsigned>>
  devicesOfUnitVars(const Model::Outcome &o) const {
    std::vector<unsigned> deviceOfSlot(P * ts.size(), 0);
    if (contiguous) {
      std::vector<unsigned> next(ts.size(), 0);
      for (unsigned p = 0; p < P; ++p)
        for (unsigned t = 0; t < ts.size(); ++t)
          if (o.values[kindVar[p][t]] > 0.5) {
            unsigned d = ts[t].devices[std::min<unsigned>(
                next[t]++, ts[t].devices.size() - 1)];
            for (unsigned t2 = 0; t2 < ts.size(); ++t2)
              deviceOfSlot[p * ts.size() + t2] = d;
          }
    } else {
      for (unsigned p = 0; p < P; ++p)
        for (unsigned t = 0; t < ts.size(); ++t)
          deviceOfSlot[p * ts.size() + t] = p;
    }
    std::vector<std::vector<unsigned>> unitVarDevice(n);
    for (unsigned u = 0; u < n; ++u)
      for (unsigned slot : unitVarSlot[u])
        unitVarDevice[u].push_back(deviceOfSlot[slot]);
    return unitVarDevice;
  }

  const Problem &problem;
  const UnitGraph &units;
  const bool contiguous;
  const Goal goal;
  const std::vector<Type> ts;
  const unsigned n, numDevices;
  /// Positions (contiguous) or devices (otherwise).
  const unsigned P;
  Model m;
  /// The objective: max load (throughput) or max memory.
  int T = -1;
  double clampAt = kInfinity;
  double largestLoadTerm = 0;
  /// Each device's load terms (throughput), and the S of addLoadRows.
  std::vector<Terms> loadRows;
  double loadScale = 1;
  /// kindVar[p][t]: position p has type t (contiguous only).
  std::vector<std::vector<int>> kindVar;
  std::vector<std::vector<std::vector<int>>> y;
  std::vector<std::vector<int>> unitVars;
  std::vector<std::vector<unsigned>> unitVarSlot;
  std::vector<unsigned> typeOfDevice, rankInType;
};

MilpResult throughputModel(const Problem &problem, const UnitGraph &units,
                           bool contiguous, Goal goal,
                           const MilpOptions &options) {
  return ThroughputModel(problem, units, contiguous, goal).solve(options);
}

} // namespace

MilpResult tofu::placement::solveThroughputMilp(const Problem &problem,
                                                const UnitGraph &units,
                                                bool contiguous,
                                                const MilpOptions &options) {
  return throughputModel(problem, units, contiguous, Goal::Throughput, options);
}

MilpResult tofu::placement::smallestMemoryMilp(const Problem &problem,
                                               const UnitGraph &units,
                                               bool contiguous,
                                               const MilpOptions &options) {
  MilpOptions o = options;
  o.start.reset();
  return throughputModel(problem, units, contiguous, Goal::Memory, o);
}

MilpResult tofu::placement::solveLatencyMilp(const Problem &problem,
                                             const UnitGraph &units,
                                             const MilpOptions &options) {
  Model m;
  unsigned n = units.numUnits();
  unsigned k = problem.accelerators;
  bool cpu = problem.cpus > 0;
  // Slots: accelerators 0..k-1, then the CPU pool (device k) if any.
  unsigned slots = k + (cpu ? 1 : 0);
  double bigM = 0;
  std::vector<double> cost = outgoingCosts(problem);
  double minSpeed = kInfinity;
  for (unsigned d = 0; d < k; ++d)
    minSpeed = std::min(minSpeed, problem.speed(d));
  for (const Node &nd : problem.nodes)
    bigM += nd.cpuTime + (k ? nd.acceleratorTime / minSpeed : 0);
  for (double c : cost)
    bigM += 2 * c * std::max(1u, k);
  bigM = bigM * 1.01 + 1;

  int L = m.var(0, kInfinity, false, 1);
  std::vector<std::vector<int>> x(n, std::vector<int>(slots, -1));
  std::vector<std::vector<int>> unitVars(n);
  std::vector<std::vector<unsigned>> unitVarDevice(n);
  std::vector<unsigned> rank(k, 0);
  for (unsigned d = 0; d < k; ++d)
    for (unsigned e = 0; e < d; ++e)
      if (problem.speed(e) == problem.speed(d))
        ++rank[d];
  for (unsigned u = 0; u < n; ++u) {
    std::vector<std::pair<int, double>> assign;
    for (unsigned s = 0; s < slots; ++s) {
      bool isCpu = s == k;
      if (!isCpu && (!units.acceleratorSupported[u] || rank[s] > u))
        continue;
      x[u][s] = m.var(0, 1, true);
      assign.emplace_back(x[u][s], 1);
      unitVars[u].push_back(x[u][s]);
      unitVarDevice[u].push_back(isCpu ? problem.accelerators : s);
    }
    m.row(assign, 1, 1);
  }
  std::vector<int> lat(problem.nodes.size());
  for (unsigned v = 0; v < problem.nodes.size(); ++v) {
    lat[v] = m.var(0, kInfinity, false);
    m.row({{L, 1}, {lat[v], -1}}, 0, kInfinity);
    if (cpu)
      m.row({{lat[v], 1}, {x[units.unitOf[v]][k], -problem.nodes[v].cpuTime}},
            0, kInfinity);
  }
  for (const Edge &e : problem.edges) {
    std::vector<std::pair<int, double>> r{{lat[e.dest], 1},
                                          {lat[e.source], -1}};
    if (cpu)
      r.emplace_back(x[units.unitOf[e.dest]][k],
                     -problem.nodes[e.dest].cpuTime);
    m.row(r, 0, kInfinity);
  }
  std::vector<Output> outputs = crossingOutputs(problem, units, true);
  for (unsigned d = 0; d < k; ++d) {
    int start = m.var(0, kInfinity, false), fin = m.var(0, kInfinity, false);
    std::vector<std::pair<int, double>> load{{fin, 1}, {start, -1}}, mem;
    for (unsigned u = 0; u < n; ++u)
      if (x[u][d] >= 0) {
        load.emplace_back(x[u][d],
                          -units.acceleratorTime[u] / problem.speed(d));
        mem.emplace_back(x[u][d], units.size[u]);
        for (unsigned v : units.nodesOf[u])
          // lat[v] >= fin - M (1 - x[u][d])
          m.row({{lat[v], 1}, {fin, -1}, {x[u][d], -bigM}}, -bigM, kInfinity);
      }
    for (const Output &o : outputs) {
      int out = m.var(0, 1, false), in = m.var(0, 1, false);
      auto term = [&](unsigned u) { return x[u][d]; };
      for (unsigned r : o.receivers) {
        std::vector<std::pair<int, double>> ro{{out, 1}}, ri{{in, 1}};
        if (term(o.unit) >= 0) {
          ro.emplace_back(term(o.unit), -1);
          ri.emplace_back(term(o.unit), 1);
        }
        if (term(r) >= 0) {
          ro.emplace_back(term(r), 1);
          ri.emplace_back(term(r), -1);
        }
        m.row(ro, 0, kInfinity);
        m.row(ri, 0, kInfinity);
      }
      if (o.cost > 0) {
        load.emplace_back(out, -o.cost);
        load.emplace_back(in, -o.cost);
      }
      // start >= lat[p] - M (1 - in)
      m.row({{start, 1}, {lat[o.node], -1}, {in, -bigM}}, -bigM, kInfinity);
    }
    m.row(load, 0, 0);
    if (problem.acceleratorMemory < kInfinity && !mem.empty())
      m.row(mem, -kInfinity, problem.acceleratorMemory);
  }
  Model::Outcome o = m.solve(options, nullptr);
  MilpResult r = finish(problem, units, o, unitVars, unitVarDevice, options);
  distrustWideRange(r, bigM);
  return r;
}
