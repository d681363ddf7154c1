//===- RunSupport.cpp - Per-rank driver of tofu-run -----------------------===//

#include "RunSupport.h"

#include "RunDriver.h"

#include "tofu_runtime.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tofu_run {

namespace {

struct DTypeInfo {
  DType dtype;
  const char *mlir, *npy, *cxx;
  int64_t bytes;
};

constexpr DTypeInfo kDTypes[] = {
    {DType::F32, "f32", "<f4", "float", 4},
    {DType::F64, "f64", "<f8", "double", 8},
    {DType::I32, "i32", "<i4", "int32_t", 4},
    {DType::I64, "i64", "<i8", "int64_t", 8},
    {DType::I1, "i1", "|b1", "bool", 1},
    {DType::I8, "i8", "|i1", "int8_t", 1},
    {DType::I16, "i16", "<i2", "int16_t", 2},
    {DType::F16, "f16", "<f2", "uint16_t", 2},
    {DType::BF16, "bf16", "<u2", "uint16_t", 2},
};

const DTypeInfo &info(DType t) { return kDTypes[static_cast<int>(t)]; }

} // namespace

int64_t byteWidth(DType t) { return info(t).bytes; }
const char *mlirName(DType t) { return info(t).mlir; }
const char *npyDescr(DType t) { return info(t).npy; }
const char *cxxScalarName(DType t) { return info(t).cxx; }

bool dtypeNamed(const std::string &name, DType &out) {
  for (const DTypeInfo &d : kDTypes)
    if (name == d.mlir) {
      out = d.dtype;
      return true;
    }
  return false;
}

std::string dtypeList() {
  std::string out;
  for (const DTypeInfo &d : kDTypes)
    out += (out.empty() ? "" : ", ") + std::string(d.mlir);
  return out;
}

// An element as a double (f16/bf16 decoded), for sums and differences.
double elementAsDouble(const Array &a, int64_t i) {
  const char *p = a.bytes.data() + i * byteWidth(a.dtype);
  auto load = [p](auto zero) {
    decltype(zero) v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  switch (a.dtype) {
  case DType::F32:
    return load(0.0f);
  case DType::F64:
    return load(0.0);
  case DType::I32:
    return load(int32_t(0));
  case DType::I64:
    return static_cast<double>(load(int64_t(0)));
  case DType::I1:
    return load(uint8_t(0)) != 0;
  case DType::I8:
    return load(int8_t(0));
  case DType::I16:
    return load(int16_t(0));
  case DType::F16:
    return tofu_rt_f16_to_f32(load(uint16_t(0)));
  case DType::BF16:
    return tofu_rt_bf16_to_f32(load(uint16_t(0)));
  }
  return 0;
}

int64_t Array::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  if (shape.empty())
    return "scalar";
  std::string out;
  for (size_t i = 0; i < shape.size(); ++i)
    out += (i ? "x" : "") +
           (shape[i] < 0 ? std::string("?") : std::to_string(shape[i]));
  return out;
}

//===----------------------------------------------------------------------===//
// .npy
//===----------------------------------------------------------------------===//

namespace {

// The numpy name of a descr tofu-run does not read (the ones it reads are
// in kDTypes), for the error message.
std::string npyDtypeName(const std::string &descr) {
  static const char *names[][2] = {
      {"|u1", "uint8"},       {"<u4", "uint32"},
      {"<u8", "uint64"},      {"<c8", "complex64"},
      {"<c16", "complex128"}, {">f4", "big-endian float32"}};
  for (auto &n : names)
    if (descr == n[0])
      return n[1];
  return "'" + descr + "'";
}

// The value of `key` in the header dict, up to the next top-level ',' or '}'.
bool dictValue(const std::string &dict, const std::string &key,
               std::string &value) {
  size_t at = dict.find("'" + key + "'");
  if (at == std::string::npos)
    return false;
  at = dict.find(':', at);
  if (at == std::string::npos)
    return false;
  ++at;
  while (at < dict.size() && dict[at] == ' ')
    ++at;
  size_t end = at;
  int depth = 0;
  while (end < dict.size()) {
    char c = dict[end];
    if (c == '(')
      ++depth;
    else if (c == ')')
      --depth;
    else if ((c == ',' || c == '}') && depth == 0)
      break;
    ++end;
  }
  if (end < dict.size() && dict[end] == ')')
    ++end;
  value = dict.substr(at, end - at);
  while (!value.empty() && value.back() == ' ')
    value.pop_back();
  return true;
}

struct File {
  int fd = -1;
  explicit File(const std::string &path, int flags, int mode = 0644) {
    fd = ::open(path.c_str(), flags, mode);
  }
  ~File() {
    if (fd >= 0)
      ::close(fd);
  }
};

bool preadAll(int fd, char *buf, int64_t bytes, int64_t offset) {
  while (bytes > 0) {
    ssize_t n = ::pread(fd, buf, bytes, offset);
    if (n <= 0)
      return false;
    buf += n;
    bytes -= n;
    offset += n;
  }
  return true;
}

} // namespace

