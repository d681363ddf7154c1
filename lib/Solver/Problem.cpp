//===- Problem.cpp - Reading and evaluating assignment problems -----------===//

#include "Tofu/Solver/Problem.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <zlib.h>

using namespace tofu::solver;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

static Error fail(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

std::string tofu::solver::toString(Cost c) {
  if (c == 0)
    return "0";
  bool negative = c < 0;
  unsigned __int128 x = negative ? -static_cast<unsigned __int128>(c)
                                 : static_cast<unsigned __int128>(c);
  std::string s;
  while (x) {
    s.push_back('0' + static_cast<int>(x % 10));
    x /= 10;
  }
  if (negative)
    s.push_back('-');
  std::reverse(s.begin(), s.end());
  return s;
}

void tofu::solver::writeProblem(const Problem &p, llvm::raw_ostream &os) {
  llvm::json::OStream j(os);
  auto integers = [&](const std::vector<int64_t> &values) {
    j.array([&] {
      for (int64_t x : values)
        j.value(x);
    });
  };
  j.object([&] {
    j.attributeObject("problem", [&] {
      j.attribute("name", p.name);
      j.attributeObject("nodes", [&] {
        j.attributeArray("intervals", [&] {
          for (const Node &n : p.nodes)
            j.array([&] {
              j.value(n.lo);
              j.value(n.hi);
            });
        });
        j.attributeArray("costs", [&] {
          for (const Node &n : p.nodes)
            integers(n.costs);
        });
        j.attributeArray("usages", [&] {
          for (const Node &n : p.nodes)
            integers(n.usages);
        });
      });
      j.attributeObject("edges", [&] {
        j.attributeArray("nodes", [&] {
          for (const Edge &e : p.edges)
            j.array([&] {
              j.value(static_cast<int64_t>(e.u));
              j.value(static_cast<int64_t>(e.v));
            });
        });
        j.attributeArray("costs", [&] {
          for (const Edge &e : p.edges)
            integers(e.costs);
        });
      });
      j.attribute("usage_limit", p.usageLimit < 0
                                     ? std::numeric_limits<int64_t>::max()
                                     : p.usageLimit);
    });
  });
}

Error Problem::validate() const {
  if (nodes.empty())
    return fail("the problem has no nodes");
  for (auto [i, n] : llvm::enumerate(nodes)) {
    if (n.costs.empty())
      return fail(llvm::formatv("node {0} has no strategies", i));
    if (n.usages.size() != n.costs.size())
      return fail(llvm::formatv("node {0} has {1} costs but {2} usages", i,
                                n.costs.size(), n.usages.size()));
    if (n.costs.size() > 65535)
      return fail(llvm::formatv("node {0} has {1} strategies (at most 65535)",
                                i, n.costs.size()));
    if (n.lo < 0 || n.hi < 0)
      return fail(llvm::formatv("node {0} has a negative interval [{1}, {2})",
                                i, n.lo, n.hi));
    for (auto [s, u] : llvm::enumerate(n.usages))
      if (u < 0)
        return fail(llvm::formatv(
            "node {0} has a negative usage {1} for strategy {2}", i, u, s));
  }
  for (auto [i, e] : llvm::enumerate(edges)) {
    if (e.u >= nodes.size() || e.v >= nodes.size())
      return fail(llvm::formatv("edge {0} joins nodes {1} and {2}, but there "
                                "are {3} nodes",
                                i, e.u, e.v, nodes.size()));
    if (e.u == e.v)
      return fail(llvm::formatv("edge {0} joins node {1} to itself", i, e.u));
    size_t want =
        static_cast<size_t>(nodes[e.u].numChoices()) * nodes[e.v].numChoices();
    if (e.costs.size() != want)
      return fail(llvm::formatv("edge {0} ({1}, {2}) has {3} costs, expected "
                                "{4} x {5} = {6}",
                                i, e.u, e.v, e.costs.size(),
                                nodes[e.u].numChoices(),
                                nodes[e.v].numChoices(), want));
  }
  if (usageLimit < 0)
    return fail(llvm::formatv("usage_limit {0} is negative (a memory capacity "
                              "is at least 0)",
                              usageLimit));
  return Error::success();
}

namespace {
/// Reads the JSON tree with errors that name the path to the bad value.
struct Reader {
  Error field(const llvm::json::Object &o, StringRef key, StringRef where,
              const llvm::json::Value *&out) {
    out = o.get(key);
    if (!out)
      return fail(llvm::formatv("{0}: missing field \"{1}\"", where, key));
    return Error::success();
  }
  Expected<const llvm::json::Array *> array(const llvm::json::Value &v,
                                            const llvm::Twine &where) {
    if (const llvm::json::Array *a = v.getAsArray())
      return a;
    return fail(where + ": expected an array");
  }
  /// A 64-bit integer. Text the JSON reader could not keep as an integer
  /// (a fraction, an exponent, or beyond 64 bits) arrives as a double: that
  /// is taken only below 2^53, where the double is the integer written, and
  /// never converted when out of range (getAsInteger turns a double 2^63
  /// into an overflowing cast).
  Expected<int64_t> integer(const llvm::json::Value &v,
                            const llvm::Twine &where) {
    std::optional<double> d = v.getAsNumber();
    if (!d)
      return fail(where + ": expected an integer");
    // Printing the value is slow: only for those that need it (10^18, the
    // forbidden cost, is common), and to name one refused.
    if (std::fabs(*d) < 0x1p53)
      if (std::optional<int64_t> x = v.getAsInteger())
        return *x;
    std::string text;
    llvm::raw_string_ostream(text) << v;
    // From 2^53 on, doubles print with an exponent (from 1e17) and integers
    // never do.
    bool floating = StringRef(text).find_first_of(".eEn") != StringRef::npos;
    if (std::fabs(*d) >= 0x1p53 && !floating)
      if (std::optional<int64_t> x = v.getAsInteger())
        return *x;
    return fail(where + ": " + text +
                " is not an integer from -2^63 to 2^63 - 1");
  }

  Error integers(const llvm::json::Value &v, const llvm::Twine &where,
                 std::vector<int64_t> &out) {
    Expected<const llvm::json::Array *> a = array(v, where);
    if (!a)
      return a.takeError();
    out.reserve((*a)->size());
    for (auto [i, x] : llvm::enumerate(**a)) {
      Expected<int64_t> n = integer(x, where + "[" + llvm::Twine(i) + "]");
      if (!n)
        return n.takeError();
      out.push_back(*n);
    }
    return Error::success();
  }
};
} // namespace

Expected<Problem> tofu::solver::parseProblem(StringRef text) {
  Expected<llvm::json::Value> root = llvm::json::parse(text);
  if (!root)
    return fail("invalid JSON: " + llvm::toString(root.takeError()));
  Reader r;
  const llvm::json::Object *top = root->getAsObject();
  if (!top)
    return fail("expected a JSON object with a \"problem\" field");
  const llvm::json::Value *pv;
  if (Error e = r.field(*top, "problem", "top level", pv))
    return std::move(e);
  const llvm::json::Object *po = pv->getAsObject();
  if (!po)
    return fail("problem: expected an object");
  Problem p;
  if (const llvm::json::Value *n = po->get("name")) {
    // Some exporters write a numeric name: keep its text, as a user would
    // read it in the file.
    if (std::optional<StringRef> s = n->getAsString())
      p.name = s->str();
    else if (n->kind() == llvm::json::Value::Number)
      p.name = llvm::formatv("{0}", *n).str();
    else
      return fail("problem.name: expected a string or a number");
  }

  const llvm::json::Value *nodesV, *edgesV, *limitV;
  if (Error e = r.field(*po, "nodes", "problem", nodesV))
    return std::move(e);
  if (Error e = r.field(*po, "usage_limit", "problem", limitV))
    return std::move(e);
  Expected<int64_t> limit = r.integer(*limitV, "problem.usage_limit");
  if (!limit)
    return limit.takeError();
  p.usageLimit = *limit;

  const llvm::json::Object *no = nodesV->getAsObject();
  if (!no)
    return fail("problem.nodes: expected an object");
  const llvm::json::Value *ivV, *costV, *useV;
  if (Error e = r.field(*no, "intervals", "problem.nodes", ivV))
    return std::move(e);
  if (Error e = r.field(*no, "costs", "problem.nodes", costV))
    return std::move(e);
  if (Error e = r.field(*no, "usages", "problem.nodes", useV))
    return std::move(e);
  auto iv = r.array(*ivV, "problem.nodes.intervals");
  auto cs = r.array(*costV, "problem.nodes.costs");
  auto us = r.array(*useV, "problem.nodes.usages");
  if (!iv)
    return iv.takeError();
  if (!cs)
    return cs.takeError();
  if (!us)
    return us.takeError();
  size_t n = (*cs)->size();
  if ((*iv)->size() != n || (*us)->size() != n)
    return fail(llvm::formatv("problem.nodes: {0} intervals, {1} costs and "
                              "{2} usages (all must be one per node)",
                              (*iv)->size(), n, (*us)->size()));
  p.nodes.resize(n);
  for (size_t i = 0; i < n; ++i) {
    Node &node = p.nodes[i];
    std::string at = llvm::formatv("problem.nodes.intervals[{0}]", i);
    std::vector<int64_t> pair;
    if (Error e = r.integers((**iv)[i], at, pair))
      return std::move(e);
    if (pair.size() != 2)
      return fail(at + ": expected a [lo, hi] pair");
    node.lo = pair[0];
    node.hi = pair[1];
    if (Error e =
            r.integers((**cs)[i], llvm::formatv("problem.nodes.costs[{0}]", i),
                       node.costs))
      return std::move(e);
    if (Error e =
            r.integers((**us)[i], llvm::formatv("problem.nodes.usages[{0}]", i),
                       node.usages))
      return std::move(e);
  }

  if (Error e = r.field(*po, "edges", "problem", edgesV))
    return std::move(e);
  const llvm::json::Object *eo = edgesV->getAsObject();
  if (!eo)
    return fail("problem.edges: expected an object");
  const llvm::json::Value *enV, *ecV;
  if (Error e = r.field(*eo, "nodes", "problem.edges", enV))
    return std::move(e);
  if (Error e = r.field(*eo, "costs", "problem.edges", ecV))
    return std::move(e);
  auto en = r.array(*enV, "problem.edges.nodes");
  auto ec = r.array(*ecV, "problem.edges.costs");
  if (!en)
    return en.takeError();
  if (!ec)
    return ec.takeError();
  if ((*en)->size() != (*ec)->size())
    return fail(llvm::formatv("problem.edges: {0} node pairs but {1} cost "
                              "tables",
                              (*en)->size(), (*ec)->size()));
  p.edges.resize((*en)->size());
  for (size_t i = 0; i < p.edges.size(); ++i) {
    std::string at = llvm::formatv("problem.edges.nodes[{0}]", i);
    std::vector<int64_t> pair;
    if (Error e = r.integers((**en)[i], at, pair))
      return std::move(e);
    if (pair.size() != 2)
      return fail(at + ": expected a [u, v] pair");
    if (pair[0] < 0 || pair[1] < 0 || pair[0] >= static_cast<int64_t>(n) ||
        pair[1] >= static_cast<int64_t>(n))
      return fail(
          llvm::formatv("{0}: node index out of range [0, {1})", at, n));
    p.edges[i].u = pair[0];
    p.edges[i].v = pair[1];
    if (Error e =
            r.integers((**ec)[i], llvm::formatv("problem.edges.costs[{0}]", i),
                       p.edges[i].costs))
      return std::move(e);
  }
  if (Error e = p.validate())
    return std::move(e);
  return p;
}

/// Inflates a gzip stream; fails on truncated or corrupt data.
static Expected<std::string> gunzip(StringRef data, StringRef path) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK)
    return fail("cannot initialise zlib");
  std::string out;
  z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
  z.avail_in = data.size();
  char buf[1 << 16];
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    z.next_out = reinterpret_cast<Bytef *>(buf);
    z.avail_out = sizeof(buf);
    rc = inflate(&z, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) {
      inflateEnd(&z);
      return fail(path + ": corrupt gzip data" +
                  (rc == Z_BUF_ERROR ? " (truncated)" : ""));
    }
    out.append(buf, sizeof(buf) - z.avail_out);
    if (rc == Z_OK && z.avail_in == 0 && z.avail_out != 0) {
      inflateEnd(&z);
      return fail(path + ": truncated gzip data");
    }
  }
  inflateEnd(&z);
  return out;
}

