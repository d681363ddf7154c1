//===- LevelOracles.cpp - Exact level solvers that check the library -----===//
//
// Two exact methods for a level problem, written independently of the solver
// library (lib/Solver): the frontier dynamic program the search ran on before
// the library, and the enumeration of every assignment (small graphs). The
// search's `exhaustive` strategy uses the second; SearchOptions::
// crossCheckFrontier and test/Partition/solver-vs-frontier.test hold the
// library's optima against the first.
//
//===----------------------------------------------------------------------===//

#include "LevelProblem.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::level;

unsigned level::frontierWidth(const Problem &p) {
  std::vector<int> lastUse(p.domain.size(), -1), firstUse(p.domain.size(), -1);
  for (auto [i, f] : llvm::enumerate(p.factors)) {
    SmallVector<int> vars{f.opVar};
    vars.append(f.slotVars.begin(), f.slotVars.end());
    for (int v : vars) {
      lastUse[v] = i;
      if (firstUse[v] < 0)
        firstUse[v] = i;
    }
  }
  // +1 where a variable enters the frontier, -1 after its last factor.
  std::vector<int> delta(p.factors.size() + 1, 0);
  for (unsigned v = 0; v < p.domain.size(); ++v)
    if (firstUse[v] >= 0 && lastUse[v] > firstUse[v]) {
      ++delta[firstUse[v]];
      --delta[lastUse[v]];
    }
  int width = 0, widest = 0;
  for (int d : delta)
    widest = std::max(widest, width += d);
  return widest;
}

Assignment level::solveDP(const Problem &p, unsigned beamWidth,
                          const std::vector<std::string> *debugNames) {
  unsigned numVars = p.domain.size();
  std::vector<int> lastUse(numVars, -1);
  for (auto [i, f] : llvm::enumerate(p.factors)) {
    lastUse[f.opVar] = i;
    for (int v : f.slotVars)
      lastUse[v] = i;
  }
  struct Step {
    SmallVector<int> newVars;
    std::vector<unsigned> parent;
    std::vector<uint8_t> newValues; // newVars.size() per state
  };
  std::vector<Step> steps(p.factors.size());
  SmallVector<int> frontier;
  std::vector<uint8_t> states{}; // frontier.size() per state
  std::vector<double> costs{0.0};
  Assignment result;
  result.value.assign(numVars, 0);
  std::vector<bool> inFrontier(numVars, false);
  std::vector<unsigned> value(numVars, 0);

  for (auto [fi, f] : llvm::enumerate(p.factors)) {
    Step &step = steps[fi];
    SmallVector<int> vars{f.opVar};
    vars.append(f.slotVars.begin(), f.slotVars.end());
    for (int v : frontier)
      inFrontier[v] = true;
    for (int v : vars)
      if (!inFrontier[v] && !llvm::is_contained(step.newVars, v))
        step.newVars.push_back(v);
    for (int v : frontier)
      inFrontier[v] = false;
    SmallVector<int> extended(frontier);
    extended.append(step.newVars.begin(), step.newVars.end());
    SmallVector<int> next;
    SmallVector<unsigned> keepPos;
    for (auto [i, v] : llvm::enumerate(extended))
      if (lastUse[v] > static_cast<int>(fi)) {
        next.push_back(v);
        keepPos.push_back(i);
      }

    uint64_t combos = 1;
    for (int v : step.newVars)
      combos *= p.domain[v].size();
    unsigned width = frontier.size(), nextWidth = next.size();
    std::vector<uint8_t> nextStates;
    std::vector<double> nextCosts;
    std::vector<unsigned> parents;
    std::vector<uint8_t> newValues;
    // Key: the next-frontier values packed into a string.
    llvm::StringMap<unsigned> index;
    SmallVector<uint8_t> ext(extended.size());
    std::string key(nextWidth, '\0');
    unsigned numStates = costs.size();
    for (unsigned s = 0; s < numStates; ++s) {
      for (unsigned i = 0; i < width; ++i) {
        ext[i] = states[s * width + i];
        value[frontier[i]] = ext[i];
      }
      for (uint64_t c = 0; c < combos; ++c) {
        uint64_t rest = c;
        for (auto [j, v] : llvm::enumerate(step.newVars)) {
          unsigned n = p.domain[v].size();
          ext[width + j] = rest % n;
          value[v] = rest % n;
          rest /= n;
        }
        double cost = costs[s] + evalFactor(p, f, value);
        for (unsigned i = 0; i < nextWidth; ++i)
          key[i] = static_cast<char>(ext[keepPos[i]]);
        auto [it, inserted] = index.try_emplace(key, nextCosts.size());
        if (inserted) {
          for (unsigned i = 0; i < nextWidth; ++i)
            nextStates.push_back(ext[keepPos[i]]);
          nextCosts.push_back(cost);
          parents.push_back(s);
          for (unsigned j = 0; j < step.newVars.size(); ++j)
            newValues.push_back(ext[width + j]);
          continue;
        }
        unsigned k = it->second;
        if (cost < nextCosts[k]) {
          nextCosts[k] = cost;
          parents[k] = s;
          for (unsigned j = 0; j < step.newVars.size(); ++j)
            newValues[k * step.newVars.size() + j] = ext[width + j];
        }
      }
    }
    if (debugNames && nextWidth > result.widestFrontier) {
      llvm::errs() << "frontier " << nextWidth << " after factor " << fi << ":";
      for (int v : next)
        llvm::errs() << " " << (*debugNames)[v];
      llvm::errs() << "\n";
    }
    result.maxStates = std::max<uint64_t>(result.maxStates, nextCosts.size());
    result.widestFrontier =
        std::max<unsigned>(result.widestFrontier, nextWidth);
    if (nextCosts.size() > beamWidth) {
      // Keep the cheapest states (ties by insertion order, deterministic).
      std::vector<unsigned> idx(nextCosts.size());
      std::iota(idx.begin(), idx.end(), 0);
      std::stable_sort(idx.begin(), idx.end(), [&](unsigned a, unsigned b) {
        return nextCosts[a] < nextCosts[b];
      });
      idx.resize(beamWidth);
      std::sort(idx.begin(), idx.end());
      std::vector<uint8_t> s2, v2;
      std::vector<double> c2;
      std::vector<unsigned> p2;
      unsigned nv = step.newVars.size();
      for (unsigned k : idx) {
        s2.insert(s2.end(), nextStates.begin() + k * nextWidth,
                  nextStates.begin() + (k + 1) * nextWidth);
        c2.push_back(nextCosts[k]);
        p2.push_back(parents[k]);
        v2.insert(v2.end(), newValues.begin() + k * nv,
                  newValues.begin() + (k + 1) * nv);
      }
      nextStates = std::move(s2);
      nextCosts = std::move(c2);
      parents = std::move(p2);
      newValues = std::move(v2);
      result.approximate = true;
    }
    step.parent = std::move(parents);
    step.newValues = std::move(newValues);
    frontier = std::move(next);
    states = std::move(nextStates);
    costs = std::move(nextCosts);
  }
  // The frontier is empty now: one state.
  unsigned best = 0;
  for (unsigned s = 1; s < costs.size(); ++s)
    if (costs[s] < costs[best])
      best = s;
  result.cost = costs.empty() ? 0 : costs[best];
  for (int fi = static_cast<int>(steps.size()) - 1; fi >= 0; --fi) {
    Step &step = steps[fi];
    unsigned nv = step.newVars.size();
    for (unsigned j = 0; j < nv; ++j)
      result.value[step.newVars[j]] = step.newValues[best * nv + j];
    best = step.parent[best];
  }
  return result;
}

