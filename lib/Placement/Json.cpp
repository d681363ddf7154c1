//===- Json.cpp - The authors' JSON input format --------------------------===//

#include "Tofu/Placement/Json.h"
#include "Tofu/Support/Numbers.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>
#include <map>

using namespace tofu::placement;
namespace json = llvm::json;

namespace {
/// What a number field takes. Times, costs and the memory limit are any
/// finite non-negative number (the DP's sums are exact at any magnitude);
/// sizes are byte counts, at most 2^60 like every memory the project reads,
/// so that the DP's byte sums stay exact too.
enum class Range { NonNegative, ByteCount };

class Reader {
public:
  explicit Reader(llvm::StringRef fileName) : fileName(fileName) {}

  llvm::Error fail(const llvm::Twine &where, const llvm::Twine &msg) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   fileName + ": " + where + ": " + msg);
  }

  llvm::Expected<double> number(const json::Object &obj, llvm::StringRef key,
                                const llvm::Twine &where, Range range,
                                std::optional<double> fallback = {}) const {
    const json::Value *v = obj.get(key);
    if (!v) {
      if (fallback)
        return *fallback;
      return fail(where, "missing field '" + key + "'");
    }
    std::optional<double> d = v->getAsNumber();
    if (!d)
      return fail(where, "field '" + key + "' must be a number");
    // JSON has no NaN, but 1e400 reads as infinity.
    std::string error;
    if (!mlir::tofu::checkFiniteNonNegative(key, *d, error))
      return fail(where, error);
    if (range == Range::ByteCount && *d > mlir::tofu::kMaxByteCount)
      return fail(where, llvm::formatv("'{0}' must be a byte count of at most "
                                       "2^60 (1 EiB), got {1:e}",
                                       key, *d));
    return *d;
  }

  llvm::Expected<int64_t> integer(const json::Object &obj, llvm::StringRef key,
                                  const llvm::Twine &where) const {
    const json::Value *v = obj.get(key);
    if (!v)
      return fail(where, "missing field '" + key + "'");
    if (std::optional<int64_t> i = v->getAsInteger())
      return *i;
    // Integral values written as doubles ("maxFPGAs": 6.0) are accepted.
    if (std::optional<double> d = v->getAsNumber())
      if (std::floor(*d) == *d && std::abs(*d) < 9e15)
        return int64_t(*d);
    return fail(where, "field '" + key + "' must be an integer");
  }

  llvm::Expected<bool> boolean(const json::Object &obj, llvm::StringRef key,
                               const llvm::Twine &where) const {
    const json::Value *v = obj.get(key);
    if (!v)
      return fail(where, "missing field '" + key + "'");
    if (std::optional<bool> b = v->getAsBoolean())
      return *b;
    if (std::optional<int64_t> i = v->getAsInteger())
      if (*i == 0 || *i == 1)
        return *i == 1;
    return fail(where, "field '" + key + "' must be true/false or 0/1");
  }

private:
  std::string fileName;
};
} // namespace

