//===- BruteForce.cpp - Exhaustive placement for small graphs -------------===//

#include "Tofu/Placement/BruteForce.h"

#include <algorithm>
#include <functional>

using namespace tofu::placement;

namespace {
/// Calls `visit` with every assignment of classes to the devices listed in
/// `devices`, where devices with the same `type` are interchangeable: a
/// class may only open the next unused device of its type.
void enumerate(
    unsigned numClasses, const std::vector<unsigned> &devices,
    const std::vector<unsigned> &typeOf,
    const std::function<void(const std::vector<unsigned> &)> &visit) {
  unsigned numTypes = 0;
  for (unsigned t : typeOf)
    numTypes = std::max(numTypes, t + 1);
  std::vector<std::vector<unsigned>> ofType(numTypes);
  for (unsigned i = 0; i < devices.size(); ++i)
    ofType[typeOf[i]].push_back(devices[i]);
  std::vector<unsigned> opened(numTypes, 0), assignment(numClasses);
  std::function<void(unsigned)> rec = [&](unsigned c) {
    if (c == numClasses) {
      visit(assignment);
      return;
    }
    for (unsigned t = 0; t < numTypes; ++t) {
      unsigned limit = std::min<unsigned>(opened[t] + 1, ofType[t].size());
      for (unsigned j = 0; j < limit; ++j) {
        bool opens = j == opened[t];
        if (opens)
          ++opened[t];
        assignment[c] = ofType[t][j];
        rec(c + 1);
        if (opens)
          --opened[t];
      }
    }
  };
  rec(0);
}

std::vector<unsigned> typesOf(const Problem &problem,
                              std::vector<unsigned> &devices, bool cpuPool) {
  std::vector<unsigned> typeOf;
  std::vector<double> speeds;
  for (unsigned d = 0; d < problem.accelerators; ++d) {
    auto it = std::find(speeds.begin(), speeds.end(), problem.speed(d));
    if (it == speeds.end()) {
      speeds.push_back(problem.speed(d));
      it = std::prev(speeds.end());
    }
    devices.push_back(d);
    typeOf.push_back(it - speeds.begin());
  }
  unsigned cpuType = speeds.size();
  for (unsigned d = problem.accelerators;
       d < problem.numDevices() && (!cpuPool || d == problem.accelerators);
       ++d) {
    devices.push_back(d);
    typeOf.push_back(cpuType);
  }
  return typeOf;
}

Placement placementOf(const Problem &problem, const ColorClasses &classes,
                      const std::vector<unsigned> &deviceOfClass) {
  Placement p;
  p.deviceOf.resize(problem.nodes.size());
  for (unsigned v = 0; v < problem.nodes.size(); ++v)
    p.deviceOf[v] = deviceOfClass[classes.classOf[v]];
  return p;
}
} // namespace

BruteForceResult tofu::placement::bruteForceThroughput(const Problem &problem,
                                                       bool contiguous) {
  ColorClasses classes = colorClasses(problem);
  std::vector<unsigned> devices;
  std::vector<unsigned> typeOf = typesOf(problem, devices, false);
  BruteForceResult best;
  enumerate(classes.size(), devices, typeOf,
            [&](const std::vector<unsigned> &a) {
              ++best.assignments;
              Placement p = placementOf(problem, classes, a);
              Evaluation ev = evaluate(problem, p);
              if (!ev.feasible() || (contiguous && !ev.contiguous))
                return;
              if (ev.maxLoad < best.objective) {
                best.feasible = true;
                best.objective = ev.maxLoad;
                best.placement = p;
              }
            });
  return best;
}

BruteForceResult tofu::placement::bruteForceLatency(const Problem &problem) {
  ColorClasses classes = colorClasses(problem);
  std::vector<unsigned> devices;
  std::vector<unsigned> typeOf = typesOf(problem, devices, true);
  BruteForceResult best;
  enumerate(classes.size(), devices, typeOf,
            [&](const std::vector<unsigned> &a) {
              ++best.assignments;
              Placement p = placementOf(problem, classes, a);
              Evaluation ev = evaluate(problem, p);
              if (!ev.feasible())
                return;
              double l = latency(problem, p);
              if (l < best.objective) {
                best.feasible = true;
                best.objective = l;
                best.placement = p;
              }
            });
  return best;
}

BruteForceResult tofu::placement::bruteForceMemory(const Problem &problem,
                                                   bool contiguous) {
  ColorClasses classes = colorClasses(problem);
  std::vector<unsigned> devices;
  std::vector<unsigned> typeOf = typesOf(problem, devices, false);
  BruteForceResult best;
  enumerate(classes.size(), devices, typeOf,
            [&](const std::vector<unsigned> &a) {
              ++best.assignments;
              Placement p = placementOf(problem, classes, a);
              Evaluation ev = evaluate(problem, p);
              if (!ev.supportRespected || (contiguous && !ev.contiguous))
                return;
              double m = 0;
              for (unsigned d = 0; d < problem.accelerators; ++d)
                m = std::max(m, ev.memory[d]);
              if (m < best.objective) {
                best.feasible = true;
                best.objective = m;
                best.placement = p;
              }
            });
  return best;
}