bool readNpyHeader(const std::string &path, NpyHeader &header,
                   std::string &error) {
  File f(path, O_RDONLY);
  if (f.fd < 0) {
    error = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  char magic[12];
  if (!preadAll(f.fd, magic, 10, 0) || std::memcmp(magic, "\x93NUMPY", 6)) {
    error = "'" + path + "' is not a .npy file";
    return false;
  }
  int major = static_cast<unsigned char>(magic[6]);
  int64_t headerLen, start;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(magic[8]) |
                (static_cast<unsigned char>(magic[9]) << 8);
    start = 10;
  } else if (major == 2 || major == 3) {
    if (!preadAll(f.fd, magic, 12, 0)) {
      error = "'" + path + "': truncated header";
      return false;
    }
    headerLen = 0;
    for (int i = 3; i >= 0; --i)
      headerLen = (headerLen << 8) | static_cast<unsigned char>(magic[8 + i]);
    start = 12;
  } else {
    error = "'" + path + "': unsupported .npy version " + std::to_string(major);
    return false;
  }
  // A corrupt length field must not become a huge allocation.
  struct stat st;
  if (::fstat(f.fd, &st) != 0 || start + headerLen > st.st_size) {
    error = "'" + path + "': truncated header (it says " +
            std::to_string(headerLen) + " bytes, the file has " +
            std::to_string(st.st_size - start) + " after the magic)";
    return false;
  }
  std::string dict(headerLen, '\0');
  if (!preadAll(f.fd, dict.data(), headerLen, start)) {
    error = "'" + path + "': truncated header";
    return false;
  }
  std::string descr, fortran, shape;
  if (!dictValue(dict, "descr", descr) ||
      !dictValue(dict, "fortran_order", fortran) ||
      !dictValue(dict, "shape", shape)) {
    error = "'" + path + "': malformed header " +
            (dict.size() > 200 ? dict.substr(0, 200) + "..." : dict);
    return false;
  }
  if (descr.size() >= 2)
    descr = descr.substr(1, descr.size() - 2);
  bool known = false;
  for (DType d : kAllDTypes)
    if (descr == npyDescr(d)) {
      header.dtype = d;
      known = true;
    }
  if (descr == "<V2") { // ml_dtypes' bfloat16
    header.dtype = DType::BF16;
    known = true;
  }
  if (!known) {
    error = "'" + path + "' holds " + npyDtypeName(descr) +
            "; tofu-run reads float32, float64, float16, int64, int32, "
            "int16, int8, bool and bfloat16 (as uint16 bit patterns)";
    return false;
  }
  if (fortran != "False") {
    error = "'" + path +
            "' is in Fortran order; save np.ascontiguousarray(x) instead";
    return false;
  }
  header.shape.clear();
  if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')') {
    error = "'" + path + "': malformed shape " + shape;
    return false;
  }
  std::string dims = shape.substr(1, shape.size() - 2);
  size_t pos = 0;
  while (pos < dims.size()) {
    size_t comma = dims.find(',', pos);
    std::string tok = dims.substr(
        pos, comma == std::string::npos ? std::string::npos : comma - pos);
    tok.erase(std::remove(tok.begin(), tok.end(), ' '), tok.end());
    if (!tok.empty()) {
      char *end = nullptr;
      errno = 0;
      long long v = std::strtoll(tok.c_str(), &end, 10);
      if (errno == ERANGE) {
        error = "'" + path + "': dimension " + tok + " of shape " + shape +
                " does not fit in 64 bits";
        return false;
      }
      if (*end || v < 0) {
        error = "'" + path + "': malformed shape " + shape;
        return false;
      }
      header.shape.push_back(v);
    }
    if (comma == std::string::npos)
      break;
    pos = comma + 1;
  }
  header.dataOffset = start + headerLen;
  // The byte count (and every stride, so a zero dimension does not excuse
  // the others) must fit in 64 bits: a wrapped product would pass the size
  // check below and index past the buffers.
  int64_t need = header.dataOffset, n = 1, bytes = 0, span = 1;
  for (int64_t d : header.shape) {
    if (__builtin_mul_overflow(span, std::max<int64_t>(d, 1), &span)) {
      error = "'" + path + "': the shape " + shape +
              " has more elements than 64 bits can count";
      return false;
    }
    n *= d;
  }
  if (__builtin_mul_overflow(span, byteWidth(header.dtype), &bytes) ||
      __builtin_add_overflow(need, n * byteWidth(header.dtype), &need)) {
    error = "'" + path + "': the " + shape + " array of " +
            mlirName(header.dtype) + " needs more bytes than 64 bits can count";
    return false;
  }
  if (st.st_size < need) {
    error = "'" + path + "' is truncated: the " + shapeString(header.shape) +
            " array needs " + std::to_string(need) + " bytes";
    return false;
  }
  return true;
}

