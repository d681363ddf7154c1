//===- IdealDP.cpp - Exact throughput DP over ideals ----------------------===//
//
// The ideals are enumerated level by level (by size), so ideal ids follow
// set inclusion (a subset always has a smaller id) and only two levels of
// bit sets are alive at a time; what stays is the covering relation of the
// lattice, "I minus one of its maximal units is J", in CSR form. The DP then
// walks, for every ideal I, the sub-ideals J below it depth first along that
// relation, adding one unit to I \ J per step and keeping compute, memory
// and communication of I \ J up to date in time proportional to the unit's
// degree.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Placement/IdealDP.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace tofu::placement;

namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

struct Lattice {
  bool complete = false;
  std::string reason;
  uint64_t numIdeals = 0;
  /// Covering relation: for ideal I, entries [offset[I], offset[I+1]) give
  /// (unit removed, resulting ideal).
  std::vector<uint64_t> offset;
  std::vector<uint32_t> removedUnit, subIdeal;
};

/// Open-addressing set of fixed-width bit sets stored in an arena.
class BitSetTable {
public:
  explicit BitSetTable(unsigned words) : words(words), slots(1024, kNone) {}

  /// Returns the index of `set`, inserting it (and growing) if new; `isNew`
  /// says which.
  uint32_t findOrInsert(const uint64_t *set, bool &isNew) {
    if ((count + 1) * 2 > slots.size())
      grow();
    uint64_t h = hash(set);
    size_t mask = slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      if (slots[i] == kNone) {
        slots[i] = count;
        arena.insert(arena.end(), set, set + words);
        isNew = true;
        return count++;
      }
      if (std::equal(set, set + words, &arena[uint64_t(slots[i]) * words])) {
        isNew = false;
        return slots[i];
      }
    }
  }
  const uint64_t *get(uint32_t index) const {
    return &arena[uint64_t(index) * words];
  }
  uint32_t size() const { return count; }

private:
  uint64_t hash(const uint64_t *set) const {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (unsigned w = 0; w < words; ++w) {
      h ^= set[w] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
      h *= 0xff51afd7ed558ccdull;
    }
    return h ^ (h >> 33);
  }
  void grow() {
    std::vector<uint32_t> old(slots.size() * 2, kNone);
    old.swap(slots);
    size_t mask = slots.size() - 1;
    for (uint32_t idx = 0; idx < count; ++idx) {
      uint64_t h = hash(get(idx));
      size_t i = h & mask;
      while (slots[i] != kNone)
        i = (i + 1) & mask;
      slots[i] = idx;
    }
  }

  unsigned words;
  std::vector<uint32_t> slots;
  std::vector<uint64_t> arena;
  uint32_t count = 0;
};

