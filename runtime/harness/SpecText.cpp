//===- SpecText.cpp - The EntrySpec embedded in a program -----------------===//

#include "SpecText.h"

#include <cctype>
#include <cstdlib>

namespace tofu_run {

namespace {

constexpr const char *kMagic = "tofu-run-spec";
constexpr long kVersion = 1;

void putString(std::string &out, const std::string &s) {
  out += std::to_string(s.size()) + ":" + s;
}

void putInts(std::string &out, const std::vector<int64_t> &v) {
  out += std::to_string(v.size());
  for (int64_t x : v)
    out += " " + std::to_string(x);
}

void putValue(std::string &out, const ValueSpec &v) {
  out += "value ";
  putString(out, v.name);
  out += std::string(" ") + mlirName(v.dtype) + (v.isTensor ? " 1 " : " 0 ");
  putInts(out, v.shape);
  out += " ";
  putInts(out, v.layout);
  out += " ";
  putInts(out, v.globalShape);
  out += "\n";
}

/// A cursor over the text; every read skips the whitespace before it.
class Reader {
public:
  explicit Reader(const std::string &text) : text(text) {}

  bool word(const char *expected) {
    skip();
    size_t n = std::char_traits<char>::length(expected);
    if (text.compare(at, n, expected) != 0)
      return fail(std::string("'") + expected + "'");
    at += n;
    return true;
  }

  bool integer(long long &out) {
    skip();
    const char *begin = text.c_str() + at;
    char *end = nullptr;
    out = std::strtoll(begin, &end, 10);
    if (end == begin)
      return fail("an integer");
    at += end - begin;
    return true;
  }

  bool string(std::string &out) {
    long long n;
    if (!integer(n) || n < 0)
      return fail("a string length");
    if (at >= text.size() || text[at] != ':')
      return fail("':' after a string length");
    ++at;
    if (at + n > text.size())
      return fail("a string of " + std::to_string(n) + " bytes");
    out = text.substr(at, n);
    at += n;
    return true;
  }

  bool ints(std::vector<int64_t> &out) {
    long long n;
    if (!integer(n) || n < 0)
      return fail("a count");
    out.clear();
    for (long long i = 0; i < n; ++i) {
      long long x;
      if (!integer(x))
        return false;
      out.push_back(x);
    }
    return true;
  }

  bool value(ValueSpec &v) {
    std::string dtype;
    long long tensor;
    if (!word("value") || !string(v.name))
      return false;
    skip();
    size_t start = at;
    while (at < text.size() && std::isalnum((unsigned char)text[at]))
      ++at;
    dtype = text.substr(start, at - start);
    if (!dtypeNamed(dtype, v.dtype))
      return fail("a dtype (" + dtypeList() + ")");
    if (!integer(tensor) || (tensor != 0 && tensor != 1))
      return fail("0 or 1 (scalar or tensor)");
    v.isTensor = tensor == 1;
    return ints(v.shape) && ints(v.layout) && ints(v.globalShape);
  }

  bool values(const char *what, std::vector<ValueSpec> &out) {
    long long n;
    if (!word(what) || !integer(n) || n < 0)
      return fail(std::string("the number of ") + what);
    out.assign(n, ValueSpec());
    for (ValueSpec &v : out)
      if (!value(v))
        return false;
    return true;
  }

  const std::string &error() const { return message; }

private:
  void skip() {
    while (at < text.size() && std::isspace((unsigned char)text[at]))
      ++at;
  }
  bool fail(const std::string &expected) {
    if (message.empty())
      message = "expected " + expected + " at byte " + std::to_string(at);
    return false;
  }

  const std::string &text;
  size_t at = 0;
  std::string message;
};

} // namespace

std::string specToText(const EntrySpec &spec) {
  std::string out =
      std::string(kMagic) + " " + std::to_string(kVersion) + "\nentry ";
  putString(out, spec.entry);
  out += std::string("\npartitioned ") + (spec.partitioned ? "1" : "0") +
         "\nlevels ";
  putInts(out, spec.levelSizes);
  out += "\nargs " + std::to_string(spec.args.size()) + "\n";
  for (const ValueSpec &v : spec.args)
    putValue(out, v);
  out += "results " + std::to_string(spec.results.size()) + "\n";
  for (const ValueSpec &v : spec.results)
    putValue(out, v);
  return out;
}

bool specFromText(const std::string &text, EntrySpec &spec,
                  std::string &error) {
  Reader r(text);
  long long version = 0, partitioned = 0;
  bool ok = r.word(kMagic) && r.integer(version) && version == kVersion &&
            r.word("entry") && r.string(spec.entry) && r.word("partitioned") &&
            r.integer(partitioned) && r.word("levels") &&
            r.ints(spec.levelSizes) && r.values("args", spec.args) &&
            r.values("results", spec.results);
  if (!ok) {
    error = r.error().empty()
                ? "unsupported version " + std::to_string(version) +
                      " (expected " + std::to_string(kVersion) + ")"
                : r.error();
    return false;
  }
  spec.partitioned = partitioned != 0;
  for (int64_t k : spec.levelSizes)
    if (k < 1) {
      error = "a level size below 1";
      return false;
    }
  return true;
}

} // namespace tofu_run
