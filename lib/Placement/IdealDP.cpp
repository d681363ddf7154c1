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

#include "llvm/ADT/bit.h"
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

/// Times, costs and sizes as integer multiples of one power of two, in 128
/// bits. Sums of them are exact, so the load of a set does not depend on the
/// order in which a walk added and removed its units. In doubles a small cost
/// added next to a 1e16 one is lost and does not come back when the large one
/// leaves: the DP's values then drift from what the traceback computes for the
/// same sets, and no tolerance tells that drift from another choice.
__extension__ using Fixed = __int128;
constexpr Fixed kFixedMax = Fixed(~__extension__(unsigned __int128) 0 >> 1);

class FixedScale {
public:
  /// Sums of up to `count` terms of at most `largest` each fit the 127 value
  /// bits with room for one more such sum (a load's compute plus its
  /// communication).
  FixedScale(double largest, uint64_t count)
      : countBits(llvm::bit_width(std::max<uint64_t>(count, 1))),
        exponent(largest > 0 ? std::ilogb(std::min(largest, kMaxFinite)) + 1 +
                                   countBits - kValueBits
                             : 0) {}

  /// `value` on this scale, rounded to the nearest multiple; a value past
  /// the terms' range (only a unit's sum of huge node times) saturates
  /// instead of overflowing.
  Fixed toFixed(double value) {
    double scaled = std::ldexp(value, -exponent);
    double rounded = std::min(std::nearbyint(scaled),
                              std::ldexp(1.0, kValueBits - countBits));
    exact &= rounded == scaled;
    return Fixed(rounded);
  }
  /// A limit on this scale: the largest multiple at most `value`, or a value
  /// no sum reaches.
  Fixed limitOf(double value) const {
    double scaled = std::ldexp(value, -exponent);
    if (!(scaled < std::ldexp(1.0, kValueBits + 2)))
      return kFixedMax;
    return Fixed(std::floor(scaled));
  }
  double toDouble(Fixed value) const {
    return std::ldexp(double(value), exponent);
  }

  /// Whether every value taken so far was a multiple of the scale.
  bool exact = true;

private:
  static constexpr int kValueBits = 121;
  static constexpr double kMaxFinite = std::numeric_limits<double>::max();
  int countBits;
  int exponent;
};

double largestBelow(const std::vector<double> &values, double cap) {
  double largest = 0;
  for (double v : values)
    largest = std::max(largest, std::min(v, cap));
  return largest;
}

/// The DP's inputs on their fixed-point scales: times and communication
/// costs share one (a load adds them), sizes have their own. Times are
/// clamped at `timeCap`: a set holding a clamped term has a load at or over
/// the DP's cap, which is all the DP needs to know of it, and the scale then
/// resolves the loads below the cap at any magnitude of the large terms.
struct FixedTerms {
  FixedTerms(const Problem &problem, const UnitGraph &units, double timeCap)
      : rawCost(outgoingCosts(problem)),
        time(std::max({largestBelow(units.acceleratorTime, timeCap),
                       largestBelow(units.cpuTime, timeCap),
                       largestBelow(rawCost, timeCap)}),
             2 * uint64_t(units.numUnits()) + problem.nodes.size()),
        bytes(largestBelow(units.size, kInfinity), units.numUnits()) {
    for (unsigned u = 0; u < units.numUnits(); ++u) {
      acceleratorTime.push_back(
          time.toFixed(std::min(units.acceleratorTime[u], timeCap)));
      cpuTime.push_back(time.toFixed(std::min(units.cpuTime[u], timeCap)));
      size.push_back(bytes.toFixed(units.size[u]));
    }
    for (double c : rawCost)
      cost.push_back(time.toFixed(std::min(c, timeCap)));
    memoryLimit = bytes.limitOf(problem.acceleratorMemory * (1 + 1e-12) + 1e-9);
  }

  std::vector<double> rawCost;
  FixedScale time, bytes;
  std::vector<Fixed> acceleratorTime, cpuTime, size, cost;
  Fixed memoryLimit = 0;
};

/// The running totals of the set S = I \ J while the walk below I adds units.
class RunningSet {
public:
  RunningSet(const Problem &problem, const UnitGraph &units,
             const FixedTerms &terms, bool withComm)
      : units(units), terms(terms), withComm(withComm),
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