bool readNpyBlock(const std::string &path, const NpyHeader &header,
                  const std::vector<int64_t> &offsets,
                  const std::vector<int64_t> &sizes, Array &out,
                  std::string &error) {
  File f(path, O_RDONLY);
  if (f.fd < 0) {
    error = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  const int64_t rank = static_cast<int64_t>(header.shape.size());
  const int64_t width = byteWidth(header.dtype);
  out.dtype = header.dtype;
  out.shape = sizes;
  out.bytes.assign(out.numElements() * width, 0);
  if (out.numElements() == 0)
    return true;
  // The innermost dimension `inner` such that the block spans every
  // dimension after it: each run of run elements is contiguous in the file.
  int64_t inner = rank - 1;
  while (inner > 0 && sizes[inner] == header.shape[inner])
    --inner;
  int64_t run = 1;
  for (int64_t d = std::max<int64_t>(inner, 0); d < rank; ++d)
    run *= sizes[d];
  std::vector<int64_t> strides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * header.shape[d + 1];
  std::vector<int64_t> index(std::max<int64_t>(inner, 0), 0);
  char *dst = out.bytes.data();
  while (true) {
    int64_t flat = 0;
    for (int64_t d = 0; d < rank; ++d)
      flat += (offsets[d] + (d < inner ? index[d] : 0)) * strides[d];
    if (!preadAll(f.fd, dst, run * width, header.dataOffset + flat * width)) {
      error = "'" + path + "': read failed";
      return false;
    }
    dst += run * width;
    int64_t d = inner - 1;
    for (; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      break;
  }
  return true;
}

bool writeNpy(const std::string &path, const Array &array, std::string &error) {
  std::string dict = std::string("{'descr': '") + npyDescr(array.dtype) +
                     "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < array.shape.size(); ++i)
    dict += std::to_string(array.shape[i]) + ", ";
  if (array.shape.size() > 1)
    dict.resize(dict.size() - 2);
  else if (array.shape.size() == 1)
    dict.pop_back(); // "(n,)"
  dict += "), }";
  size_t total = 10 + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict += '\n';
  std::string head = "\x93NUMPY";
  head += '\x01';
  head += '\x00';
  head += static_cast<char>(dict.size() & 0xff);
  head += static_cast<char>((dict.size() >> 8) & 0xff);
  head += dict;
  // Through a temporary in the same directory, renamed into place once
  // complete: a full disk or a rank killed mid-write leaves no file under
  // `path` that could pass for the result (nor truncates an earlier one).
  size_t slash = path.rfind('/');
  std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  std::string tmp = dir + "." +
                    path.substr(slash == std::string::npos ? 0 : slash + 1) +
                    ".tmp" + std::to_string(::getpid());
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  bool ok = std::fwrite(head.data(), 1, head.size(), f) == head.size() &&
            std::fwrite(array.bytes.data(), 1, array.bytes.size(), f) ==
                array.bytes.size() &&
            std::fflush(f) == 0;
  int why = errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    why = errno;
  }
  if (ok && std::rename(tmp.c_str(), path.c_str()) != 0) {
    ok = false;
    why = errno;
  }
  if (!ok) {
    ::unlink(tmp.c_str());
    error = "cannot write '" + path + "': " + std::strerror(why);
  }
  return ok;
}

//===----------------------------------------------------------------------===//
// Layouts and shards
//===----------------------------------------------------------------------===//

Box shardBox(const std::vector<int64_t> &whole,
             const std::vector<int64_t> &layout,
             const std::vector<int64_t> &levelSizes,
             const std::vector<int64_t> &coords) {
  Box box{std::vector<int64_t>(whole.size(), 0), whole};
  for (size_t level = 0; level < layout.size(); ++level) {
    int64_t d = layout[level];
    if (d < 0)
      continue;
    int64_t n = box.sizes[d], k = levelSizes[level], c = coords[level];
    int64_t begin = c * n / k, end = (c + 1) * n / k;
    box.offsets[d] += begin;
    box.sizes[d] = end - begin;
  }
  return box;
}

Box paddedShardBox(const std::vector<int64_t> &whole,
                   const std::vector<int64_t> &layout,
                   const std::vector<int64_t> &levelSizes,
                   const std::vector<int64_t> &coords,
                   std::vector<int64_t> &extents) {
  Box box{std::vector<int64_t>(whole.size(), 0), whole};
  extents = whole;
  for (size_t level = 0; level < layout.size(); ++level) {
    int64_t d = layout[level];
    if (d < 0)
      continue;
    int64_t k = levelSizes[level], c = coords[level];
    int64_t block = (extents[d] + k - 1) / k, start = c * block;
    box.offsets[d] += start;
    box.sizes[d] = std::clamp<int64_t>(box.sizes[d] - start, 0, block);
    extents[d] = block;
  }
  return box;
}

bool isPaddedValue(const ValueSpec &v, const std::vector<int64_t> &whole,
                   const std::vector<int64_t> &levelSizes) {
  if (v.globalShape.empty() || v.layout.size() != levelSizes.size() ||
      whole.size() != v.shape.size())
    return false;
  std::vector<int64_t> extents = whole;
  bool uneven = false;
  for (size_t level = 0; level < v.layout.size(); ++level) {
    int64_t d = v.layout[level];
    if (d < 0)
      continue;
    if (v.shape[d] < 0)
      return false;
    int64_t k = levelSizes[level];
    uneven |= extents[d] % k != 0;
    extents[d] = (extents[d] + k - 1) / k;
  }
  return uneven;
}

void padBlock(Array &block, const std::vector<int64_t> &extents) {
  if (block.shape == extents)
    return;
  Array padded;
  padded.dtype = block.dtype;
  padded.shape = extents;
  padded.bytes.assign(padded.numElements() * byteWidth(block.dtype), 0);
  placeBlock(block, Box{std::vector<int64_t>(extents.size(), 0), block.shape},
             padded);
  block = std::move(padded);
}

void cropBlock(Array &shard, const std::vector<int64_t> &sizes) {
  if (shard.shape == sizes)
    return;
  const int64_t rank = static_cast<int64_t>(sizes.size());
  const int64_t width = byteWidth(shard.dtype);
  Array real;
  real.dtype = shard.dtype;
  real.shape = sizes;
  real.bytes.assign(real.numElements() * width, 0);
  int64_t n = real.numElements();
  if (n == 0) {
    shard = std::move(real);
    return;
  }
  const int64_t row = sizes[rank - 1];
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < n; i += row) {
    int64_t flat = 0;
    for (int64_t d = 0; d < rank; ++d)
      flat = flat * shard.shape[d] + index[d];
    std::memcpy(real.bytes.data() + i * width,
                shard.bytes.data() + flat * width, row * width);
    for (int64_t d = rank - 2; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
  }
  shard = std::move(real);
}

std::string checkLayout(const std::vector<int64_t> &layout, int64_t rank,
                        int64_t numLevels) {
  if (layout.empty())
    return "";
  if (static_cast<int64_t>(layout.size()) != numLevels)
    return "has " + std::to_string(layout.size()) +
           " entries but the grid has " + std::to_string(numLevels) +
           " level(s)";
  for (int64_t d : layout)
    if (d < -1 || d >= rank)
      return "names dimension " + std::to_string(d) + " of a rank-" +
             std::to_string(rank) + " value";
  return "";
}

std::vector<int64_t> gridCoords(int64_t rank,
                                const std::vector<int64_t> &levelSizes) {
  std::vector<int64_t> coords(levelSizes.size(), 0);
  for (int64_t i = static_cast<int64_t>(levelSizes.size()) - 1; i >= 0; --i) {
    coords[i] = rank % levelSizes[i];
    rank /= levelSizes[i];
  }
  return coords;
}

std::vector<int64_t> evenWholeShape(const std::vector<int64_t> &shard,
                                    const std::vector<int64_t> &layout,
                                    const std::vector<int64_t> &levelSizes) {
  std::vector<int64_t> whole = shard;
  for (size_t level = 0; level < layout.size(); ++level)
    if (layout[level] >= 0)
      whole[layout[level]] *= levelSizes[level];
  return whole;
}

namespace {
uint64_t splitMix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
} // namespace

double seededValue(uint64_t seed, int64_t argIndex, int64_t flatIndex) {
  uint64_t h = splitMix(splitMix(splitMix(seed) ^ uint64_t(argIndex)) ^
                        uint64_t(flatIndex));
  return static_cast<double>(h >> 40) / static_cast<double>(1ull << 24);
}

void fillSeeded(uint64_t seed, int64_t argIndex,
                const std::vector<int64_t> &whole, const Box &box, Array &out) {
  out.shape = box.sizes;
  int64_t n = out.numElements(), rank = static_cast<int64_t>(whole.size());
  out.bytes.assign(n * byteWidth(out.dtype), 0);
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t flat = 0;
    for (int64_t d = 0; d < rank; ++d)
      flat = flat * whole[d] + box.offsets[d] + index[d];
    double u = seededValue(seed, argIndex, flat);
    char *slot = out.bytes.data() + i * byteWidth(out.dtype);
    auto store = [slot](auto v) { std::memcpy(slot, &v, sizeof v); };
    switch (out.dtype) {
    case DType::F32:
      store(static_cast<float>(2 * u - 1));
      break;
    case DType::F64:
      store(2 * u - 1);
      break;
    case DType::F16:
      store(tofu_rt_f32_to_f16(static_cast<float>(2 * u - 1)));
      break;
    case DType::BF16:
      store(tofu_rt_f32_to_bf16(static_cast<float>(2 * u - 1)));
      break;
    case DType::I1:
      store(static_cast<uint8_t>(u < 0.5));
      break;
    case DType::I8:
      store(static_cast<int8_t>(u * 16));
      break;
    case DType::I16:
      store(static_cast<int16_t>(u * 16));
      break;
    case DType::I32:
      store(static_cast<int32_t>(u * 16));
      break;
    case DType::I64:
      store(static_cast<int64_t>(u * 16));
      break;
    }
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < box.sizes[d])
        break;
      index[d] = 0;
    }
  }
}

