//===- Machine.cpp - Machine descriptions ---------------------------------===//

#include "Tofu/Partition/Machine.h"
#include "Tofu/Support/EmbeddedFile.h"
#include "Tofu/Support/Numbers.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::tofu;

namespace {
#include "BundledMachines.inc"
} // namespace

std::pair<double, double> Link::rate(StringRef kind) const {
  for (const auto &entry : byCollective)
    if (entry.first == kind)
      return entry.second;
  return {latency, bandwidth};
}

const Link &Machine::linkFor(int64_t groupSize) const {
  for (const Link &link : links)
    if (link.groupSize == 0 || groupSize <= link.groupSize)
      return link;
  return links.back();
}

double Machine::peakFlops(StringRef elementType) const {
  for (const auto &entry : flopsByType)
    if (entry.first == elementType)
      return entry.second;
  return deviceFlops;
}

/// The rate of `curve` at `size`: linear in log(size) between the two
/// points around it, the end point's value outside them.
static double rateAt(const std::vector<std::pair<double, double>> &curve,
                     double size) {
  if (size <= curve.front().first)
    return curve.front().second;
  if (size >= curve.back().first)
    return curve.back().second;
  auto hi = llvm::lower_bound(
      curve, size, [](const auto &point, double s) { return point.first < s; });
  auto lo = std::prev(hi);
  double f = (std::log(size) - std::log(lo->first)) /
             (std::log(hi->first) - std::log(lo->first));
  return lo->second + f * (hi->second - lo->second);
}

double Machine::memorySeconds(double bytes) const {
  if (bytes <= 0)
    return 0;
  if (!bandwidthCurve.empty())
    return bytes / rateAt(bandwidthCurve, bytes);
  return memoryBandwidth > 0 ? bytes / memoryBandwidth : 0;
}

double Machine::rooflineSeconds(double flops, double bytes,
                                StringRef elementType, bool product) const {
  double peak = peakFlops(elementType) * computeEfficiency;
  if (!flopsCurve.empty() && flops > 0)
    peak *= rateAt(flopsCurve, flops) / deviceFlops;
  double arithmetic = peak > 0 ? flops / peak : 0;
  if (product && !flopsCurve.empty())
    return arithmetic;
  return std::max(arithmetic, memorySeconds(bytes));
}

/// Reads `device.<field>`, an optional array of [size, rate] pairs with
/// finite positive members and strictly increasing sizes.
static LogicalResult parseCurve(const llvm::json::Object &device,
                                StringRef field,
                                std::vector<std::pair<double, double>> &curve,
                                std::string &error) {
  const llvm::json::Value *value = device.get(field);
  if (!value)
    return success();
  const llvm::json::Array *points = value->getAsArray();
  std::string at = "\"device." + field.str();
  if (!points || points->empty()) {
    error = at + "\" must be a non-empty array of [size, rate] pairs";
    return failure();
  }
  std::string why;
  for (const auto &[i, point] : llvm::enumerate(*points)) {
    const llvm::json::Array *pair = point.getAsArray();
    std::optional<double> size, rate;
    if (pair && pair->size() == 2) {
      size = (*pair)[0].getAsNumber();
      rate = (*pair)[1].getAsNumber();
    }
    std::string where = at + "[" + std::to_string(i) + "]\"";
    if (!size || !rate || !checkFinitePositive("", *size, why) ||
        !checkFinitePositive("", *rate, why)) {
      error = where + " must be a [size, rate] pair of finite positive numbers";
      return failure();
    }
    if (!curve.empty() && *size <= curve.back().first) {
      error = where + ": sizes must increase";
      return failure();
    }
    curve.emplace_back(*size, *rate);
  }
  return success();
}

int64_t Machine::nodeSize() const {
  for (const Link &link : links)
    if (link.groupSize > 0)
      return link.groupSize;
  return 1;
}