  Fixed acceleratorTime = 0, cpuTime = 0, size = 0, comm = 0;
  int unsupported = 0;

private:
  Fixed contribution(unsigned u) const {
    bool pays = inS[u] ? succInS[u] < outDegree[u] : succInS[u] > 0;
    return pays ? terms.cost[u] : 0;
  }
  void update(unsigned unit, int sign) {
    acceleratorTime += sign * terms.acceleratorTime[unit];
    cpuTime += sign * terms.cpuTime[unit];
    size += sign * terms.size[unit];
    if (!units.acceleratorSupported[unit])
      unsupported += sign;
    if (!withComm)
      return;
    for (unsigned w : units.nodesOf[unit]) {
      Fixed before = contribution(w);
      inS[w] = sign > 0;
      comm += contribution(w) - before;
      for (uint32_t i = predOffset[w]; i < predOffset[w + 1]; ++i) {
        unsigned p = preds[i];
        before = contribution(p);
        succInS[p] += sign;
        comm += contribution(p) - before;
      }
    }
  }

  const UnitGraph &units;
  const FixedTerms &terms;
  bool withComm;
  std::vector<uint8_t> inS;
  std::vector<uint32_t> succInS, outDegree;
  std::vector<uint32_t> predOffset, preds;
};

double fastestAccelerator(const std::vector<DeviceType> &types) {
  double fastest = 0;
  for (const DeviceType &t : types)
    if (!t.cpu)
      fastest = std::max(fastest, t.speed);
  return fastest;
}

struct Solver {
  const Problem &problem;
  const UnitGraph &units;
  const Lattice &lat;
  Mode mode;
  /// Loads at or over it are never needed (kInfinity: no bound).
  double upperBound;
  std::vector<DeviceType> types;
  double maxSpeed;
  FixedTerms terms;
  std::vector<uint64_t> stride;
  uint64_t numStates = 1;
  std::vector<double> dp;
  uint64_t pairVisits = 0;

  Solver(const Problem &problem, const UnitGraph &units, const Lattice &lat,
         Mode mode, double upperBound)
      : problem(problem), units(units), lat(lat), mode(mode),
        upperBound(upperBound), types(deviceTypes(problem)),
        maxSpeed(fastestAccelerator(types)),
        terms(problem, units, upperBound * std::max(1.0, maxSpeed)) {
    for (const DeviceType &t : types) {
      stride.push_back(numStates);
      numStates *= t.devices.size() + 1;
    }
  }

  /// The table is ideal-major: the states of one ideal are adjacent.
  uint64_t cell(uint64_t state, uint64_t ideal) const {
    return ideal * numStates + state;
  }

  unsigned used(uint64_t state, unsigned t) const {
    return (state / stride[t]) % (types[t].devices.size() + 1);
  }

  bool fitsAccelerator(const RunningSet &s) const {
    return !s.unsupported && s.size <= terms.memoryLimit;
  }

  /// Load of S on a device of type t (kInfinity when S cannot go there or
  /// the load reaches the upper bound). The double is a function of the
  /// exact sums alone, so the traceback computes the same one.
  double load(const RunningSet &s, unsigned t) const {
    const DeviceType &type = types[t];
    if (mode == Mode::Memory) {
      if (type.cpu)
        return 0;
      return s.unsupported ? kInfinity : terms.bytes.toDouble(s.size);
    }
    double l;
    if (type.cpu)
      l = terms.time.toDouble(s.cpuTime);
    else if (!fitsAccelerator(s))
      return kInfinity;
    else if (type.speed == 1)
      l = terms.time.toDouble(s.acceleratorTime + s.comm);
    else
      l = terms.time.toDouble(s.acceleratorTime) / type.speed +
          terms.time.toDouble(s.comm);
    return l < upperBound ? l : kInfinity;
  }