void fromStrided(DType dtype, int64_t rank, const void *aligned, int64_t offset,
                 const int64_t *sizes, const int64_t *strides, Array &out) {
  out.dtype = dtype;
  out.shape.assign(sizes, sizes + rank);
  const int64_t width = byteWidth(dtype), n = out.numElements();
  out.bytes.assign(n * width, 0);
  const char *base = static_cast<const char *>(aligned) + offset * width;
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t at = 0;
    for (int64_t d = 0; d < rank; ++d)
      at += index[d] * strides[d];
    std::memcpy(out.bytes.data() + i * width, base + at * width, width);
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
  }
}

//===----------------------------------------------------------------------===//
// runMain
//===----------------------------------------------------------------------===//

namespace detail {

double seconds(std::chrono::steady_clock::time_point a,
               std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// Peak resident set size of this process in KiB. Linux's VmHWM belongs to
// the process's own address space; getrusage's ru_maxrss also keeps the
// high-water mark of the process that forked and exec'ed it (tofu-run with
// libMLIR, or mpirun), so it is only the fallback.
int64_t peakRssKiB() {
  if (FILE *f = std::fopen("/proc/self/status", "r")) {
    char line[256];
    long long kib = -1;
    while (std::fgets(line, sizeof(line), f))
      if (std::sscanf(line, "VmHWM: %lld kB", &kib) == 1)
        break;
    std::fclose(f);
    if (kib >= 0)
      return kib;
  }
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

bool exists(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

bool makeDirs(const std::string &path, std::string &error) {
  std::string partial;
  for (size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      if (!partial.empty() && !exists(partial) &&
          ::mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST) {
        error = "cannot create '" + partial + "': " + std::strerror(errno);
        return false;
      }
    }
    if (i < path.size())
      partial += path[i];
  }
  return true;
}

std::string valueName(const char *kind, size_t i, const ValueSpec &v) {
  std::string out = std::string(kind) + " " + std::to_string(i);
  if (!v.name.empty())
    out += " (" + v.name + ")";
  return out;
}

// The file argument i is read from: DIR/arg<i>.npy, else DIR/<name>.npy.
std::string inputPath(const std::string &dir, size_t i, const ValueSpec &v) {
  std::string byIndex = dir + "/arg" + std::to_string(i) + ".npy";
  if (exists(byIndex) || v.name.empty())
    return byIndex;
  std::string byName = dir + "/" + v.name + ".npy";
  return exists(byName) ? byName : byIndex;
}

int64_t rankOf(const std::vector<int64_t> &coords,
               const std::vector<int64_t> &levelSizes) {
  int64_t r = 0;
  for (size_t l = 0; l < levelSizes.size(); ++l)
    r = r * levelSizes[l] + coords[l];
  return r;
}

// Inputs are matched to arguments by position, so a directory with more
// argN.npy files than the entry has arguments means the two disagree (e.g.
// a JAX export whose @main dropped an unused argument): every later file
// would feed the wrong parameter. Refuse it instead of ignoring the rest.
bool checkNoExtraInputs(const EntrySpec &spec, const std::string &dir,
                        std::string &error) {
  const std::string extra =
      dir + "/arg" + std::to_string(spec.args.size()) + ".npy";
  if (!exists(extra))
    return true;
  size_t files = spec.args.size() + 1;
  while (exists(dir + "/arg" + std::to_string(files) + ".npy"))
    ++files;
  error = "input " + extra + " has no argument: @" + spec.entry + " takes " +
          std::to_string(spec.args.size()) + " argument" +
          (spec.args.size() == 1 ? "" : "s") + " but " + dir +
          " holds arg0 to arg" + std::to_string(files - 1) +
          ".npy (inputs must match the entry's signature in order; a JAX "
          "export needs jax.jit(..., keep_unused=True))";
  return false;
}

// Loads this rank's block of argument i (or the whole tensor if coords is
// empty) into `out`.
bool loadArgument(const Options &opts, const EntrySpec &spec, size_t i,
                  const std::vector<int64_t> &coords, bool whole, Array &out,
                  std::string &error) {
  const ValueSpec &v = spec.args[i];
  std::string what = valueName("argument", i, v);
  std::vector<int64_t> wholeShape;
  NpyHeader header;
  std::string path;
  if (!opts.inputs.empty()) {
    path = inputPath(opts.inputs, i, v);
    if (!exists(path)) {
      error =
          "missing input for " + what + ": no " + path +
          (v.name.empty() ? "" : " nor " + opts.inputs + "/" + v.name + ".npy");
      return false;
    }
    if (!readNpyHeader(path, header, error))
      return false;
    if (header.dtype != v.dtype) {
      error = what + ": " + path + " holds " + mlirName(header.dtype) +
              " values, @" + spec.entry + " takes " + mlirName(v.dtype);
      return false;
    }
    wholeShape = header.shape;
  } else if (!v.globalShape.empty()) {
    wholeShape = v.globalShape;
  } else {
    for (int64_t d : v.shape)
      if (d < 0) {
        error = what + " has a dynamic dimension: give its values with "
                       "--inputs (--seed needs static shapes)";
        return false;
      }
    wholeShape = evenWholeShape(v.shape, v.layout, spec.levelSizes);
  }
  // The program was partitioned for its tofu.global_shape (a padded
  // shard's real extent depends on it): an input of another shape would be
  // cut to the wrong blocks.
  if (!opts.inputs.empty() && !v.globalShape.empty() &&
      wholeShape != v.globalShape) {
    error = what + ": " + path + " is " + shapeString(wholeShape) + ", @" +
            spec.entry + " takes shards of a " + shapeString(v.globalShape) +
            " tensor (tofu.global_shape)";
    return false;
  }
  if (wholeShape.size() != v.shape.size()) {
    error = what + ": " + path + " is " + shapeString(wholeShape) + " (rank " +
            std::to_string(wholeShape.size()) + "), @" + spec.entry +
            " takes a rank-" + std::to_string(v.shape.size()) + " " +
            (v.isTensor ? "tensor" : "scalar");
    return false;
  }
  // A padded split (tofu.global_shape and an uneven split of a static
  // dimension): the block is the real part of the rank's rounded-up share,
  // zero-padded to the shard's extents.
  bool padded = !whole && isPaddedValue(v, wholeShape, spec.levelSizes);
  std::vector<int64_t> extents;
  Box box = whole ? Box{std::vector<int64_t>(wholeShape.size(), 0), wholeShape}
            : padded ? paddedShardBox(wholeShape, v.layout, spec.levelSizes,
                                      coords, extents)
                     : shardBox(wholeShape, v.layout, spec.levelSizes, coords);
  if (!padded)
    extents = box.sizes;
  if (!whole)
    for (size_t d = 0; d < v.shape.size(); ++d)
      if (v.shape[d] >= 0 && v.shape[d] != extents[d]) {
        std::string layout;
        for (int64_t l : v.layout)
          layout += (layout.empty() ? "" : ", ") + std::to_string(l);
        error = what + ": the whole input is " + shapeString(wholeShape) +
                (v.layout.empty() ? std::string()
                                  : " with layout [" + layout + "]") +
                ", so the block of rank " +
                std::to_string(rankOf(coords, spec.levelSizes)) + " is " +
                shapeString(extents) + (padded ? " (padded)" : "") + ", but @" +
                spec.entry + " takes " + shapeString(v.shape);
        return false;
      }
  out.dtype = v.dtype;
  if (!opts.inputs.empty()) {
    if (!readNpyBlock(path, header, box.offsets, box.sizes, out, error))
      return false;
  } else {
    fillSeeded(opts.seed, static_cast<int64_t>(i), wholeShape, box, out);
  }
  if (padded)
    padBlock(out, extents);
  return true;
}

} // namespace detail

using namespace detail;

bool checkInputs(const EntrySpec &spec, const std::string &dir,
                 std::string &error) {
  Options opts;
  opts.inputs = dir;
  int64_t size = 1;
  for (int64_t k : spec.levelSizes)
    size *= k;
  if (!checkNoExtraInputs(spec, dir, error))
    return false;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const ValueSpec &v = spec.args[i];
    std::string path = inputPath(dir, i, v);
    if (!exists(path)) {
      error = "missing input for " + valueName("argument", i, v) + ": no " +
              path +
              (v.name.empty() ? "" : " nor " + dir + "/" + v.name + ".npy");
      return false;
    }
    NpyHeader header;
    if (!readNpyHeader(path, header, error))
      return false;
    // Check every rank's block against the argument type.
    for (int64_t r = 0; r < size; ++r) {
      Array unused;
      std::vector<int64_t> coords = gridCoords(r, spec.levelSizes);
      if (header.dtype != v.dtype || header.shape.size() != v.shape.size() ||
          (!v.globalShape.empty() && header.shape != v.globalShape))
        return loadArgument(opts, spec, i, coords, false, unused, error);
      std::vector<int64_t> extents;
      if (isPaddedValue(v, header.shape, spec.levelSizes))
        paddedShardBox(header.shape, v.layout, spec.levelSizes, coords,
                       extents);
      else
        extents =
            shardBox(header.shape, v.layout, spec.levelSizes, coords).sizes;
      for (size_t d = 0; d < v.shape.size(); ++d)
        if (v.shape[d] >= 0 && v.shape[d] != extents[d])
          return loadArgument(opts, spec, i, coords, false, unused, error);
    }
  }
  return true;
}

// Copies `block` into `whole` at `box`.
void placeBlock(const Array &block, const Box &box, Array &whole) {
  const int64_t rank = static_cast<int64_t>(whole.shape.size());
  const int64_t width = byteWidth(whole.dtype), n = block.numElements();
  if (n == 0)
    return;
  if (rank == 0) {
    std::memcpy(whole.bytes.data(), block.bytes.data(), width);
    return;
  }
  const int64_t row = box.sizes[rank - 1];
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < n; i += row) {
    int64_t flat = 0;
    for (int64_t d = 0; d < rank; ++d)
      flat = flat * whole.shape[d] + box.offsets[d] + index[d];
    std::memcpy(whole.bytes.data() + flat * width,
                block.bytes.data() + i * width, row * width);
    for (int64_t d = rank - 2; d >= 0; --d) {
      if (++index[d] < box.sizes[d])
        break;
      index[d] = 0;
    }
  }
}

