//===- RunSupport.h - Per-rank driver of tofu-run: npy, shards, results ---===//
//
// The code every program built by tofu-run links (libtofu_run_support.so):
// .npy reading and writing, the layout -> shard mapping, seeded inputs, and
// `runMain`, which loads this rank's input shards, calls the entry function
// through a small generated adapter, gathers the results on rank 0 and prints
// per-rank peak memory and wall time. It uses libtofu_runtime, not LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_RUN_RUNSUPPORT_H
#define TOFU_RUN_RUNSUPPORT_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace tofu_run {

/// The element types of entry arguments and results. i1 is one byte (0 or
/// 1, numpy's bool); bf16 has no numpy type of its own and travels as its
/// 16-bit patterns (`<u2`; `<V2`, as ml_dtypes saves it, reads too).
enum class DType { F32, F64, I32, I64, I1, I8, I16, F16, BF16 };
constexpr DType kAllDTypes[] = {DType::F32, DType::F64, DType::I32,
                                DType::I64, DType::I1,  DType::I8,
                                DType::I16, DType::F16, DType::BF16};

/// Bytes per element, the MLIR name ("f32"), the numpy descr ("<f4") and
/// the C++ type the generated adapter uses for scalars ("float").
int64_t byteWidth(DType t);
const char *mlirName(DType t);
const char *npyDescr(DType t);
const char *cxxScalarName(DType t);
/// The dtype whose MLIR name is `name` ("bf16"), if any.
bool dtypeNamed(const std::string &name, DType &out);
/// "f32, f64, ..." for messages.
std::string dtypeList();

/// A dense row-major array (a 0-d one for scalars).
struct Array {
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  std::vector<char> bytes;

  int64_t numElements() const;
  template <typename T> T *data() {
    return reinterpret_cast<T *>(bytes.data());
  }
};

std::string shapeString(const std::vector<int64_t> &shape);

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

/// The header of a .npy file: dtype, shape and where the data starts.
struct NpyHeader {
  DType dtype;
  std::vector<int64_t> shape;
  int64_t dataOffset = 0;
};

/// Reads the header of `path`; on failure returns false and sets `error`.
/// Accepts format versions 1-3, little-endian f4/f8/i4/i8, C order.
bool readNpyHeader(const std::string &path, NpyHeader &header,
                   std::string &error);
/// Reads the block [offsets, offsets + sizes) of the array in `path` (whose
/// header is `header`) into `out`, reading only the bytes of the block.
bool readNpyBlock(const std::string &path, const NpyHeader &header,
                  const std::vector<int64_t> &offsets,
                  const std::vector<int64_t> &sizes, Array &out,
                  std::string &error);
/// Writes `array` as a version 1.0 .npy file, through a temporary in the
/// same directory renamed to `path` once complete (removed on failure).
bool writeNpy(const std::string &path, const Array &array, std::string &error);

//===----------------------------------------------------------------------===//
// Layouts and shards
//===----------------------------------------------------------------------===//

/// A box of a tensor: the element at index i belongs to it iff
/// offsets[d] <= i[d] < offsets[d] + sizes[d] for every d.
struct Box {
  std::vector<int64_t> offsets, sizes;
};

/// The block of a tensor of shape `whole` that the rank with grid
/// coordinates `coords` (one per level, grid `levelSizes`) holds when the
/// tensor has layout `layout` (one dimension per level, -1: not split at
/// that level). Levels are applied in order: level i splits dimension
/// layout[i] of the box left by levels 0..i-1 into levelSizes[i] parts and
/// keeps part coords[i]. Part c of n elements split k ways is
/// [floor(c*n/k), floor((c+1)*n/k)), so uneven sizes differ by at most one.
/// An empty layout means replicated. Preconditions (checked by
/// `checkLayout`): layout.size() is 0 or levelSizes.size(), every entry is -1
/// or a dimension of `whole`.
Box shardBox(const std::vector<int64_t> &whole,
             const std::vector<int64_t> &layout,
             const std::vector<int64_t> &levelSizes,
             const std::vector<int64_t> &coords);

/// The block of a tensor of shape `whole` under a layout with padded
/// (uneven) splits: level i splits dimension layout[i] of the part left by
/// the levels before it, *padding included*, into levelSizes[i] blocks of
/// the rounded-up size; the rank keeps block coords[i]. `extents` is the
/// rank's shard, padding included (the same on every rank); the returned
/// box is its real part (the elements of `whole` it holds, at the start of
/// the shard; empty for a block of padding only).
Box paddedShardBox(const std::vector<int64_t> &whole,
                   const std::vector<int64_t> &layout,
                   const std::vector<int64_t> &levelSizes,
                   const std::vector<int64_t> &coords,
                   std::vector<int64_t> &extents);

struct ValueSpec;
/// Whether value `v` of whole shape `whole` has padded shards: it carries
/// tofu.global_shape (the materializer writes it for padded layouts) and a
/// level splits a static dimension unevenly. Otherwise uneven splits are
/// shardBox's balanced blocks, which need dynamic shard dimensions.
bool isPaddedValue(const ValueSpec &v, const std::vector<int64_t> &whole,
                   const std::vector<int64_t> &levelSizes);