Lattice buildLattice(const UnitGraph &units, uint64_t maxIdeals) {
  Lattice lat;
  unsigned n = units.numUnits();
  unsigned words = std::max(1u, (n + 63) / 64);
  auto test = [](const uint64_t *s, unsigned v) {
    return (s[v / 64] >> (v % 64)) & 1;
  };
  // Level 0: the empty ideal; its frontier is the units without predecessors.
  std::vector<uint64_t> sets(words, 0), frontiers(words, 0);
  for (unsigned v = 0; v < n; ++v)
    if (units.preds[v].empty())
      frontiers[v / 64] |= uint64_t(1) << (v % 64);
  uint64_t levelStart = 0, levelSize = 1;
  lat.numIdeals = 1;
  lat.offset = {0, 0};
  std::vector<uint64_t> scratch(words);
  while (true) {
    BitSetTable next(words);
    std::vector<uint64_t> nextFrontiers;
    struct Cover {
      uint32_t local, unit, parent;
    };
    std::vector<Cover> covers;
    for (uint64_t i = 0; i < levelSize; ++i) {
      const uint64_t *set = &sets[i * words];
      const uint64_t *front = &frontiers[i * words];
      for (unsigned w = 0; w < words; ++w) {
        for (uint64_t bits = front[w]; bits; bits &= bits - 1) {
          unsigned v = w * 64 + __builtin_ctzll(bits);
          std::copy(set, set + words, scratch.begin());
          scratch[v / 64] |= uint64_t(1) << (v % 64);
          bool isNew;
          uint32_t local = next.findOrInsert(scratch.data(), isNew);
          if (isNew) {
            if (lat.numIdeals + next.size() > maxIdeals) {
              lat.reason = llvm::formatv(
                  "the contiguity DAG of {0} units has more than {1} ideals", n,
                  maxIdeals);
              return lat;
            }
            size_t base = nextFrontiers.size();
            nextFrontiers.insert(nextFrontiers.end(), front, front + words);
            nextFrontiers[base + v / 64] &= ~(uint64_t(1) << (v % 64));
            for (unsigned s : units.succs[v]) {
              bool ready = true;
              for (unsigned p : units.preds[s])
                if (!test(scratch.data(), p)) {
                  ready = false;
                  break;
                }
              if (ready)
                nextFrontiers[base + s / 64] |= uint64_t(1) << (s % 64);
            }
          }
          covers.push_back({local, v, uint32_t(levelStart + i)});
        }
      }
    }
    uint32_t nextSize = next.size();
    if (nextSize == 0)
      break;
    uint64_t nextStart = lat.numIdeals;
    // Counting sort of the covers by their upper ideal, into CSR.
    std::vector<uint64_t> count(nextSize + 1, 0);
    for (const Cover &c : covers)
      ++count[c.local + 1];
    for (uint32_t i = 0; i < nextSize; ++i)
      count[i + 1] += count[i];
    uint64_t base = lat.removedUnit.size();
    lat.removedUnit.resize(base + covers.size());
    lat.subIdeal.resize(base + covers.size());
    std::vector<uint64_t> fill(count.begin(), count.end() - 1);
    for (const Cover &c : covers) {
      uint64_t at = base + fill[c.local]++;
      lat.removedUnit[at] = c.unit;
      lat.subIdeal[at] = c.parent;
    }
    for (uint32_t i = 0; i < nextSize; ++i)
      lat.offset.push_back(base + count[i + 1]);
    lat.numIdeals += nextSize;
    sets.assign(next.get(0), next.get(0) + uint64_t(nextSize) * words);
    frontiers.swap(nextFrontiers);
    levelStart = nextStart;
    levelSize = nextSize;
  }
  lat.complete = true;
  return lat;
}

enum class Mode { Throughput, Memory };

struct DeviceType {
  bool cpu = false;
  double speed = 1;
  std::vector<unsigned> devices;
};

std::vector<DeviceType> deviceTypes(const Problem &problem) {
  std::vector<DeviceType> types;
  for (unsigned d = 0; d < problem.accelerators; ++d) {
    double s = problem.speed(d);
    auto it = std::find_if(types.begin(), types.end(),
                           [&](const DeviceType &t) { return t.speed == s; });
    if (it == types.end()) {
      types.push_back({false, s, {}});
      it = std::prev(types.end());
    }
    it->devices.push_back(d);
  }
  if (problem.cpus > 0) {
    DeviceType cpu{true, 1, {}};
    for (unsigned d = problem.accelerators; d < problem.numDevices(); ++d)
      cpu.devices.push_back(d);
    types.push_back(cpu);
  }
  return types;
}

/// The running totals of the set S = I \ J while the walk below I adds units.
class RunningSet {
public:
  RunningSet(const Problem &problem, const UnitGraph &units, bool withComm)
      : units(units), withComm(withComm), cost(outgoingCosts(problem)),
        inS(problem.nodes.size(), 0), succInS(problem.nodes.size(), 0),
        outDegree(problem.nodes.size(), 0),
        predOffset(problem.nodes.size() + 1, 0) {
    for (const Edge &e : problem.edges) {
      ++outDegree[e.source];
      ++predOffset[e.dest + 1];
    }
    for (size_t i = 0; i + 1 < predOffset.size(); ++i)
      predOffset[i + 1] += predOffset[i];
    preds.resize(problem.edges.size());
    std::vector<uint32_t> fill(predOffset.begin(), predOffset.end() - 1);
    for (const Edge &e : problem.edges)
      preds[fill[e.dest]++] = e.source;
  }