Expected<Problem> tofu::solver::readProblem(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf =
      llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buf)
    return fail(path + ": " + buf.getError().message());
  StringRef data = (*buf)->getBuffer();
  std::string inflated;
  if (data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
      static_cast<unsigned char>(data[1]) == 0x8b) {
    Expected<std::string> s = gunzip(data, path);
    if (!s)
      return s.takeError();
    inflated = std::move(*s);
    data = inflated;
  }
  Expected<Problem> p = parseProblem(data);
  if (!p)
    return fail(path + ": " + llvm::toString(p.takeError()));
  return p;
}

Expected<Evaluation>
tofu::solver::evaluate(const Problem &p, const std::vector<unsigned> &choice) {
  if (choice.size() != p.nodes.size())
    return fail(llvm::formatv("the solution has {0} strategies but the "
                              "problem has {1} nodes",
                              choice.size(), p.nodes.size()));
  Evaluation ev;
  std::vector<std::pair<int64_t, Cost>> events;
  for (auto [i, n] : llvm::enumerate(p.nodes)) {
    if (choice[i] >= n.numChoices())
      return fail(llvm::formatv("node {0}: strategy {1} out of range [0, {2})",
                                i, choice[i], n.numChoices()));
    int64_t c = n.costs[choice[i]];
    ev.forbidden |= c >= kForbiddenCost;
    ev.cost += c;
    if (n.live() && n.usages[choice[i]]) {
      events.push_back({n.lo, n.usages[choice[i]]});
      events.push_back({n.hi, -static_cast<Cost>(n.usages[choice[i]])});
    }
  }
  for (const Edge &e : p.edges) {
    int64_t c = e.costs[choice[e.u] * p.nodes[e.v].numChoices() + choice[e.v]];
    ev.forbidden |= c >= kForbiddenCost;
    ev.cost += c;
  }
  // Releases at t sort before acquisitions at t: [lo, hi) intervals.
  llvm::sort(events);
  Cost live = 0;
  for (size_t i = 0; i < events.size();) {
    int64_t t = events[i].first;
    for (; i < events.size() && events[i].first == t; ++i)
      live += events[i].second;
    if (live > ev.peakUsage) {
      ev.peakUsage = live;
      ev.peakTime = t;
    }
  }
  ev.feasible = p.usageLimit < 0 || ev.peakUsage <= p.usageLimit;
  return ev;
}
