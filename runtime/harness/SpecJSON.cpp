//===- SpecJSON.cpp - The EntrySpec as JSON -------------------------------===//

#include "SpecJSON.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace json = llvm::json;

namespace tofu_run {

// Found by argument-dependent lookup from json::ObjectMapper::map.
bool fromJSON(const json::Value &e, DType &t, json::Path p) {
  std::optional<llvm::StringRef> s = e.getAsString();
  if (!s) {
    p.report(
        "expected a string (f32, f64, i32, i64, i1, i8, i16, f16 or bf16)");
    return false;
  }
  if (dtypeNamed(s->str(), t))
    return true;
  p.report(
      "unknown dtype (expected f32, f64, i32, i64, i1, i8, i16, f16 or bf16)");
  return false;
}

bool fromJSON(const json::Value &e, ValueSpec &v, json::Path p) {
  json::ObjectMapper o(e, p);
  return o && o.map("name", v.name) && o.map("dtype", v.dtype) &&
         o.map("tensor", v.isTensor) && o.map("shape", v.shape) &&
         o.map("layout", v.layout) && o.map("global_shape", v.globalShape);
}

namespace {

constexpr int64_t kVersion = 1;

json::Array ints(const std::vector<int64_t> &v) {
  json::Array a;
  for (int64_t x : v)
    a.push_back(x);
  return a;
}

json::Object value(const ValueSpec &v) {
  return json::Object{
      {"name", v.name},           {"dtype", mlirName(v.dtype)},
      {"tensor", v.isTensor},     {"shape", ints(v.shape)},
      {"layout", ints(v.layout)}, {"global_shape", ints(v.globalShape)}};
}

bool fromJSON(const json::Value &e, EntrySpec &s, int64_t &version,
              json::Path p) {
  json::ObjectMapper o(e, p);
  return o && o.map("version", version) && o.map("entry", s.entry) &&
         o.map("partitioned", s.partitioned) &&
         o.map("level_sizes", s.levelSizes) && o.map("args", s.args) &&
         o.map("results", s.results);
}

// Semantic checks: what runMain and the generic call rely on.
std::string checkValues(const EntrySpec &spec,
                        const std::vector<ValueSpec> &values,
                        const char *kind) {
  for (size_t i = 0; i < values.size(); ++i) {
    const ValueSpec &v = values[i];
    std::string at = std::string(kind) + "[" + std::to_string(i) + "]";
    if (!v.isTensor &&
        (!v.shape.empty() || !v.layout.empty() || !v.globalShape.empty()))
      return at + ": a scalar has no shape, layout or global_shape";
    for (int64_t d : v.shape)
      if (d < -1)
        return at + ".shape: dimensions are sizes or -1 (dynamic)";
    if (!v.layout.empty()) {
      std::string why =
          checkLayout(v.layout, static_cast<int64_t>(v.shape.size()),
                      static_cast<int64_t>(spec.levelSizes.size()));
      if (!why.empty())
        return at + ".layout: " + why;
    }
    if (!v.globalShape.empty() && v.globalShape.size() != v.shape.size())
      return at + ".global_shape: rank " +
             std::to_string(v.globalShape.size()) + ", but the shape has " +
             std::to_string(v.shape.size());
    for (int64_t d : v.globalShape)
      if (d < 0)
        return at + ".global_shape: sizes must be non-negative";
  }
  return "";
}

} // namespace

std::string specToJSON(const EntrySpec &spec) {
  json::Array args, results;
  for (const ValueSpec &v : spec.args)
    args.push_back(value(v));
  for (const ValueSpec &v : spec.results)
    results.push_back(value(v));
  json::Value root = json::Object{{"version", kVersion},
                                  {"entry", spec.entry},
                                  {"partitioned", spec.partitioned},
                                  {"level_sizes", ints(spec.levelSizes)},
                                  {"args", std::move(args)},
                                  {"results", std::move(results)}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", root) << "\n";
  return out;
}

bool specFromJSON(const std::string &text, EntrySpec &spec,
                  std::string &error) {
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed) {
    error = "not JSON: " + llvm::toString(parsed.takeError());
    return false;
  }
  json::Path::Root root("spec");
  int64_t version = 0;
  EntrySpec s;
  if (!fromJSON(*parsed, s, version, root)) {
    // "expected string at spec.args[1].dtype"
    error = llvm::toString(root.getError());
    return false;
  }
  if (version != kVersion) {
    error = "version " + std::to_string(version) + " (this tofu-jit reads " +
            std::to_string(kVersion) + ")";
    return false;
  }
  if (s.entry.empty()) {
    error = "entry: empty";
    return false;
  }
  for (size_t l = 0; l < s.levelSizes.size(); ++l)
    if (s.levelSizes[l] < 1) {
      error = "level_sizes[" + std::to_string(l) + "]: must be at least 1";
      return false;
    }
  for (auto [values, kind] :
       {std::pair{&s.args, "args"}, std::pair{&s.results, "results"}}) {
    std::string why = checkValues(s, *values, kind);
    if (!why.empty()) {
      error = why;
      return false;
    }
  }
  spec = std::move(s);
  return true;
}

} // namespace tofu_run