  void add(unsigned unit) { update(unit, +1); }
  void remove(unsigned unit) { update(unit, -1); }

  double acceleratorTime = 0, cpuTime = 0, size = 0, comm = 0;
  int unsupported = 0;

private:
  double contribution(unsigned u) const {
    bool pays = inS[u] ? succInS[u] < outDegree[u] : succInS[u] > 0;
    return pays ? cost[u] : 0.0;
  }
  void update(unsigned unit, int sign) {
    acceleratorTime += sign * units.acceleratorTime[unit];
    cpuTime += sign * units.cpuTime[unit];
    size += sign * units.size[unit];
    if (!units.acceleratorSupported[unit])
      unsupported += sign;
    if (!withComm)
      return;
    for (unsigned w : units.nodesOf[unit]) {
      double before = contribution(w);
      inS[w] = sign > 0;
      comm += contribution(w) - before;
      for (uint32_t i = predOffset[w]; i < predOffset[w + 1]; ++i) {
        unsigned p = preds[i];
        before = contribution(p);
        succInS[p] += sign;
        comm += contribution(p) - before;
      }
    }
    if (std::abs(comm) < 1e-300)
      comm = 0;
  }

  const UnitGraph &units;
  bool withComm;
  std::vector<double> cost;
  std::vector<uint8_t> inS;
  std::vector<uint32_t> succInS, outDegree;
  std::vector<uint32_t> predOffset, preds;
};

struct Solver {
  const Problem &problem;
  const UnitGraph &units;
  const Lattice &lat;
  Mode mode;
  double upperBound;
  std::vector<DeviceType> types;
  std::vector<uint64_t> stride;
  uint64_t numStates = 1;
  std::vector<double> dp;
  uint64_t pairVisits = 0;
  double maxSpeed = 0;

  Solver(const Problem &problem, const UnitGraph &units, const Lattice &lat,
         Mode mode, double upperBound)
      : problem(problem), units(units), lat(lat), mode(mode),
        upperBound(upperBound), types(deviceTypes(problem)) {
    for (const DeviceType &t : types) {
      stride.push_back(numStates);
      numStates *= t.devices.size() + 1;
      if (!t.cpu)
        maxSpeed = std::max(maxSpeed, t.speed);
    }
  }

  /// The table is ideal-major: the states of one ideal are adjacent.
  uint64_t cell(uint64_t state, uint64_t ideal) const {
    return ideal * numStates + state;
  }

  unsigned used(uint64_t state, unsigned t) const {
    return (state / stride[t]) % (types[t].devices.size() + 1);
  }

  /// Load of S on a device of type t (kInfinity when S cannot go there).
  double load(const RunningSet &s, unsigned t) const {
    const DeviceType &type = types[t];
    if (mode == Mode::Memory) {
      if (type.cpu)
        return 0;
      return s.unsupported ? kInfinity : s.size;
    }
    if (type.cpu)
      return s.cpuTime;
    if (s.unsupported ||
        s.size > problem.acceleratorMemory * (1 + 1e-12) + 1e-9)
      return kInfinity;
    return s.acceleratorTime / type.speed + s.comm;
  }

  /// A lower bound on load(S', t) for every S' containing S and every t.
  double lowerBound(const RunningSet &s) const {
    double lb = kInfinity;
    for (unsigned t = 0; t < types.size(); ++t) {
      if (mode == Mode::Memory)
        lb = std::min(lb, load(s, t));
      else if (types[t].cpu)
        lb = std::min(lb, s.cpuTime);
      else if (!s.unsupported &&
               s.size <= problem.acceleratorMemory * (1 + 1e-12) + 1e-9)
        lb = std::min(lb, s.acceleratorTime / maxSpeed);
    }
    return lb;
  }