FailureOr<Assignment> level::solveExhaustive(const Problem &p, uint64_t limit,
                                             std::string &error) {
  std::vector<unsigned> uses(p.domain.size(), 0);
  for (const Factor &f : p.factors) {
    ++uses[f.opVar];
    for (int v : f.slotVars)
      uses[v] = std::max(uses[v], 1u);
  }
  SmallVector<int> vars;
  double combos = 1;
  for (unsigned v = 0; v < p.domain.size(); ++v) {
    bool enumerate = v < p.numTensorVars ? uses[v] > 0 : uses[v] > 1;
    if (!enumerate)
      continue;
    vars.push_back(v);
    combos *= p.domain[v].size();
  }
  if (combos > static_cast<double>(limit)) {
    error = "exhaustive search would enumerate " +
            std::to_string(static_cast<uint64_t>(combos)) +
            " assignments at one level (limit " + std::to_string(limit) +
            "); use it on smaller graphs";
    return failure();
  }
  Assignment best;
  best.value.assign(p.domain.size(), 0);
  best.cost = std::numeric_limits<double>::infinity();
  std::vector<unsigned> value(p.domain.size(), 0);
  uint64_t total = static_cast<uint64_t>(combos);
  for (uint64_t c = 0; c < total; ++c) {
    uint64_t rest = c;
    for (int v : vars) {
      value[v] = rest % p.domain[v].size();
      rest /= p.domain[v].size();
    }
    double cost = 0;
    for (const Factor &f : p.factors) {
      if (uses[f.opVar] > 1) {
        cost += evalFactor(p, f, value);
        continue;
      }
      double lo = std::numeric_limits<double>::infinity();
      for (unsigned s = 0; s < p.domain[f.opVar].size(); ++s) {
        value[f.opVar] = s;
        double x = evalFactor(p, f, value);
        lo = std::min(lo, x);
      }
      cost += lo;
    }
    if (cost < best.cost) {
      best.cost = cost;
      // Record the argmin of every locally minimised op class.
      for (const Factor &f : p.factors) {
        if (uses[f.opVar] > 1)
          continue;
        double lo = std::numeric_limits<double>::infinity();
        for (unsigned s = 0; s < p.domain[f.opVar].size(); ++s) {
          value[f.opVar] = s;
          double x = evalFactor(p, f, value);
          if (x < lo) {
            lo = x;
            best.value[f.opVar] = s;
          }
        }
      }
      for (int v : vars)
        best.value[v] = value[v];
    }
  }
  return best;
}