namespace {

double maxAbsDiff(const Array &a, const Array &b);

} // namespace

namespace detail {

double sumOf(const Array &a) {
  double s = 0;
  for (int64_t i = 0; i < a.numElements(); ++i)
    s += elementAsDouble(a, i);
  return s;
}

} // namespace detail

namespace {

double maxAbsDiff(const Array &a, const Array &b) {
  double worst = 0;
  for (int64_t i = 0; i < a.numElements(); ++i) {
    double x = elementAsDouble(a, i), y = elementAsDouble(b, i);
    double d = std::fabs(x - y);
    if (std::isnan(d))
      d = std::isnan(x) && std::isnan(y) ? 0 : INFINITY;
    worst = std::max(worst, d);
  }
  return worst;
}

} // namespace

namespace detail {

// Gathers result k of every rank on rank 0 and assembles the whole tensor
// there. Returns false (on rank 0) with `error` set if the shards do not fit
// the layout or replicas differ.
bool gatherResult(const EntrySpec &spec, size_t k, const Array &local,
                  bool replicaCheck, Array &whole, std::string &error) {
  const ValueSpec &v = spec.results[k];
  const int64_t size = tofu_rt_size(), me = tofu_rt_rank();
  const int64_t rank = static_cast<int64_t>(local.shape.size());
  const int64_t width = byteWidth(local.dtype);
  std::vector<int64_t> shapes(me == 0 ? size * rank : 0);
  tofu_rt_gather_bytes_to_root(local.shape.data(), rank * 8, shapes.data());
  int64_t maxBytes = static_cast<int64_t>(local.bytes.size());
  tofu_rt_max_i64(&maxBytes);
  std::vector<char> padded(local.bytes);
  padded.resize(maxBytes);
  std::vector<char> all(me == 0 ? size * maxBytes : 0);
  tofu_rt_gather_bytes_to_root(padded.data(), maxBytes, all.data());
  if (me != 0)
    return true;

  auto shardOf = [&](int64_t r) {
    Array a;
    a.dtype = local.dtype;
    a.shape.assign(shapes.begin() + r * rank, shapes.begin() + (r + 1) * rank);
    a.bytes.assign(all.begin() + r * maxBytes,
                   all.begin() + r * maxBytes + a.numElements() * width);
    return a;
  };
  const std::vector<int64_t> &levels = spec.levelSizes;
  auto isSplit = [&](size_t level) {
    return level < v.layout.size() && v.layout[level] >= 0;
  };
  // The whole shape: given, or the sum of the shards along split dimensions.
  std::vector<int64_t> wholeShape = v.globalShape;
  if (wholeShape.empty()) {
    wholeShape.assign(rank, 0);
    for (int64_t d = 0; d < rank; ++d) {
      auto splitsD = [&](size_t l) { return isSplit(l) && v.layout[l] == d; };
      bool split = false;
      for (size_t l = 0; l < levels.size(); ++l)
        split |= splitsD(l);
      if (!split) {
        wholeShape[d] = shapes[d];
        continue;
      }
      // Sum the shards of the ranks that differ only along levels splitting d.
      for (int64_t r = 0; r < size; ++r) {
        std::vector<int64_t> c = gridCoords(r, levels);
        bool counts = true;
        for (size_t l = 0; l < levels.size(); ++l)
          if (!splitsD(l) && c[l] != 0)
            counts = false;
        if (counts)
          wholeShape[d] += shapes[r * rank + d];
      }
    }
  }
  whole.dtype = local.dtype;
  whole.shape = wholeShape;
  whole.bytes.assign(whole.numElements() * width, 0);
  bool paddedShards = isPaddedValue(v, wholeShape, levels);
  for (int64_t r = 0; r < size; ++r) {
    std::vector<int64_t> c = gridCoords(r, levels);
    Array shard = shardOf(r);
    // A replica: some level that does not split this value has c != 0.
    std::vector<int64_t> canonical = c;
    bool replica = false;
    for (size_t l = 0; l < levels.size(); ++l)
      if (!isSplit(l) && c[l] != 0) {
        replica = true;
        canonical[l] = 0;
      }
    if (replica) {
      if (!replicaCheck)
        continue;
      int64_t owner = 0;
      for (size_t l = 0; l < levels.size(); ++l)
        owner = owner * levels[l] + canonical[l];
      Array reference = shardOf(owner);
      // Padding holds unspecified values (an op leaves its init there):
      // replicas of a padded block agree on its real part only.
      if (paddedShards) {
        std::vector<int64_t> extents;
        Box real =
            paddedShardBox(wholeShape, v.layout, levels, canonical, extents);
        if (reference.shape == shard.shape && extents == shard.shape) {
          cropBlock(shard, real.sizes);
          cropBlock(reference, real.sizes);
        }
      }
      if (reference.shape != shard.shape || reference.bytes != shard.bytes) {
        error = valueName("result", k, v) + " should be replicated, but rank " +
                std::to_string(r) + " returned " +
                (reference.shape != shard.shape
                     ? shapeString(shard.shape) + " instead of " +
                           shapeString(reference.shape)
                     : "values differing from rank " + std::to_string(owner) +
                           "'s by up to " +
                           std::to_string(maxAbsDiff(shard, reference)));
        return false;
      }
      continue;
    }
    // A padded shard: its real part goes into the whole, the padding is
    // dropped.
    std::vector<int64_t> extents;
    Box box = paddedShardBox(wholeShape, v.layout, levels, c, extents);
    if (!paddedShards) {
      box = shardBox(wholeShape, v.layout, levels, c);
      extents = box.sizes;
    }
    if (extents != shard.shape) {
      error = valueName("result", k, v) + ": rank " + std::to_string(r) +
              " returned a " + shapeString(shard.shape) +
              " block, but its block of the " + shapeString(wholeShape) +
              " result is " + shapeString(extents) +
              (paddedShards ? " (padded)" : "");
      return false;
    }
    cropBlock(shard, box.sizes);
    placeBlock(shard, box, whole);
  }
  return true;
}

} // namespace detail

