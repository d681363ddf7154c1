//===- Checkpoint.cpp - Sharded checkpoints of a training run -------------===//
//
// Layout of a checkpoint directory (docs/runtime.md, "Checkpoints"):
//
//   DIR/step-00000010/manifest.json
//   DIR/step-00000010/arg0.rank2.npy   (rank 2's block of argument 0)
//
// Ranks write into DIR/.tmp-step-00000010, rank 0 writes the manifest last
// and renames the directory: a step-* directory is complete. The manifest
// is the only index; the restore reads it on every rank (a small JSON
// reader below; the harness depends on no JSON library).
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"

#include "tofu_runtime.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

namespace fs = std::filesystem;

namespace tofu_run {
namespace detail {

uint32_t crc32(uint32_t crc, const void *data, size_t size) {
  static const auto table = [] {
    std::vector<uint32_t> t(256);
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k)
        c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  const auto *p = static_cast<const unsigned char *>(data);
  crc = ~crc;
  for (size_t i = 0; i < size; ++i)
    crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

namespace {

constexpr const char *kFormat = "tofu-checkpoint";
constexpr int kVersion = 1;

bool allSucceeded(bool failed) {
  int64_t flag = failed ? 1 : 0;
  tofu_rt_max_i64(&flag);
  return flag == 0;
}

std::string stepDirName(int64_t step) {
  char name[32];
  std::snprintf(name, sizeof(name), "step-%08lld", (long long)step);
  return name;
}

std::string shardFile(size_t arg, int64_t rank) {
  return "arg" + std::to_string(arg) + ".rank" + std::to_string(rank) + ".npy";
}

// CRC-32 of a whole file; false if it cannot be read.
bool fileCrc(const std::string &path, uint32_t &crc, int64_t &size) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  crc = 0;
  size = 0;
  std::vector<char> buf(1 << 20);
  while (in) {
    in.read(buf.data(), buf.size());
    std::streamsize n = in.gcount();
    crc = crc32(crc, buf.data(), static_cast<size_t>(n));
    size += n;
  }
  return in.eof();
}

// The rank that writes a tensor's block among its replicas: coordinate 0 on
// every level that does not split it.
bool writesBlock(const ValueSpec &v, const std::vector<int64_t> &coords) {
  for (size_t l = 0; l < coords.size(); ++l)
    if ((l >= v.layout.size() || v.layout[l] < 0) && coords[l] != 0)
      return false;
  return true;
}

// The whole shape of a state argument: its tofu.global_shape, the input's
// (inputs), else the shard times the splits.
std::vector<int64_t> wholeShapeOf(const Options &opts, const EntrySpec &spec,
                                  size_t i) {
  const ValueSpec &v = spec.args[i];
  if (!v.globalShape.empty())
    return v.globalShape;
  if (!opts.inputs.empty()) {
    NpyHeader header;
    std::string unused;
    if (readNpyHeader(inputPath(opts.inputs, i, v), header, unused))
      return header.shape;
  }
  return evenWholeShape(v.shape, v.layout, spec.levelSizes);
}

// This rank's box of a tensor of shape `whole` (the real part, for padded
// shards) and the shard's extents.
Box blockOf(const EntrySpec &spec, const ValueSpec &v,
            const std::vector<int64_t> &whole,
            const std::vector<int64_t> &coords, std::vector<int64_t> &extents) {
  if (isPaddedValue(v, whole, spec.levelSizes))
    return paddedShardBox(whole, v.layout, spec.levelSizes, coords, extents);
  Box box = shardBox(whole, v.layout, spec.levelSizes, coords);
  extents = box.sizes;
  return box;
}

std::string jsonInts(const std::vector<int64_t> &v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof(esc), "\\u%04x", c);
      out += esc;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

// The manifest, from rank 0's knowledge of every rank's blocks and the
// CRCs the ranks computed (crcs[r * stateArgs.size() + j]).
std::string manifestText(const Options &opts, const EntrySpec &spec,
                         int64_t step, const std::vector<size_t> &stateArgs,
                         const std::vector<uint32_t> &crcs) {
  const int64_t size = tofu_rt_size();
  std::ostringstream os;
  os << "{\n  \"format\": \"" << kFormat << "\",\n  \"version\": " << kVersion
     << ",\n  \"step\": " << step
     << ",\n  \"entry\": " << jsonString(spec.entry)
     << ",\n  \"ranks\": " << size
     << ",\n  \"levels\": " << jsonInts(spec.levelSizes)
     << ",\n  \"tensors\": [";
  for (size_t j = 0; j < stateArgs.size(); ++j) {
    size_t i = stateArgs[j];
    const ValueSpec &v = spec.args[i];
    std::vector<int64_t> whole = wholeShapeOf(opts, spec, i);
    os << (j ? "," : "") << "\n    {\"arg\": " << i
       << ", \"name\": " << jsonString(v.name) << ", \"dtype\": \""
       << mlirName(v.dtype) << "\", \"npy\": \"" << npyDescr(v.dtype)
       << "\", \"shape\": " << jsonInts(whole)
       << ", \"layout\": " << jsonInts(v.layout) << ",\n     \"shards\": [";
    bool firstShard = true;
    for (int64_t r = 0; r < size; ++r) {
      std::vector<int64_t> c = gridCoords(r, spec.levelSizes), extents;
      if (!writesBlock(v, c))
        continue;
      Box box = blockOf(spec, v, whole, c, extents);
      char crc[16];
      std::snprintf(crc, sizeof(crc), "%08x", crcs[r * stateArgs.size() + j]);
      os << (firstShard ? "" : ",") << "\n       {\"rank\": " << r
         << ", \"file\": \"" << shardFile(i, r)
         << "\", \"offsets\": " << jsonInts(box.offsets)
         << ", \"sizes\": " << jsonInts(box.sizes) << ", \"crc32\": \"" << crc
         << "\"}";
      firstShard = false;
    }
    os << "]}";
  }
  os << "\n  ]\n}\n";
  return os.str();
}

bool writeText(const std::string &path, const std::string &text,
               std::string &error) {
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    out.flush();
    if (!out) {
      error = "cannot write " + tmp;
      return false;
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec)
    error = "cannot rename " + tmp + " to " + path + ": " + ec.message();
  return !ec;
}

// The complete checkpoints in `dir` (step-* directories with a manifest),
// by step.
std::vector<std::pair<int64_t, std::string>>
completeCheckpoints(const std::string &dir) {
  std::vector<std::pair<int64_t, std::string>> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.rfind("step-", 0) != 0 || name.size() <= 5)
      continue;
    char *endp = nullptr;
    long long step = std::strtoll(name.c_str() + 5, &endp, 10);
    if (*endp || !fs::exists(it->path() / "manifest.json"))
      continue;
    out.push_back({step, it->path().string()});
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Rank 0: the manifest, the rename into place, and the older checkpoints
// beyond the last two removed.
bool publish(const Options &opts, const EntrySpec &spec, int64_t step,
             const std::vector<size_t> &stateArgs,
             const std::vector<uint32_t> &crcs, const std::string &tmp,
             std::string &error) {
  const std::string &dir = opts.train.checkpoint;
  if (!writeText(tmp + "/manifest.json",
                 manifestText(opts, spec, step, stateArgs, crcs), error))
    return false;
  std::string final = dir + "/" + stepDirName(step);
  std::error_code ec;
  fs::remove_all(final, ec);
  fs::rename(tmp, final, ec);
  if (ec) {
    error = "cannot rename " + tmp + " to " + final + ": " + ec.message();
    return false;
  }
  auto all = completeCheckpoints(dir);
  for (size_t n = 0; n + 2 < all.size(); ++n)
    fs::remove_all(all[n].second, ec);
  return true;
}

} // namespace

bool writeCheckpoint(const Options &opts, const EntrySpec &spec, int64_t step,
                     const std::vector<int64_t> &coords,
                     const std::vector<size_t> &stateArgs,
                     const std::vector<Array> &args, std::string &error) {
  const int64_t me = tofu_rt_rank(), size = tofu_rt_size();
  const std::string tmp = opts.train.checkpoint + "/.tmp-" + stepDirName(step);
  bool failed = false;
  if (me == 0) {
    // What a killed run left half-written (of this step or any other) goes:
    // one job writes into DIR at a time.
    std::error_code ec;
    for (fs::directory_iterator it(opts.train.checkpoint, ec), end;
         !ec && it != end; it.increment(ec))
      if (it->path().filename().string().rfind(".tmp-step-", 0) == 0)
        fs::remove_all(it->path(), ec);
    fs::remove_all(tmp, ec);
    failed = !makeDirs(tmp, error);
  }
  if (!allSucceeded(failed)) {
    if (me == 0)
      std::fprintf(stderr, "tofu-run: error: checkpoint: %s\n", error.c_str());
    return false;
  }
  // Every rank writes the blocks it is the first holder of, real part only.
  std::vector<uint32_t> mine(stateArgs.size(), 0);
  for (size_t j = 0; j < stateArgs.size() && !failed; ++j) {
    size_t i = stateArgs[j];
    const ValueSpec &v = spec.args[i];
    if (!writesBlock(v, coords))
      continue;
    std::vector<int64_t> extents;
    Box box = blockOf(spec, v, wholeShapeOf(opts, spec, i), coords, extents);
    Array block = args[i];
    cropBlock(block, box.sizes);
    std::string path = tmp + "/" + shardFile(i, me);
    int64_t bytes = 0;
    failed = !writeNpy(path, block, error);
    if (!failed && !fileCrc(path, mine[j], bytes)) {
      error = "cannot read back " + path;
      failed = true;
    }
  }
  if (failed)
    std::fprintf(stderr, "tofu-run: rank %lld: error: checkpoint: %s\n",
                 (long long)me, error.c_str());
  if (!allSucceeded(failed))
    return false;
  std::vector<uint32_t> crcs(me == 0 ? size * stateArgs.size() : 0);
  tofu_rt_gather_bytes_to_root(mine.data(), mine.size() * sizeof(uint32_t),
                               crcs.data());
  if (me == 0 && !publish(opts, spec, step, stateArgs, crcs, tmp, error)) {
    std::fprintf(stderr, "tofu-run: error: checkpoint: %s\n", error.c_str());
    failed = true;
  }
  return allSucceeded(failed);
}

namespace {

/// A JSON value, enough for the manifest (objects, arrays, strings,
/// integers; other numbers as doubles; true/false/null).
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  long long integer = 0;
  bool isInteger = false;
  std::string text;
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  const Json *get(const std::string &key) const {
    for (const auto &m : members)
      if (m.first == key)
        return &m.second;
    return nullptr;
  }
};

class JsonReader {
public:
  explicit JsonReader(const std::string &text) : text(text) {}
  bool parse(Json &out) { return value(out, 0) && (skip(), at == text.size()); }
  size_t offset() const { return at; }

private:
  void skip() {
    while (at < text.size() && std::isspace((unsigned char)text[at]))
      ++at;
  }
  bool literal(const char *word) {
    size_t n = std::char_traits<char>::length(word);
    if (text.compare(at, n, word) != 0)
      return false;
    at += n;
    return true;
  }
  bool string(std::string &out) {
    if (at >= text.size() || text[at] != '"')
      return false;
    for (++at; at < text.size() && text[at] != '"'; ++at) {
      char c = text[at];
      if (c == '\\') {
        if (++at >= text.size())
          return false;
        c = text[at];
        if (c == 'u') {
          if (at + 4 >= text.size())
            return false;
          c = static_cast<char>(
              std::strtol(text.substr(at + 1, 4).c_str(), nullptr, 16));
          at += 4;
        } else if (c == 'n') {
          c = '\n';
        } else if (c == 't') {
          c = '\t';
        }
      }
      out += c;
    }
    return at++ < text.size();
  }
  bool value(Json &out, int depth) {
    skip();
    if (at >= text.size() || depth > 32)
      return false;
    char c = text[at];
    if (c == '{') {
      out.kind = Json::Object;
      ++at;
      skip();
      if (at < text.size() && text[at] == '}')
        return ++at, true;
      while (true) {
        std::string key;
        skip();
        if (!string(key))
          return false;
        skip();
        if (at >= text.size() || text[at++] != ':')
          return false;
        out.members.push_back({key, Json()});
        if (!value(out.members.back().second, depth + 1))
          return false;
        skip();
        if (at < text.size() && text[at] == ',') {
          ++at;
          continue;
        }
        return at < text.size() && text[at++] == '}';
      }
    }
    if (c == '[') {
      out.kind = Json::Array;
      ++at;
      skip();
      if (at < text.size() && text[at] == ']')
        return ++at, true;
      while (true) {
        out.items.emplace_back();
        if (!value(out.items.back(), depth + 1))
          return false;
        skip();
        if (at < text.size() && text[at] == ',') {
          ++at;
          continue;
        }
        return at < text.size() && text[at++] == ']';
      }
    }
    if (c == '"') {
      out.kind = Json::String;
      return string(out.text);
    }
    if (literal("true") || literal("false")) {
      out.kind = Json::Bool;
      return true;
    }
    if (literal("null"))
      return true;
    const char *begin = text.c_str() + at;
    char *end = nullptr;
    out.kind = Json::Number;
    out.integer = std::strtoll(begin, &end, 10);
    out.isInteger = end != begin && *end != '.' && *end != 'e' && *end != 'E';
    if (!out.isInteger)
      std::strtod(begin, &end);
    if (end == begin)
      return false;
    at += end - begin;
    return true;
  }