/// Zero-pads `block` (at its end) to `extents`.
void padBlock(Array &block, const std::vector<int64_t> &extents);
/// Keeps the leading `sizes` of `shard` (drops its padding).
void cropBlock(Array &shard, const std::vector<int64_t> &sizes);
/// Copies `block` into `whole` at `box`.
void placeBlock(const Array &block, const Box &box, Array &whole);

/// Why `layout` is not valid for a tensor of rank `rank` on `numLevels`
/// levels, or "" if it is.
std::string checkLayout(const std::vector<int64_t> &layout, int64_t rank,
                        int64_t numLevels);

/// Grid coordinates of world rank `rank` (row-major, level 0 most
/// significant), as libtofu_runtime numbers them.
std::vector<int64_t> gridCoords(int64_t rank,
                                const std::vector<int64_t> &levelSizes);

/// The whole shape of a tensor whose every shard has shape `shard` when all
/// splits are even: shard[d] times the sizes of the levels splitting d.
std::vector<int64_t> evenWholeShape(const std::vector<int64_t> &shard,
                                    const std::vector<int64_t> &layout,
                                    const std::vector<int64_t> &levelSizes);

/// Deterministic input values for `--seed`: element `flatIndex` (row-major
/// index in the whole tensor) of argument `argIndex`. Floats are uniform in
/// [-1, 1); integers uniform in [0, 16). Independent of the rank count.
double seededValue(uint64_t seed, int64_t argIndex, int64_t flatIndex);
/// Fills `out` (dtype and shape set) with the block `box` of the seeded
/// whole tensor of shape `whole`.
void fillSeeded(uint64_t seed, int64_t argIndex,
                const std::vector<int64_t> &whole, const Box &box, Array &out);

//===----------------------------------------------------------------------===//
// The entry function, as the generated adapter describes it
//===----------------------------------------------------------------------===//

/// An argument or result of the entry function.
struct ValueSpec {
  std::string name; // tofu.name, or "" if none
  DType dtype = DType::F32;
  bool isTensor = true;             // false: a scalar
  std::vector<int64_t> shape;       // per-rank type; -1 for a dynamic dimension
  std::vector<int64_t> layout;      // tofu.layout, empty: replicated
  std::vector<int64_t> globalShape; // tofu.global_shape, empty: inferred
};

struct EntrySpec {
  std::string entry;
  std::vector<int64_t> levelSizes; // the grid; product = number of ranks
  bool partitioned = false;        // the module carries tofu.partition
  std::vector<ValueSpec> args, results;
};

/// Ranked memref descriptor as MLIR's C interface passes it.
template <int R> struct MemRef {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[R];
  int64_t strides[R];
};
template <> struct MemRef<0> {
  void *allocated;
  void *aligned;
  int64_t offset;
};

template <int R> MemRef<R> toMemRef(Array &a) {
  MemRef<R> m;
  m.allocated = m.aligned = a.bytes.data();
  m.offset = 0;
  if constexpr (R > 0) {
    int64_t stride = 1;
    for (int d = R - 1; d >= 0; --d) {
      m.sizes[d] = a.shape[d];
      m.strides[d] = stride;
      stride *= a.shape[d];
    }
  }
  return m;
}

/// Copies a (possibly strided) result memref into a dense array.
void fromStrided(DType dtype, int64_t rank, const void *aligned, int64_t offset,
                 const int64_t *sizes, const int64_t *strides, Array &out);
template <int R> Array fromMemRef(const MemRef<R> &m, DType dtype) {
  Array out;
  if constexpr (R > 0)
    fromStrided(dtype, R, m.aligned, m.offset, m.sizes, m.strides, out);
  else
    fromStrided(dtype, 0, m.aligned, m.offset, nullptr, nullptr, out);
  return out;
}

template <typename T> T scalarOf(Array &a) {
  T v;
  std::memcpy(&v, a.bytes.data(), sizeof(T));
  return v;
}
template <typename T> Array fromScalar(T v, DType dtype) {
  Array out;
  out.dtype = dtype;
  out.bytes.resize(sizeof(T));
  std::memcpy(out.bytes.data(), &v, sizeof(T));
  return out;
}

/// Checks, before anything runs, that DIR holds an input for every argument
/// whose dtype and rank match and whose block on every rank has the
/// argument's shape.
bool checkInputs(const EntrySpec &spec, const std::string &dir,
                 std::string &error);

/// Calls the entry function on this rank's argument shards.
using EntryAdapter = std::vector<Array> (*)(std::vector<Array> &args);

/// The main function of a program built by tofu-run; see docs/runtime.md.
int runMain(int argc, char **argv, const EntrySpec &spec, EntryAdapter call);

} // namespace tofu_run

#endif // TOFU_RUN_RUNSUPPORT_H