namespace {

void usage() {
  std::fprintf(
      stderr,
      "usage: <program> [--inputs DIR | --seed S] [--outputs DIR] "
      "[--rank-outputs DIR] [--save-inputs DIR] [--no-replica-check]\n"
      "       [--steps N --state A0,A1,... [--loss K] [--loss-log FILE]\n"
      "        [--checkpoint DIR [--checkpoint-every K] [--resume]]\n"
      "        [--wait-batches]]\n");
}

// Integers separated by commas ("0,1,-1").
bool parseIntList(const std::string &text, std::vector<int64_t> &out) {
  out.clear();
  size_t at = 0;
  while (at <= text.size()) {
    size_t comma = text.find(',', at);
    std::string item = text.substr(
        at, comma == std::string::npos ? std::string::npos : comma - at);
    char *end = nullptr;
    long long v = std::strtoll(item.c_str(), &end, 10);
    if (item.empty() || *end)
      return false;
    out.push_back(v);
    if (comma == std::string::npos)
      break;
    at = comma + 1;
  }
  return true;
}

// The options of the training loop at argv[i]: 1 if one was taken (i moved
// past its value), 0 if argv[i] is none of them, -1 if it is malformed
// (printed).
int parseTrainOption(int argc, char **argv, int &i, TrainOptions &train) {
  std::string a = argv[i];
  if (a == "--resume") {
    train.resume = true;
    return 1;
  }
  if (a == "--wait-batches") {
    train.waitBatches = true;
    return 1;
  }
  const bool takesValue = a == "--steps" || a == "--state" || a == "--loss" ||
                          a == "--loss-log" || a == "--checkpoint" ||
                          a == "--checkpoint-every";
  if (!takesValue || i + 1 >= argc)
    return 0;
  std::string value = argv[++i];
  char *end = nullptr;
  long long n = std::strtoll(value.c_str(), &end, 10);
  bool isInt = !value.empty() && !*end;
  bool ok = true;
  if (a == "--steps")
    ok = isInt && n >= 1 && (train.steps = n);
  else if (a == "--loss")
    ok = isInt && n >= -1 && ((train.lossResult = n), true);
  else if (a == "--checkpoint-every")
    ok = isInt && n >= 1 && (train.checkpointEvery = n);
  else if (a == "--state")
    ok = parseIntList(value, train.argOfResult);
  else if (a == "--loss-log")
    train.lossLog = value;
  else
    train.checkpoint = value;
  if (!ok)
    std::fprintf(stderr, "tofu-run: bad value '%s' for %s\n", value.c_str(),
                 a.c_str());
  return ok ? 1 : -1;
}

} // namespace