llvm::Expected<Problem>
tofu::placement::parseProblem(llvm::StringRef text, llvm::StringRef fileName) {
  Reader r(fileName);
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   fileName + ": invalid JSON " +
                                       llvm::toString(parsed.takeError()));
  const json::Object *root = parsed->getAsObject();
  if (!root)
    return r.fail("top level", "expected a JSON object");
  Problem p;
  auto memory =
      r.number(*root, "maxSizePerFPGA", "top level", Range::NonNegative);
  if (!memory)
    return memory.takeError();
  p.acceleratorMemory = *memory;
  auto k = r.integer(*root, "maxFPGAs", "top level");
  if (!k)
    return k.takeError();
  auto l = r.integer(*root, "maxCPUs", "top level");
  if (!l)
    return l.takeError();
  if (*k < 0 || *l < 0 || *k > 4096 || *l > 4096)
    return r.fail("top level", "maxFPGAs and maxCPUs must be in [0, 4096]");
  p.accelerators = *k;
  p.cpus = *l;
  const json::Array *nodes = root->getArray("nodes");
  if (!nodes)
    return r.fail("top level", root->get("nodes")
                                   ? "field 'nodes' must be an array"
                                   : "missing field 'nodes'");
  const json::Array *edges = root->getArray("edges");
  if (!edges)
    return r.fail("top level", root->get("edges")
                                   ? "field 'edges' must be an array"
                                   : "missing field 'edges'");
  std::map<int64_t, unsigned> index;
  for (unsigned i = 0; i < nodes->size(); ++i) {
    std::string where = llvm::formatv("nodes[{0}]", i);
    const json::Object *obj = (*nodes)[i].getAsObject();
    if (!obj)
      return r.fail(where, "expected an object");
    Node n;
    auto id = r.integer(*obj, "id", where);
    if (!id)
      return id.takeError();
    n.id = *id;
    where += llvm::formatv(" (id {0})", n.id).str();
    if (!index.try_emplace(n.id, i).second)
      return r.fail(where, "duplicate node id");
    if (auto name = obj->getString("name"))
      n.name = name->str();
    auto supported = r.boolean(*obj, "supportedOnFpga", where);
    if (!supported)
      return supported.takeError();
    n.acceleratorSupported = *supported;
    auto acc = r.number(*obj, "fpgaLatency", where, Range::NonNegative);
    if (!acc)
      return acc.takeError();
    n.acceleratorTime = *acc;
    auto cpu = r.number(*obj, "cpuLatency", where, Range::NonNegative);
    if (!cpu)
      return cpu.takeError();
    n.cpuTime = *cpu;
    auto backward = r.boolean(*obj, "isBackwardNode", where);
    if (!backward)
      return backward.takeError();
    n.backward = *backward;
    auto size = r.number(*obj, "size", where, Range::ByteCount, 0.0);
    if (!size)
      return size.takeError();
    n.size = *size;
    if (obj->get("colorClass")) {
      auto cc = r.integer(*obj, "colorClass", where);
      if (!cc)
        return cc.takeError();
      n.colorClass = *cc;
    }
    if (obj->get("layerId")) {
      auto layer = r.integer(*obj, "layerId", where);
      if (!layer)
        return layer.takeError();
      n.layer = *layer;
    }
    p.nodes.push_back(std::move(n));
  }
  for (unsigned i = 0; i < edges->size(); ++i) {
    std::string where = llvm::formatv("edges[{0}]", i);
    const json::Object *obj = (*edges)[i].getAsObject();
    if (!obj)
      return r.fail(where, "expected an object");
    auto src = r.integer(*obj, "sourceId", where);
    if (!src)
      return src.takeError();
    auto dst = r.integer(*obj, "destId", where);
    if (!dst)
      return dst.takeError();
    auto cost = r.number(*obj, "cost", where, Range::NonNegative);
    if (!cost)
      return cost.takeError();
    auto s = index.find(*src), d = index.find(*dst);
    if (s == index.end())
      return r.fail(where,
                    llvm::formatv("sourceId {0} is not a node id", *src));
    if (d == index.end())
      return r.fail(where, llvm::formatv("destId {0} is not a node id", *dst));
    p.edges.push_back({s->second, d->second, *cost});
  }
  if (llvm::Error e = validate(p))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   fileName + ": " +
                                       llvm::toString(std::move(e)));
  return p;
}

std::string tofu::placement::problemToJson(const Problem &problem) {
  json::Array nodes, edges;
  for (const Node &n : problem.nodes) {
    json::Object o{{"id", n.id},
                   {"supportedOnFpga", n.acceleratorSupported},
                   {"fpgaLatency", n.acceleratorTime},
                   {"cpuLatency", n.cpuTime},
                   {"isBackwardNode", n.backward},
                   {"size", n.size}};
    if (!n.name.empty())
      o["name"] = n.name;
    if (n.colorClass)
      o["colorClass"] = *n.colorClass;
    if (n.layer)
      o["layerId"] = *n.layer;
    nodes.push_back(std::move(o));
  }
  for (const Edge &e : problem.edges)
    edges.push_back(json::Object{{"sourceId", problem.nodes[e.source].id},
                                 {"destId", problem.nodes[e.dest].id},
                                 {"cost", e.cost}});
  // JSON has no infinity; an unlimited memory is written as the largest
  // double, which reads back as a limit nothing reaches.
  double memory = std::isfinite(problem.acceleratorMemory)
                      ? problem.acceleratorMemory
                      : std::numeric_limits<double>::max();
  json::Object root{{"maxSizePerFPGA", memory},
                    {"maxFPGAs", int64_t(problem.accelerators)},
                    {"maxCPUs", int64_t(problem.cpus)},
                    {"nodes", std::move(nodes)},
                    {"edges", std::move(edges)}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", json::Value(std::move(root)));
  return out;
}