  /// Fills the table; false when the pair budget ran out.
  bool run(uint64_t maxPairVisits) {
    uint64_t n = lat.numIdeals;
    dp.assign(numStates * n, kInfinity);
    for (uint64_t s = 0; s < numStates; ++s)
      dp[cell(s, 0)] = 0;
    // For every type, the (state, previous state) pairs that use one more
    // device of that type.
    std::vector<std::vector<std::pair<uint64_t, uint64_t>>> steps(types.size());
    for (uint64_t s = 0; s < numStates; ++s)
      for (unsigned t = 0; t < types.size(); ++t)
        if (used(s, t) > 0)
          steps[t].emplace_back(s, s - stride[t]);

    RunningSet set(problem, units, mode == Mode::Throughput);
    std::vector<uint32_t> stamp(n, kNone);
    struct Frame {
      uint32_t ideal;
      uint64_t next;
      uint32_t added;
    };
    std::vector<Frame> stack;
    for (uint64_t I = 1; I < n; ++I) {
      // max over states s > 0 of min(dp[s][I], upper bound): a set whose
      // compute alone reaches it cannot improve any state (values at or
      // above the bound never matter, the optimum lies below it).
      double bestWorst = upperBound;
      auto refreshWorst = [&]() {
        double w = 0;
        for (uint64_t s = 1; s < numStates; ++s)
          w = std::max(w, std::min(dp[cell(s, I)], upperBound));
        bestWorst = w;
      };
      stamp[I] = I;
      stack.push_back({uint32_t(I), lat.offset[I], kNone});
      while (!stack.empty()) {
        Frame &top = stack.back();
        if (top.next == lat.offset[top.ideal + 1]) {
          if (top.added != kNone)
            set.remove(top.added);
          stack.pop_back();
          continue;
        }
        uint64_t at = top.next++;
        uint32_t J = lat.subIdeal[at];
        if (stamp[J] == I)
          continue;
        stamp[J] = I;
        uint32_t v = lat.removedUnit[at];
        set.add(v);
        if (++pairVisits > maxPairVisits)
          return false;
        double lb = lowerBound(set);
        if (lb >= bestWorst) {
          set.remove(v);
          continue;
        }
        bool improved = false;
        for (unsigned t = 0; t < types.size(); ++t) {
          double l = load(set, t);
          if (l >= upperBound)
            continue;
          for (auto [s, prev] : steps[t]) {
            double cand = std::max(dp[cell(prev, J)], l);
            double &cur = dp[cell(s, I)];
            if (cand < cur) {
              cur = cand;
              improved = true;
            }
          }
        }
        if (improved)
          refreshWorst();
        stack.push_back({J, lat.offset[J], v});
      }
      // A device may stay empty; states in increasing order see their
      // predecessors final.
      for (uint64_t s = 1; s < numStates; ++s)
        for (unsigned t = 0; t < types.size(); ++t)
          if (used(s, t) > 0)
            dp[cell(s, I)] =
                std::min(dp[cell(s, I)], dp[cell(s - stride[t], I)]);
    }
    return true;
  }