int runMain(int argc, char **argv, const EntrySpec &spec, EntryAdapter call) {
  auto start = std::chrono::steady_clock::now();
  Options opts;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&](std::string &into) {
      if (i + 1 >= argc)
        return false;
      into = argv[++i];
      return true;
    };
    std::string seed;
    if (a == "--inputs" && next(opts.inputs))
      continue;
    if (a == "--outputs" && next(opts.outputs))
      continue;
    if (a == "--rank-outputs" && next(opts.rankOutputs))
      continue;
    if (a == "--save-inputs" && next(opts.saveInputs))
      continue;
    if (a == "--seed" && next(seed)) {
      opts.seed = std::strtoull(seed.c_str(), nullptr, 10);
      continue;
    }
    if (a == "--no-replica-check") {
      opts.replicaCheck = false;
      continue;
    }
    int parsed = parseTrainOption(argc, argv, i, opts.train);
    if (parsed > 0)
      continue;
    if (parsed == 0)
      std::fprintf(stderr, "tofu-run: unknown or incomplete option '%s'\n",
                   a.c_str());
    usage();
    return 2;
  }

  tofu_rt_init(static_cast<int64_t>(spec.levelSizes.size()),
               spec.levelSizes.data());
  const int64_t me = tofu_rt_rank(), size = tofu_rt_size();
  const int64_t rssAtInit = peakRssKiB();
  std::vector<int64_t> coords = gridCoords(me, spec.levelSizes);

  // Inputs: every rank reads or generates only its own blocks.
  auto loadStart = std::chrono::steady_clock::now();
  std::vector<Array> args(spec.args.size());
  std::string error;
  int64_t failed = 0;
  if (!opts.inputs.empty() && !checkNoExtraInputs(spec, opts.inputs, error))
    failed = 1;
  for (size_t i = 0; i < spec.args.size() && !failed; ++i)
    if (!loadArgument(opts, spec, i, coords, /*whole=*/false, args[i], error))
      failed = 1;
  if (failed)
    std::fprintf(stderr, "tofu-run: rank %lld: %s\n", (long long)me,
                 error.c_str());
  tofu_rt_max_i64(&failed);
  if (failed) {
    tofu_rt_finalize();
    return 1;
  }

  // The call, or with --steps the training loop.
  tofu_rt_reset_wait_seconds();
  auto callStart = std::chrono::steady_clock::now();
  std::vector<Array> results;
  if (opts.train.steps > 0) {
    if (!runTraining(opts, spec, call, coords, args, results)) {
      tofu_rt_finalize();
      return 1;
    }
  } else {
    results = call(args);
  }
  auto callEnd = std::chrono::steady_clock::now();
  // Time blocked in receives and broadcasts: a pipeline stage's bubble.
  const double waited = tofu_rt_wait_seconds();
  int64_t rss = peakRssKiB();
  args.clear();
  args.shrink_to_fit();

  if (!opts.rankOutputs.empty()) {
    std::string dir = opts.rankOutputs + "/rank" + std::to_string(me);
    bool ok = makeDirs(dir, error);
    for (size_t k = 0; ok && k < results.size(); ++k)
      ok = writeNpy(dir + "/result" + std::to_string(k) + ".npy", results[k],
                    error);
    if (!ok) {
      std::fprintf(stderr, "tofu-run: rank %lld: %s\n", (long long)me,
                   error.c_str());
      failed = 1;
    }
  }

  // Results: assembled on rank 0.
  bool ok = true;
  if (me == 0 && !opts.outputs.empty() && !makeDirs(opts.outputs, error)) {
    std::fprintf(stderr, "tofu-run: %s\n", error.c_str());
    ok = false;
  }
  for (size_t k = 0; k < results.size(); ++k) {
    Array whole;
    std::string why;
    if (!gatherResult(spec, k, results[k], opts.replicaCheck, whole, why)) {
      std::fprintf(stderr, "tofu-run: error: %s\n", why.c_str());
      ok = false;
      continue;
    }
    if (me != 0)
      continue;
    const ValueSpec &v = spec.results[k];
    if (whole.shape.empty())
      std::printf("tofu-run: result %zu: %s = %.9g\n", k, mlirName(whole.dtype),
                  sumOf(whole));
    else
      std::printf("tofu-run: result %zu: %s %s, sum %.9g\n", k,
                  mlirName(whole.dtype), shapeString(whole.shape).c_str(),
                  sumOf(whole));
    (void)v;
    if (!opts.outputs.empty() && ok &&
        !writeNpy(opts.outputs + "/result" + std::to_string(k) + ".npy", whole,
                  why)) {
      std::fprintf(stderr, "tofu-run: %s\n", why.c_str());
      ok = false;
    }
  }

  if (!opts.saveInputs.empty() && me == 0) {
    ok = ok && makeDirs(opts.saveInputs, error);
    for (size_t i = 0; ok && i < spec.args.size(); ++i) {
      Array a;
      ok = loadArgument(opts, spec, i, coords, /*whole=*/true, a, error) &&
           writeNpy(opts.saveInputs + "/arg" + std::to_string(i) + ".npy", a,
                    error);
    }
    if (!ok && !error.empty())
      std::fprintf(stderr, "tofu-run: %s\n", error.c_str());
  }

  // Per-rank statistics, printed by rank 0 in rank order.
  auto end = std::chrono::steady_clock::now();
  constexpr int kStats = 6;
  double stats[kStats] = {
      static_cast<double>(rss),       seconds(loadStart, callStart),
      seconds(callStart, callEnd),    seconds(start, end),
      static_cast<double>(rssAtInit), waited};
  std::vector<double> allStats(me == 0 ? kStats * size : 0);
  tofu_rt_gather_bytes_to_root(stats, sizeof(stats), allStats.data());
  if (me == 0) {
    for (int64_t r = 0; r < size; ++r) {
      const double *st = &allStats[kStats * r];
      std::printf("tofu-run: rank %lld: peak RSS %.1f MiB (%.1f MiB after "
                  "init), inputs %.3f s, entry %.3f s, total %.3f s, "
                  "waited %.3f s\n",
                  (long long)r, st[0] / 1024.0, st[4] / 1024.0, st[1], st[2],
                  st[3], st[5]);
    }
    std::fflush(stdout);
  }
  int64_t bad = (!ok || failed) ? 1 : 0;
  tofu_rt_max_i64(&bad);
  tofu_rt_finalize();
  return bad ? 1 : 0;
}

} // namespace tofu_run