  const std::string &text;
  size_t at = 0;
};

bool intsOf(const Json *j, std::vector<int64_t> &out) {
  if (!j || j->kind != Json::Array)
    return false;
  out.clear();
  for (const Json &x : j->items) {
    if (x.kind != Json::Number || !x.isInteger)
      return false;
    out.push_back(x.integer);
  }
  return true;
}

bool intOf(const Json *j, int64_t &out) {
  if (!j || j->kind != Json::Number || !j->isInteger)
    return false;
  out = j->integer;
  return true;
}

/// One shard of a tensor, as the manifest lists it.
struct Shard {
  std::string file;
  Box box;
  uint32_t crc = 0;
};

struct SavedTensor {
  int64_t arg = -1;
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  std::vector<Shard> shards;
};

// Reads and checks the manifest of checkpoint `dir`.
bool readManifest(const std::string &dir, int64_t &step,
                  std::vector<SavedTensor> &tensors, std::string &error) {
  const std::string path = dir + "/manifest.json";
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  std::string text = buf.str();
  Json root;
  JsonReader reader(text);
  if (!in || !reader.parse(root) || root.kind != Json::Object) {
    error = path + ": not a JSON object (at byte " +
            std::to_string(reader.offset()) + ")";
    return false;
  }
  const Json *format = root.get("format"), *list = root.get("tensors");
  int64_t version = 0;
  if (!format || format->text != kFormat ||
      !intOf(root.get("version"), version) || version != kVersion ||
      !intOf(root.get("step"), step) || !list || list->kind != Json::Array) {
    error = path + ": not a tofu-checkpoint version " +
            std::to_string(kVersion) +
            " manifest (format, version, step, "
            "tensors)";
    return false;
  }
  for (const Json &t : list->items) {
    SavedTensor saved;
    const Json *dtype = t.get("dtype"), *shards = t.get("shards");
    if (!intOf(t.get("arg"), saved.arg) || !dtype ||
        !dtypeNamed(dtype->text, saved.dtype) ||
        !intsOf(t.get("shape"), saved.shape) || !shards ||
        shards->kind != Json::Array) {
      error = path + ": a tensor without arg, dtype, shape or shards";
      return false;
    }
    for (const Json &s : shards->items) {
      Shard shard;
      const Json *file = s.get("file"), *crc = s.get("crc32");
      if (!file || file->kind != Json::String || !crc ||
          crc->kind != Json::String ||
          !intsOf(s.get("offsets"), shard.box.offsets) ||
          !intsOf(s.get("sizes"), shard.box.sizes) ||
          shard.box.offsets.size() != saved.shape.size() ||
          shard.box.sizes.size() != saved.shape.size() ||
          file->text.find('/') != std::string::npos) {
        error = path + ": a shard of argument " + std::to_string(saved.arg) +
                " without file, offsets, sizes or crc32";
        return false;
      }
      shard.file = dir + "/" + file->text;
      shard.crc =
          static_cast<uint32_t>(std::strtoul(crc->text.c_str(), nullptr, 16));
      saved.shards.push_back(shard);
    }
    tensors.push_back(saved);
  }
  return true;
}

// The part of `a` inside `b`; false if they do not overlap.
bool intersect(const Box &a, const Box &b, Box &out) {
  out = a;
  for (size_t d = 0; d < a.offsets.size(); ++d) {
    int64_t lo = std::max(a.offsets[d], b.offsets[d]);
    int64_t hi = std::min(a.offsets[d] + a.sizes[d], b.offsets[d] + b.sizes[d]);
    if (hi <= lo)
      return false;
    out.offsets[d] = lo;
    out.sizes[d] = hi - lo;
  }
  return true;
}

// Checks a shard file against the manifest: whole (its CRC-32) and its
// header's dtype and shape.
bool checkShard(const SavedTensor &t, const Shard &s, NpyHeader &header,
                std::string &error) {
  uint32_t crc = 0;
  int64_t bytes = 0;
  if (!fileCrc(s.file, crc, bytes)) {
    error = "cannot read the shard " + s.file;
    return false;
  }
  if (crc != s.crc) {
    char text[64];
    std::snprintf(text, sizeof(text), "CRC-32 %08x, the manifest says %08x",
                  crc, s.crc);
    error = "the shard " + s.file + " is damaged (" + std::to_string(bytes) +
            " bytes, " + text + ")";
    return false;
  }
  if (!readNpyHeader(s.file, header, error))
    return false;
  if (header.dtype != t.dtype || header.shape != s.box.sizes) {
    error = "the shard " + s.file + " holds " + mlirName(header.dtype) + " " +
            shapeString(header.shape) + ", the manifest says " +
            mlirName(t.dtype) + " " + shapeString(s.box.sizes);
    return false;
  }
  return true;
}

// This rank's block of argument `i` from the shards of `t` that overlap it.
bool restoreTensor(const EntrySpec &spec, const SavedTensor &t, size_t i,
                   const std::vector<int64_t> &coords, Array &out,
                   std::string &error) {
  const ValueSpec &v = spec.args[i];
  std::string what = valueName("argument", i, v);
  if (t.dtype != v.dtype || t.shape.size() != v.shape.size() ||
      (!v.globalShape.empty() && v.globalShape != t.shape)) {
    error = what + ": the checkpoint holds " + mlirName(t.dtype) + " " +
            shapeString(t.shape) + ", @" + spec.entry + " takes " +
            mlirName(v.dtype) + " shards of rank " +
            std::to_string(v.shape.size());
    return false;
  }
  std::vector<int64_t> extents;
  Box mine = blockOf(spec, v, t.shape, coords, extents);
  for (size_t d = 0; d < v.shape.size(); ++d)
    if (v.shape[d] >= 0 && v.shape[d] != extents[d]) {
      error = what + ": the checkpoint's " + shapeString(t.shape) +
              " tensor gives this rank a " + shapeString(extents) +
              " block, @" + spec.entry + " takes " + shapeString(v.shape);
      return false;
    }
  out.dtype = v.dtype;
  out.shape = mine.sizes;
  out.bytes.assign(out.numElements() * byteWidth(v.dtype), 0);
  int64_t covered = 0;
  for (const Shard &s : t.shards) {
    Box part;
    if (!intersect(mine, s.box, part))
      continue;
    NpyHeader header;
    if (!checkShard(t, s, header, error))
      return false;
    Box inFile = part, inMine = part;
    for (size_t d = 0; d < part.offsets.size(); ++d) {
      inFile.offsets[d] -= s.box.offsets[d];
      inMine.offsets[d] -= mine.offsets[d];
    }
    Array piece;
    piece.dtype = v.dtype;
    if (!readNpyBlock(s.file, header, inFile.offsets, inFile.sizes, piece,
                      error))
      return false;
    placeBlock(piece, inMine, out);
    covered += piece.numElements();
  }
  if (covered != out.numElements()) {
    error = what + ": the checkpoint's shards cover " +
            std::to_string(covered) + " of the " +
            std::to_string(out.numElements()) +
            " elements of this rank's block";
    return false;
  }
  if (extents != mine.sizes)
    padBlock(out, extents);
  return true;
}

} // namespace

bool restoreCheckpoint(const Options &opts, const EntrySpec &spec,
                       const std::vector<int64_t> &coords,
                       const std::vector<size_t> &stateArgs,
                       std::vector<Array> &args, int64_t &step,
                       std::string &error) {
  const std::string &dir = opts.train.checkpoint;
  auto all = completeCheckpoints(dir);
  // Rank 0's choice for every rank (they see the same directory).
  int64_t chosen = tofu_rt_rank() == 0 && !all.empty() ? all.back().first : -1;
  tofu_rt_max_i64(&chosen);
  if (chosen < 0) {
    if (tofu_rt_rank() == 0)
      error = "--resume: no complete checkpoint in " + dir;
    return false;
  }
  std::string path = dir + "/" + stepDirName(chosen);
  std::vector<SavedTensor> tensors;
  bool failed = !readManifest(path, step, tensors, error);
  for (size_t j = 0; j < stateArgs.size() && !failed; ++j) {
    size_t i = stateArgs[j];
    auto it =
        std::find_if(tensors.begin(), tensors.end(), [&](const SavedTensor &t) {
          return t.arg == static_cast<int64_t>(i);
        });
    if (it == tensors.end()) {
      error = path + " holds no " + valueName("argument", i, spec.args[i]);
      failed = true;
      break;
    }
    failed = !restoreTensor(spec, *it, i, coords, args[i], error);
  }
  if (failed)
    error = "--resume: " + error;
  if (failed && tofu_rt_rank() != 0) {
    std::fprintf(stderr, "tofu-run: rank %lld: error: %s\n",
                 (long long)tofu_rt_rank(), error.c_str());
    error.clear();
  }
  return !failed;
}

} // namespace detail
} // namespace tofu_run