  /// Reconstructs a placement achieving dp[final][full].
  std::vector<unsigned> backtrack() {
    uint64_t n = lat.numIdeals;
    std::vector<unsigned> deviceOfUnit(units.numUnits(), kNone);
    std::vector<unsigned> nextDevice(types.size(), 0);
    uint64_t state = numStates - 1;
    uint32_t I = n - 1;
    RunningSet set(problem, units, mode == Mode::Throughput);
    std::vector<uint32_t> stamp(n, kNone);
    while (I != 0) {
      double target = dp[cell(state, I)];
      double slack = target * (1 + 1e-9) + 1e-12;
      // The running sums of the walk below add and remove units in another
      // order than the DP's walk did, so they can drift by more than the
      // slack on long sums; the closest (J, type) within `loose` is then the
      // DP's choice. The caller evaluates the placement it returns anew.
      double loose = target * (1 + 1e-6) + 1e-9;
      bool emptied = false;
      for (unsigned t = 0; t < types.size() && !emptied; ++t)
        if (used(state, t) > 0 && dp[cell(state - stride[t], I)] <= target) {
          state -= stride[t];
          ++nextDevice[t];
          emptied = true;
        }
      if (emptied)
        continue;
      // Walk every J below I for the best matching (J, type).
      double best = kInfinity, closest = kInfinity;
      uint32_t bestJ = kNone, closestJ = kNone;
      unsigned bestType = 0, closestType = 0;
      std::vector<uint32_t> path, bestPath, closestPath;
      struct Frame {
        uint32_t ideal;
        uint64_t next;
        uint32_t added;
      };
      std::vector<Frame> stack{{I, lat.offset[I], kNone}};
      stamp[I] = I;
      while (!stack.empty()) {
        Frame &top = stack.back();
        if (top.next == lat.offset[top.ideal + 1]) {
          if (top.added != kNone) {
            set.remove(top.added);
            path.pop_back();
          }
          stack.pop_back();
          continue;
        }
        uint64_t at = top.next++;
        uint32_t J = lat.subIdeal[at];
        if (stamp[J] == I)
          continue;
        stamp[J] = I;
        uint32_t v = lat.removedUnit[at];
        set.add(v);
        path.push_back(v);
        for (unsigned t = 0; t < types.size(); ++t) {
          if (used(state, t) == 0)
            continue;
          double cand = std::max(dp[cell(state - stride[t], J)], load(set, t));
          if (cand <= slack && cand < best) {
            best = cand;
            bestJ = J;
            bestType = t;
            bestPath = path;
          }
          if (cand <= loose && cand < closest) {
            closest = cand;
            closestJ = J;
            closestType = t;
            closestPath = path;
          }
        }
        stack.push_back({J, lat.offset[J], v});
      }
      if (bestJ == kNone) {
        bestJ = closestJ;
        bestType = closestType;
        bestPath = std::move(closestPath);
      }
      if (bestJ == kNone)
        return {};
      unsigned device = types[bestType].devices[nextDevice[bestType]++];
      for (uint32_t u : bestPath)
        deviceOfUnit[u] = device;
      state -= stride[bestType];
      I = bestJ;
    }
    return deviceOfUnit;
  }
};

} // namespace

uint64_t tofu::placement::countIdeals(const UnitGraph &units, uint64_t cap) {
  Lattice lat = buildLattice(units, cap);
  return lat.complete ? lat.numIdeals : cap + 1;
}

static DpResult runDp(const Problem &problem, const UnitGraph &units,
                      const DpOptions &options, Mode mode) {
  DpResult result;
  Lattice lat = buildLattice(units, options.maxIdeals);
  if (!lat.complete) {
    result.reason = lat.reason;
    result.ideals = options.maxIdeals;
    return result;
  }
  result.ideals = lat.numIdeals;
  Solver solver(problem, units, lat, mode,
                mode == Mode::Throughput ? options.upperBound : kInfinity);
  uint64_t bytes = solver.numStates * lat.numIdeals * sizeof(double);
  if (bytes > options.maxTableBytes) {
    result.reason = llvm::formatv(
        "the DP table ({0} ideals x {1} device states) needs {2} MiB, more "
        "than the {3} MiB allowed",
        lat.numIdeals, solver.numStates, bytes >> 20,
        options.maxTableBytes >> 20);
    return result;
  }
  bool finished = solver.run(options.maxPairVisits);
  result.pairVisits = solver.pairVisits;
  if (!finished) {
    result.reason = llvm::formatv("more than {0} ideal pairs to visit",
                                  options.maxPairVisits);
    return result;
  }
  result.completed = true;
  double value =
      solver.dp[solver.cell(solver.numStates - 1, lat.numIdeals - 1)];
  if (!(value < kInfinity))
    return result;
  result.deviceOfUnit = solver.backtrack();
  if (result.deviceOfUnit.empty()) {
    result.completed = false;
    result.reason = "internal error: the DP's optimum could not be traced back";
    return result;
  }
  result.feasible = true;
  result.objective = value;
  return result;
}

DpResult tofu::placement::solveContiguousThroughput(const Problem &problem,
                                                    const UnitGraph &units,
                                                    const DpOptions &options) {
  return runDp(problem, units, options, Mode::Throughput);
}

std::optional<double> tofu::placement::smallestContiguousMemory(
    const Problem &problem, const UnitGraph &units, const DpOptions &options) {
  DpResult r = runDp(problem, units, options, Mode::Memory);
  if (!r.completed)
    return std::nullopt;
  return r.feasible ? r.objective : kInfinity;
}