//===----------------------------------------------------------------------===//
// memrefCopy
//===----------------------------------------------------------------------===//

// The lowering of memref.copy calls `memrefCopy`, otherwise found in
// libmlir_c_runner_utils, which loads libMLIR and libLLVM (about 75 MiB of
// every rank's resident memory). Same ABI: element size and two unranked
// memrefs {rank, descriptor}; offsets and strides count elements.
namespace {
struct UnrankedMemRefArg {
  int64_t rank;
  void *descriptor;
};
struct StridedView {
  char *base;
  const int64_t *sizes;
  const int64_t *strides;
};
StridedView viewOf(const UnrankedMemRefArg &m, int64_t elemSize) {
  auto *fields = static_cast<char *>(m.descriptor);
  char *aligned;
  int64_t offset;
  std::memcpy(&aligned, fields + sizeof(void *), sizeof(void *));
  std::memcpy(&offset, fields + 2 * sizeof(void *), sizeof(int64_t));
  auto *dims = reinterpret_cast<const int64_t *>(fields + 2 * sizeof(void *) +
                                                 sizeof(int64_t));
  return {aligned + offset * elemSize, dims, dims + m.rank};
}
} // namespace

extern "C" void memrefCopy(int64_t elemSize, UnrankedMemRefArg *srcArg,
                           UnrankedMemRefArg *dstArg) {
  const int64_t rank = srcArg->rank;
  StridedView src = viewOf(*srcArg, elemSize), dst = viewOf(*dstArg, elemSize);
  int64_t n = 1;
  bool contiguous = true;
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (src.sizes[d] != 1 && (src.strides[d] != n || dst.strides[d] != n))
      contiguous = false;
    n *= src.sizes[d];
  }
  if (n == 0)
    return;
  if (contiguous) {
    std::memmove(dst.base, src.base, n * elemSize);
    return;
  }
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t s = 0, t = 0;
    for (int64_t d = 0; d < rank; ++d) {
      s += index[d] * src.strides[d];
      t += index[d] * dst.strides[d];
    }
    std::memcpy(dst.base + t * elemSize, src.base + s * elemSize, elemSize);
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < src.sizes[d])
        break;
      index[d] = 0;
    }
  }
}