  /// A lower bound on load(S', t) for every S' containing S and every t.
  double lowerBound(const RunningSet &s) const {
    double lb = kInfinity;
    for (unsigned t = 0; t < types.size(); ++t) {
      if (mode == Mode::Memory)
        lb = std::min(lb, load(s, t));
      else if (types[t].cpu)
        lb = std::min(lb, terms.time.toDouble(s.cpuTime));
      else if (fitsAccelerator(s))
        lb = std::min(lb, terms.time.toDouble(s.acceleratorTime) / maxSpeed);
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

    RunningSet set(problem, units, terms, mode == Mode::Throughput);
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

  /// One step of the traceback: a sub-ideal J of I and a type t whose device
  /// takes I \ J (`path`, its units) with max(dp[state - e_t][J],
  /// load_t(I \ J)) equal to dp[state][I]. The loads are those the DP
  /// computed, bit for bit, so the DP's own choice is found again exactly.
  struct Step {
    uint32_t J = kNone;
    unsigned type = 0;
    std::vector<uint32_t> path;
  };
  Step findStep(uint64_t state, uint32_t I, std::vector<uint32_t> &stamp) {
    double target = dp[cell(state, I)];
    RunningSet set(problem, units, terms, mode == Mode::Throughput);
    std::vector<uint32_t> path;
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
      for (unsigned t = 0; t < types.size(); ++t)
        if (used(state, t) > 0 &&
            std::max(dp[cell(state - stride[t], J)], load(set, t)) <= target)
          return {J, t, std::move(path)};
      stack.push_back({J, lat.offset[J], v});
    }
    return {};
  }

  /// Reconstructs a placement achieving dp[final][full]; empty when a step
  /// is not found (which exact sums rule out).
  std::vector<unsigned> backtrack() {
    uint64_t n = lat.numIdeals;
    std::vector<unsigned> deviceOfUnit(units.numUnits(), kNone);
    std::vector<unsigned> nextDevice(types.size(), 0);
    uint64_t state = numStates - 1;
    uint32_t I = n - 1;
    std::vector<uint32_t> stamp(n, kNone);
    while (I != 0) {
      double target = dp[cell(state, I)];
      bool emptied = false;
      for (unsigned t = 0; t < types.size() && !emptied; ++t)
        if (used(state, t) > 0 && dp[cell(state - stride[t], I)] <= target) {
          state -= stride[t];
          ++nextDevice[t];
          emptied = true;
        }
      if (emptied)
        continue;
      Step step = findStep(state, I, stamp);
      if (step.J == kNone)
        return {};
      unsigned device = types[step.type].devices[nextDevice[step.type]++];
      for (uint32_t u : step.path)
        deviceOfUnit[u] = device;
      state -= stride[step.type];
      I = step.J;
    }
    return deviceOfUnit;
  }
};
} // namespace

uint64_t tofu::placement::countIdeals(const UnitGraph &units, uint64_t cap) {
  Lattice lat = buildLattice(units, cap);
  return lat.complete ? lat.numIdeals : cap + 1;
}

/// One run of the DP with loads from `upperBound` on not needed; `exact`
/// says whether every time and cost was a multiple of the fixed-point scale.
static DpResult runAtBound(const Problem &problem, const UnitGraph &units,
                           const Lattice &lat, const DpOptions &options,
                           Mode mode, double upperBound, bool &exact) {
  DpResult result;
  result.ideals = lat.numIdeals;
  Solver solver(problem, units, lat, mode, upperBound);
  exact = solver.terms.time.exact && solver.terms.bytes.exact;
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

static DpResult runDp(const Problem &problem, const UnitGraph &units,
                      const DpOptions &options, Mode mode) {
  Lattice lat = buildLattice(units, options.maxIdeals);
  if (!lat.complete) {
    DpResult result;
    result.reason = lat.reason;
    result.ideals = options.maxIdeals;
    return result;
  }
  double bound = mode == Mode::Throughput ? options.upperBound : kInfinity;
  bool exact = true;
  DpResult result =
      runAtBound(problem, units, lat, options, mode, bound, exact);
  if (exact || !result.feasible || mode != Mode::Throughput)
    return result;
  // The scale spans the largest term below the bound, and rounded a small
  // one away (a 1e300 cost beside times of 0.1, with no bound or with a cheap
  // placement that pays it). The placement found is feasible and contiguous
  // all the same (support and sizes are exact), so its load, evaluated from
  // the definition, bounds the optimum; at that bound the scale resolves
  // every load that matters, unless the optimum itself holds a huge term.
  Placement first = expand(units, result.deviceOfUnit);
  double tighter = evaluate(problem, first).maxLoad * (1 + 1e-9) +
                   std::numeric_limits<double>::denorm_min();
  if (!(tighter < bound))
    return result;
  uint64_t firstVisits = result.pairVisits;
  result = runAtBound(problem, units, lat, options, mode, tighter, exact);
  result.pairVisits += firstVisits;
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