FailureOr<Machine> Machine::parse(StringRef text, std::string &error) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (!value) {
    error = "invalid JSON: " + llvm::toString(value.takeError());
    return failure();
  }
  auto fail = [&](const std::string &message) -> FailureOr<Machine> {
    error = message;
    return failure();
  };
  const llvm::json::Object *root = value->getAsObject();
  if (!root)
    return fail("a machine description is a JSON object");
  Machine m;
  if (auto name = root->getString("name"))
    m.name = name->str();
  const llvm::json::Object *device = root->getObject("device");
  if (!device)
    return fail("missing \"device\" object");
  if (auto name = device->getString("name"))
    m.deviceName = name->str();
  std::optional<double> flops = device->getNumber("flops");
  std::optional<double> memory = device->getNumber("memory_bytes");
  // JSON has no inf or nan, but 1e400 reads as inf: every number is
  // checked finite, so that no estimate divides by or multiplies with one.
  std::string why;
  if (!flops || !checkFinitePositive("device.flops", *flops, why))
    return fail("\"device.flops\" must be a finite positive number");
  if (!memory || !checkFinitePositive("device.memory_bytes", *memory, why) ||
      *memory > kMaxByteCount)
    return fail("\"device.memory_bytes\" must be a finite positive number "
                "of at most 2^60");
  m.deviceFlops = *flops;
  m.deviceMemoryBytes = *memory;
  if (device->get("memory_bandwidth_bytes_per_s")) {
    std::optional<double> bw =
        device->getNumber("memory_bandwidth_bytes_per_s");
    if (!bw || !checkFinitePositive("", *bw, why))
      return fail("\"device.memory_bandwidth_bytes_per_s\" must be a finite "
                  "positive number");
    m.memoryBandwidth = *bw;
  }
  if (device->get("compute_efficiency")) {
    std::optional<double> eff = device->getNumber("compute_efficiency");
    if (!eff || *eff <= 0 || *eff > 1)
      return fail("\"device.compute_efficiency\" must be in (0, 1]");
    m.computeEfficiency = *eff;
  }
  if (const llvm::json::Value *byType = device->get("flops_by_type")) {
    const llvm::json::Object *obj = byType->getAsObject();
    if (!obj)
      return fail("\"device.flops_by_type\" must be an object of element "
                  "type -> FLOP/s");
    for (const auto &entry : *obj) {
      std::optional<double> f = entry.second.getAsNumber();
      if (!f || !checkFinitePositive("", *f, why))
        return fail("\"device.flops_by_type." + entry.first.str() +
                    "\" must be a finite positive number");
      m.flopsByType.emplace_back(entry.first.str(), *f);
    }
    llvm::sort(m.flopsByType);
  }
  if (failed(parseCurve(*device, "flops_curve", m.flopsCurve, error)) ||
      failed(parseCurve(*device, "memory_bandwidth_curve", m.bandwidthCurve,
                        error)))
    return failure();
  const llvm::json::Array *links = root->getArray("links");
  if (!links || links->empty())
    return fail("\"links\" must be a non-empty array");
  for (const auto &[index, entry] : llvm::enumerate(*links)) {
    // Errors name the link's field as links[i].field.
    std::string at = "links[" + std::to_string(index) + "]";
    const llvm::json::Object *obj = entry.getAsObject();
    if (!obj)
      return fail("\"" + at + "\" must be a JSON object");
    Link link;
    if (auto name = obj->getString("name"))
      link.name = name->str();
    std::optional<int64_t> group = obj->getInteger("group_size");
    std::optional<double> bw = obj->getNumber("bandwidth_bytes_per_s");
    if (!group || *group < 0)
      return fail(
          "\"" + at +
          ".group_size\" must be a non-negative integer (0: unbounded)");
    if (!bw || !checkFinitePositive("", *bw, why))
      return fail("\"" + at +
                  ".bandwidth_bytes_per_s\" must be a finite positive number");
    link.groupSize = *group;
    link.bandwidth = *bw;
    if (obj->get("latency_s")) {
      std::optional<double> latency = obj->getNumber("latency_s");
      if (!latency || !checkFiniteNonNegative("", *latency, why))
        return fail("\"" + at +
                    ".latency_s\" must be a finite number, at least 0");
      link.latency = *latency;
    }
    if (const llvm::json::Value *kinds = obj->get("collectives")) {
      const llvm::json::Object *byKind = kinds->getAsObject();
      if (!byKind)
        return fail("\"" + at +
                    ".collectives\" must be an object of collective -> "
                    "{latency_s, bandwidth_bytes_per_s}");
      for (const auto &entry : *byKind) {
        StringRef kind = entry.first;
        std::string where = "\"" + at + ".collectives." + kind.str() + "\"";
        if (!llvm::is_contained(
                {"all_reduce", "all_gather", "reduce_scatter", "send_recv"},
                kind))
          return fail(where + ": not a collective (all_reduce, all_gather, "
                              "reduce_scatter, send_recv)");
        const llvm::json::Object *fit = entry.second.getAsObject();
        std::optional<double> a =
            fit ? fit->getNumber("latency_s") : std::nullopt;
        std::optional<double> b =
            fit ? fit->getNumber("bandwidth_bytes_per_s") : std::nullopt;
        if (!a || !b || !checkFiniteNonNegative("", *a, why) ||
            !checkFinitePositive("", *b, why))
          return fail(where + " must have latency_s >= 0 and "
                              "bandwidth_bytes_per_s > 0, both finite");
        link.byCollective.push_back({kind.str(), {*a, *b}});
      }
      llvm::sort(link.byCollective);
    }
    if (!m.links.empty() && m.links.back().groupSize == 0)
      return fail("\"" + at +
                  ".group_size\": an unbounded link (group_size "
                  "0) must be the last one");
    if (!m.links.empty() && link.groupSize != 0 &&
        link.groupSize <= m.links.back().groupSize)
      return fail("\"" + at +
                  ".group_size\": links go from the innermost "
                  "outwards: each group_size must be larger than the previous "
                  "one");
    m.links.push_back(std::move(link));
  }
  return m;
}

FailureOr<Machine> Machine::load(StringRef nameOrPath, std::string &error) {
  for (const EmbeddedFile &file : kBundledMachines)
    if (StringRef(file.name) == (nameOrPath + ".json").str())
      return parse(file.text, error);
  auto buffer = llvm::MemoryBuffer::getFile(nameOrPath);
  if (!buffer) {
    error = "cannot read machine description '" + nameOrPath.str() +
            "' (bundled: " + llvm::join(bundledNames(), ", ") + ")";
    return failure();
  }
  FailureOr<Machine> m = parse((*buffer)->getBuffer(), error);
  if (failed(m))
    error = nameOrPath.str() + ": " + error;
  return m;
}

std::vector<std::string> Machine::bundledNames() {
  std::vector<std::string> names;
  for (const EmbeddedFile &file : kBundledMachines)
    names.push_back(StringRef(file.name).drop_back(5).str());
  return names;
}
