//===- TofuRuntime.cpp - Communicator and collectives for SPMD programs
//----===//
//
// Implements tofu_runtime.h. One `Backend` per process: MPI (the ranks of an
// mpirun job, one sub-communicator per grid level) or a single process. The
// public functions validate their arguments, then forward to the backend; the
// memref variants reduce to the contiguous ones after packing blocks.
//
//===----------------------------------------------------------------------===//

#include "tofu_runtime.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#ifdef TOFU_RT_HAVE_MPI
#include <mpi.h>
#endif

namespace {

//===----------------------------------------------------------------------===//
// State and error reporting
//===----------------------------------------------------------------------===//

enum class BackendKind { None, Single, Mpi };

struct State {
  BackendKind kind = BackendKind::None;
  int64_t rank = -1;
  int64_t size = -1;
  std::vector<int64_t> levelSizes;
  std::vector<int64_t> coords;
  bool abortOnError = true;
  bool initializedMpi = false;
  std::string lastError;
#ifdef TOFU_RT_HAVE_MPI
  MPI_Comm world = MPI_COMM_NULL;
  std::vector<MPI_Comm> levelComms;
#endif
};

State &state() {
  static State s;
  return s;
}

std::string format(const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string out(n > 0 ? n : 0, '\0');
  if (n > 0)
    std::vsnprintf(out.data(), n + 1, fmt, args);
  return out;
}

// Records and prints an error of `call`; ends the job in abort mode.
int32_t fail(int32_t code, const char *call, const char *fmt, ...) {
  State &s = state();
  va_list args;
  va_start(args, fmt);
  std::string what = format(fmt, args);
  va_end(args);
  std::string rank = s.rank >= 0 ? std::to_string(s.rank) : std::string("?");
  s.lastError = "tofu_rt: rank " + rank + ": " + call + ": " + what;
  if (s.abortOnError) {
    std::fprintf(stderr, "%s\n", s.lastError.c_str());
    std::fflush(stderr);
#ifdef TOFU_RT_HAVE_MPI
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (s.kind == BackendKind::Mpi && initialized && !finalized)
      MPI_Abort(MPI_COMM_WORLD, 1);
#endif
    std::exit(1);
  }
  return code;
}

// A short "name(arg=value, ...)" for messages.
std::string callName(const char *fn, const char *fmt = "", ...) {
  va_list args;
  va_start(args, fmt);
  std::string inner = format(fmt, args);
  va_end(args);
  return std::string(fn) + "(" + inner + ")";
}

#ifdef TOFU_RT_HAVE_MPI
std::string mpiMessage(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(code, text, &len) != MPI_SUCCESS)
    return "MPI error " + std::to_string(code);
  return std::string(text, len);
}

// Checks the result of an MPI call made on behalf of `call`.
#define TOFU_MPI_CHECK(call, expr)                                             \
  do {                                                                         \
    int tofuMpiRc = (expr);                                                    \
    if (tofuMpiRc != MPI_SUCCESS)                                              \
      return fail(TOFU_RT_ERR_MPI, (call).c_str(), "%s failed: %s",            \
                  mpiFunctionName(#expr).c_str(),                              \
                  mpiMessage(tofuMpiRc).c_str());                              \
  } while (false)

// "MPI_Allreduce(a, b)" -> "MPI_Allreduce".
std::string mpiFunctionName(const char *expr) {
  std::string text(expr);
  return text.substr(0, text.find('('));
}

MPI_Op mpiOp(int32_t reducer) {
  switch (reducer) {
  case TOFU_RT_MAX:
    return MPI_MAX;
  case TOFU_RT_MIN:
    return MPI_MIN;
  case TOFU_RT_PROD:
    return MPI_PROD;
  default:
    return MPI_SUM;
  }
}
#endif

//===----------------------------------------------------------------------===//
// Argument checks shared by the public functions
//===----------------------------------------------------------------------===//

int32_t checkInit(const std::string &call) {
  if (state().kind == BackendKind::None)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "the runtime is not initialized (call tofu_rt_init first)");
  return TOFU_RT_OK;
}

int32_t checkLevel(const std::string &call, int64_t level) {
  if (int32_t rc = checkInit(call))
    return rc;
  int64_t levels = static_cast<int64_t>(state().levelSizes.size());
  if (level != TOFU_RT_WORLD && (level < 0 || level >= levels) && levels == 0)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "level %lld is out of range: the grid has no levels (use -1 "
                "for the world)",
                (long long)level);
  if (level != TOFU_RT_WORLD && (level < 0 || level >= levels))
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "level %lld is out of range: the grid has %lld level(s) "
                "(use 0..%lld, or -1 for the world)",
                (long long)level, (long long)levels, (long long)levels - 1);
  return TOFU_RT_OK;
}

int32_t checkCount(const std::string &call, const char *what, int64_t count) {
  if (count < 0)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(), "%s is negative (%lld)",
                what, (long long)count);
  if (count > std::numeric_limits<int>::max())
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s = %lld exceeds the MPI count limit %d", what,
                (long long)count, std::numeric_limits<int>::max());
  return TOFU_RT_OK;
}

int32_t checkReducer(const std::string &call, int32_t reducer) {
  if (reducer < TOFU_RT_SUM || reducer > TOFU_RT_PROD)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "unknown reducer %d (0 sum, 1 max, 2 min, 3 prod)", reducer);
  return TOFU_RT_OK;
}

int32_t checkBuffer(const std::string &call, const char *what, const void *p,
                    int64_t count) {
  if (count > 0 && !p)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(), "%s is NULL", what);
  return TOFU_RT_OK;
}

int64_t groupSize(int64_t level) {
  const State &s = state();
  return level == TOFU_RT_WORLD ? s.size : s.levelSizes[level];
}

int64_t groupIndex(int64_t level) {
  const State &s = state();
  return level == TOFU_RT_WORLD ? s.rank : s.coords[level];
}

#ifdef TOFU_RT_HAVE_MPI
MPI_Comm comm(int64_t level) {
  const State &s = state();
  return level == TOFU_RT_WORLD ? s.world : s.levelComms[level];
}
#endif

bool mpi() { return state().kind == BackendKind::Mpi; }

//===----------------------------------------------------------------------===//
// Contiguous collectives, arguments already checked
//===----------------------------------------------------------------------===//

int32_t allReduce(const std::string &call, float *buf, int64_t count,
                  int64_t level, int32_t reducer) {
  if (!mpi() || count == 0)
    return TOFU_RT_OK;
#ifdef TOFU_RT_HAVE_MPI
  TOFU_MPI_CHECK(call, MPI_Allreduce(MPI_IN_PLACE, buf, (int)count, MPI_FLOAT,
                                     mpiOp(reducer), comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t allGather(const std::string &call, const float *in, float *out,
                  int64_t count, int64_t level) {
  float *own = out + groupIndex(level) * count;
  if (!mpi() || groupSize(level) == 1) {
    if (count && in != own)
      std::memmove(own, in, count * sizeof(float));
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  const void *send = in == own ? MPI_IN_PLACE : in;
  TOFU_MPI_CHECK(call, MPI_Allgather(send, (int)count, MPI_FLOAT, out,
                                     (int)count, MPI_FLOAT, comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t reduceScatter(const std::string &call, const float *in, float *out,
                      int64_t count, int64_t level, int32_t reducer) {
  if (!mpi() || groupSize(level) == 1) {
    if (count && in != out)
      std::memmove(out, in, count * sizeof(float));
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  TOFU_MPI_CHECK(call, MPI_Reduce_scatter_block(in, out, (int)count, MPI_FLOAT,
                                                mpiOp(reducer), comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t allToAll(const std::string &call, const float *in, float *out,
                 int64_t count, int64_t level) {
  if (!mpi() || groupSize(level) == 1) {
    if (count && in != out)
      std::memmove(out, in, count * sizeof(float));
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  TOFU_MPI_CHECK(call, MPI_Alltoall(in, (int)count, MPI_FLOAT, out, (int)count,
                                    MPI_FLOAT, comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t broadcast(const std::string &call, float *buf, int64_t count,
                  int64_t root, int64_t level) {
  if (!mpi() || count == 0)
    return TOFU_RT_OK;
#ifdef TOFU_RT_HAVE_MPI
  TOFU_MPI_CHECK(call,
                 MPI_Bcast(buf, (int)count, MPI_FLOAT, (int)root, comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t sendRecv(const std::string &call, const float *send, int64_t sendCount,
                 int64_t dest, float *recv, int64_t recvCount, int64_t source,
                 int64_t level) {
  if (!mpi()) {
    // The only member is this process: a send to itself feeds its receive.
    if (dest == 0 && source == 0) {
      if (sendCount != recvCount)
        return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                    "sends %lld elements to itself but receives %lld",
                    (long long)sendCount, (long long)recvCount);
      if (sendCount && send != recv)
        std::memmove(recv, send, sendCount * sizeof(float));
    } else if (dest == 0 || source == 0) {
      return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                  "a send to itself needs a matching receive from itself");
    }
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  MPI_Status status;
  int to = dest < 0 ? MPI_PROC_NULL : (int)dest;
  int from = source < 0 ? MPI_PROC_NULL : (int)source;
  TOFU_MPI_CHECK(call, MPI_Sendrecv(send, (int)sendCount, MPI_FLOAT, to, 7101,
                                    recv, (int)recvCount, MPI_FLOAT, from, 7101,
                                    comm(level), &status));
  if (from != MPI_PROC_NULL) {
    int received = 0;
    TOFU_MPI_CHECK(call, MPI_Get_count(&status, MPI_FLOAT, &received));
    if (received != recvCount)
      return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                  "received %d elements from member %lld, expected %lld",
                  received, (long long)source, (long long)recvCount);
  }
#endif
  return TOFU_RT_OK;
}

//===----------------------------------------------------------------------===//
// Memref descriptors
//===----------------------------------------------------------------------===//

// A view of a ranked memref descriptor { T*, T*, offset, sizes[r], strides[r]
// }.
template <typename T> struct MemRefViewOf {
  T *data = nullptr; // aligned + offset
  std::vector<int64_t> sizes, strides;

  int64_t rank() const { return static_cast<int64_t>(sizes.size()); }
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= s;
    return n;
  }
  bool contiguous() const {
    int64_t expected = 1;
    for (int64_t i = rank() - 1; i >= 0; --i) {
      if (sizes[i] != 1 && strides[i] != expected)
        return false;
      expected *= sizes[i];
    }
    return true;
  }
  // Copies between the view and a contiguous row-major buffer.
  void copy(T *packed, bool toPacked) const {
    int64_t n = numElements();
    std::vector<int64_t> index(sizes.size(), 0);
    for (int64_t flat = 0; flat < n; ++flat) {
      int64_t offset = 0;
      for (size_t d = 0; d < sizes.size(); ++d)
        offset += index[d] * strides[d];
      if (toPacked)
        packed[flat] = data[offset];
      else
        data[offset] = packed[flat];
      for (int64_t d = rank() - 1; d >= 0; --d) {
        if (++index[d] < sizes[d])
          break;
        index[d] = 0;
      }
    }
  }
};
using MemRefView = MemRefViewOf<float>;

template <typename T>
int32_t readMemRef(const std::string &call, const char *what, int64_t rank,
                   void *descriptor, MemRefViewOf<T> &view) {
  if (!descriptor)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s: NULL memref descriptor", what);
  if (rank < 0 || rank > 64)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s: implausible memref rank %lld", what, (long long)rank);
  auto *fields = static_cast<char *>(descriptor);
  T *aligned;
  std::memcpy(&aligned, fields + sizeof(T *), sizeof(T *));
  int64_t offset;
  std::memcpy(&offset, fields + 2 * sizeof(T *), sizeof(int64_t));
  auto *dims = reinterpret_cast<int64_t *>(fields + 2 * sizeof(T *) +
                                           sizeof(int64_t));
  view.sizes.assign(dims, dims + rank);
  view.strides.assign(dims + rank, dims + 2 * rank);
  view.data = aligned + offset;
  for (int64_t s : view.sizes)
    if (s < 0)
      return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                  "%s: negative memref size %lld", what, (long long)s);
  if (view.numElements() > 0 && !aligned)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(), "%s: NULL data pointer",
                what);
  return TOFU_RT_OK;
}

// Contiguous storage for a memref: the memref itself when it is contiguous,
// else a packed copy written back by `finish`.
struct Staged {
  const MemRefView *view;
  std::vector<float> packed;
  float *data;

  Staged(const MemRefView &v, bool load) : view(&v) {
    if (v.contiguous()) {
      data = v.data;
      return;
    }
    packed.resize(v.numElements());
    if (load)
      v.copy(packed.data(), /*toPacked=*/true);
    data = packed.data();
  }
  void finish() {
    if (!packed.empty())
      view->copy(packed.data(), /*toPacked=*/false);
  }
};

std::string shape(const MemRefView &v) {
  std::string out = "[";
  for (int64_t i = 0; i < v.rank(); ++i)
    out += (i ? "x" : "") + std::to_string(v.sizes[i]);
  return out + "]";
}

int32_t checkAxis(const std::string &call, const char *what, int64_t axis,
                  const MemRefView &v) {
  if (axis < 0 || axis >= v.rank())
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s %lld is out of range for a rank-%lld memref", what,
                (long long)axis, (long long)v.rank());
  return TOFU_RT_OK;
}

// `big` must equal `small` except along `axis`, where it is g times larger.
int32_t checkBlockShapes(const std::string &call, const MemRefView &small,
                         const MemRefView &big, int64_t axis, int64_t g,
                         const char *smallName, const char *bigName) {
  bool ok = small.rank() == big.rank();
  for (int64_t i = 0; ok && i < small.rank(); ++i)
    ok = big.sizes[i] == (i == axis ? g * small.sizes[i] : small.sizes[i]);
  if (!ok)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s %s must be %s %s with dimension %lld multiplied by the "
                "group size %lld",
                bigName, shape(big).c_str(), smallName, shape(small).c_str(),
                (long long)axis, (long long)g);
  return TOFU_RT_OK;
}

// Products of the sizes before and after `axis`.
void splitAt(const std::vector<int64_t> &sizes, int64_t axis, int64_t &outer,
             int64_t &inner) {
  outer = inner = 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= sizes[i];
  for (size_t i = axis + 1; i < sizes.size(); ++i)
    inner *= sizes[i];
}

// Rearranges between "g blocks back to back" ([g][outer][n][inner]) and
// "blocks concatenated along the axis" ([outer][g*n][inner]).
void blocksToAxis(float *blocks, float *axisMajor, int64_t g, int64_t outer,
                  int64_t n, int64_t inner, bool forward) {
  for (int64_t j = 0; j < g; ++j)
    for (int64_t o = 0; o < outer; ++o) {
      const int64_t len = n * inner;
      int64_t b = (j * outer + o) * len;
      int64_t a = (o * g + j) * len;
      if (forward)
        std::memcpy(axisMajor + a, blocks + b, len * sizeof(float));
      else
        std::memcpy(blocks + b, axisMajor + a, len * sizeof(float));
    }
}

} // namespace

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

extern "C" {

int32_t tofu_rt_init(int64_t num_levels, const int64_t *level_sizes) {
  State &s = state();
  std::string call =
      callName("tofu_rt_init", "num_levels=%lld", (long long)num_levels);
  if (s.kind != BackendKind::None)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(), "already initialized");
  if (num_levels < 0 || (num_levels > 0 && !level_sizes))
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(), "invalid grid description");
  std::vector<int64_t> sizes(level_sizes, level_sizes + num_levels);
  int64_t product = 1;
  std::string grid;
  for (int64_t k : sizes) {
    if (k < 1)
      return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                  "grid axis size %lld is not positive", (long long)k);
    product *= k;
    grid += (grid.empty() ? "" : "x") + std::to_string(k);
  }
  if (grid.empty())
    grid = "1";

  const char *forced = std::getenv("TOFU_RT_BACKEND");
  bool launched = std::getenv("OMPI_COMM_WORLD_SIZE") ||
                  std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK");
  BackendKind kind = launched ? BackendKind::Mpi : BackendKind::Single;
  if (forced && *forced) {
    if (!std::strcmp(forced, "single"))
      kind = BackendKind::Single;
    else if (!std::strcmp(forced, "mpi"))
      kind = BackendKind::Mpi;
    else
      return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                  "$TOFU_RT_BACKEND is '%s'; use 'mpi' or 'single'", forced);
  }
#ifndef TOFU_RT_HAVE_MPI
  if (kind == BackendKind::Mpi)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "the MPI backend was requested but libtofu_runtime was built "
                "without MPI");
#endif

  if (kind == BackendKind::Single) {
    if (product != 1)
      return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                  "the grid %s needs %lld ranks but the single-process backend "
                  "has 1 (run under mpirun)",
                  grid.c_str(), (long long)product);
    s.rank = 0;
    s.size = 1;
    s.levelSizes = sizes;
    s.coords.assign(sizes.size(), 0);
    s.kind = BackendKind::Single;
    return TOFU_RT_OK;
  }

#ifdef TOFU_RT_HAVE_MPI
  int initialized = 0;
  TOFU_MPI_CHECK(call, MPI_Initialized(&initialized));
  if (!initialized) {
    int provided = 0;
    int rc = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    if (rc != MPI_SUCCESS)
      return fail(TOFU_RT_ERR_MPI, call.c_str(), "MPI_Init_thread failed");
    s.initializedMpi = true;
  }
  s.kind = BackendKind::Mpi; // errors from here on end the whole job
  // From here on errors come back as codes instead of aborting inside MPI.
  TOFU_MPI_CHECK(call,
                 MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
  TOFU_MPI_CHECK(call, MPI_Comm_dup(MPI_COMM_WORLD, &s.world));
  TOFU_MPI_CHECK(call, MPI_Comm_set_errhandler(s.world, MPI_ERRORS_RETURN));
  int rank = 0, size = 0;
  TOFU_MPI_CHECK(call, MPI_Comm_rank(s.world, &rank));
  TOFU_MPI_CHECK(call, MPI_Comm_size(s.world, &size));
  s.rank = rank;
  s.size = size;
  if (product != size)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "the grid %s needs %lld ranks but the job has %d", grid.c_str(),
                (long long)product, size);
  s.levelSizes = sizes;
  s.coords.assign(sizes.size(), 0);
  int64_t rest = rank;
  for (int64_t i = num_levels - 1; i >= 0; --i) {
    s.coords[i] = rest % sizes[i];
    rest /= sizes[i];
  }
  // Level i: same coordinates on every other axis, ordered by c_i.
  for (int64_t i = 0; i < num_levels; ++i) {
    int64_t stride = 1;
    for (int64_t j = i + 1; j < num_levels; ++j)
      stride *= sizes[j];
    int color = (int)(rank - s.coords[i] * stride);
    MPI_Comm sub = MPI_COMM_NULL;
    TOFU_MPI_CHECK(call,
                   MPI_Comm_split(s.world, color, (int)s.coords[i], &sub));
    TOFU_MPI_CHECK(call, MPI_Comm_set_errhandler(sub, MPI_ERRORS_RETURN));
    s.levelComms.push_back(sub);
  }
#endif
  return TOFU_RT_OK;
}

int32_t tofu_rt_finalize(void) {
  State &s = state();
  std::string call = "tofu_rt_finalize()";
  if (int32_t rc = checkInit(call))
    return rc;
#ifdef TOFU_RT_HAVE_MPI
  if (s.kind == BackendKind::Mpi) {
    for (MPI_Comm &c : s.levelComms)
      TOFU_MPI_CHECK(call, MPI_Comm_free(&c));
    s.levelComms.clear();
    TOFU_MPI_CHECK(call, MPI_Comm_free(&s.world));
    if (s.initializedMpi)
      TOFU_MPI_CHECK(call, MPI_Finalize());
  }
#endif
  s.kind = BackendKind::None;
  s.rank = s.size = -1;
  s.levelSizes.clear();
  s.coords.clear();
  s.initializedMpi = false;
  return TOFU_RT_OK;
}

int64_t tofu_rt_rank(void) { return state().rank; }
int64_t tofu_rt_size(void) { return state().size; }
int64_t tofu_rt_num_levels(void) {
  return static_cast<int64_t>(state().levelSizes.size());
}

int64_t tofu_rt_level_size(int64_t level) {
  if (checkLevel(callName("tofu_rt_level_size", "level=%lld", (long long)level),
                 level))
    return -1;
  return groupSize(level);
}

int64_t tofu_rt_coord(int64_t level) {
  if (checkLevel(callName("tofu_rt_coord", "level=%lld", (long long)level),
                 level))
    return -1;
  return groupIndex(level);
}

const char *tofu_rt_backend(void) {
  switch (state().kind) {
  case BackendKind::Mpi:
    return "mpi";
  case BackendKind::Single:
    return "single";
  default:
    return "none";
  }
}

void tofu_rt_set_abort_on_error(int32_t enable) {
  state().abortOnError = enable != 0;
}

const char *tofu_rt_last_error(void) { return state().lastError.c_str(); }

int32_t tofu_rt_fail(const char *message) {
  return fail(TOFU_RT_ERR_ARGUMENT, "tofu_rt_fail()", "%s",
              message ? message : "(no message)");
}

int32_t tofu_rt_barrier(int64_t level) {
  std::string call =
      callName("tofu_rt_barrier", "level=%lld", (long long)level);
  if (int32_t rc = checkLevel(call, level))
    return rc;
#ifdef TOFU_RT_HAVE_MPI
  if (mpi())
    TOFU_MPI_CHECK(call, MPI_Barrier(comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t tofu_rt_all_reduce_f32(float *buf, int64_t count, int64_t level,
                               int32_t reducer) {
  std::string call =
      callName("tofu_rt_all_reduce_f32", "count=%lld, level=%lld, reducer=%d",
               (long long)count, (long long)level, reducer);
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkCount(call, "count", count))
    return rc;
  if (int32_t rc = checkReducer(call, reducer))
    return rc;
  if (int32_t rc = checkBuffer(call, "buf", buf, count))
    return rc;
  return allReduce(call, buf, count, level, reducer);
}

int32_t tofu_rt_all_gather_f32(const float *in, float *out,
                               int64_t count_per_rank, int64_t level) {
  std::string call =
      callName("tofu_rt_all_gather_f32", "count_per_rank=%lld, level=%lld",
               (long long)count_per_rank, (long long)level);
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkCount(call, "count_per_rank * group size",
                              count_per_rank * groupSize(level)))
    return rc;
  if (int32_t rc = checkBuffer(call, "in", in, count_per_rank))
    return rc;
  if (int32_t rc = checkBuffer(call, "out", out, count_per_rank))
    return rc;
  return allGather(call, in, out, count_per_rank, level);
}

int32_t tofu_rt_reduce_scatter_f32(const float *in, float *out,
                                   int64_t count_per_rank, int64_t level,
                                   int32_t reducer) {
  std::string call =
      callName("tofu_rt_reduce_scatter_f32",
               "count_per_rank=%lld, level=%lld, reducer=%d",
               (long long)count_per_rank, (long long)level, reducer);
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkCount(call, "count_per_rank * group size",
                              count_per_rank * groupSize(level)))
    return rc;
  if (int32_t rc = checkReducer(call, reducer))
    return rc;
  if (int32_t rc = checkBuffer(call, "in", in, count_per_rank))
    return rc;
  if (int32_t rc = checkBuffer(call, "out", out, count_per_rank))
    return rc;
  return reduceScatter(call, in, out, count_per_rank, level, reducer);
}

int32_t tofu_rt_all_to_all_f32(const float *in, float *out,
                               int64_t count_per_rank, int64_t level) {
  std::string call =
      callName("tofu_rt_all_to_all_f32", "count_per_rank=%lld, level=%lld",
               (long long)count_per_rank, (long long)level);
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkCount(call, "count_per_rank * group size",
                              count_per_rank * groupSize(level)))
    return rc;
  if (int32_t rc = checkBuffer(call, "in", in, count_per_rank))
    return rc;
  if (int32_t rc = checkBuffer(call, "out", out, count_per_rank))
    return rc;
  return allToAll(call, in, out, count_per_rank, level);
}

int32_t tofu_rt_broadcast_f32(float *buf, int64_t count, int64_t root,
                              int64_t level) {
  std::string call =
      callName("tofu_rt_broadcast_f32", "count=%lld, root=%lld, level=%lld",
               (long long)count, (long long)root, (long long)level);
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkCount(call, "count", count))
    return rc;
  if (root < 0 || root >= groupSize(level))
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "root %lld is not a member of a group of %lld", (long long)root,
                (long long)groupSize(level));
  if (int32_t rc = checkBuffer(call, "buf", buf, count))
    return rc;
  return broadcast(call, buf, count, root, level);
}

int32_t tofu_rt_send_recv_f32(const float *send, int64_t send_count,
                              int64_t dest, float *recv, int64_t recv_count,
                              int64_t source, int64_t level) {
  std::string call = callName(
      "tofu_rt_send_recv_f32",
      "send_count=%lld, dest=%lld, recv_count=%lld, source=%lld, level=%lld",
      (long long)send_count, (long long)dest, (long long)recv_count,
      (long long)source, (long long)level);
  if (int32_t rc = checkLevel(call, level))
    return rc;
  int64_t g = groupSize(level);
  if (dest < -1 || dest >= g || source < -1 || source >= g)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "dest and source must be -1 or a member index below %lld",
                (long long)g);
  if (dest < 0)
    send_count = 0;
  if (source < 0)
    recv_count = 0;
  if (int32_t rc = checkCount(call, "send_count", send_count))
    return rc;
  if (int32_t rc = checkCount(call, "recv_count", recv_count))
    return rc;
  if (int32_t rc = checkBuffer(call, "send", send, send_count))
    return rc;
  if (int32_t rc = checkBuffer(call, "recv", recv, recv_count))
    return rc;
  return sendRecv(call, send, send_count, dest, recv, recv_count, source,
                  level);
}

//===----------------------------------------------------------------------===//
// Memref variants
//===----------------------------------------------------------------------===//

int32_t tofu_rt_all_reduce_memref_f32(int64_t rank, void *buf, int64_t level,
                                      int32_t reducer) {
  std::string call =
      callName("tofu_rt_all_reduce_memref_f32", "level=%lld, reducer=%d",
               (long long)level, reducer);
  MemRefView v;
  if (int32_t rc = readMemRef(call, "buf", rank, buf, v))
    return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkCount(call, "element count", v.numElements()))
    return rc;
  if (int32_t rc = checkReducer(call, reducer))
    return rc;
  Staged b(v, /*load=*/true);
  if (int32_t rc = allReduce(call, b.data, v.numElements(), level, reducer))
    return rc;
  b.finish();
  return TOFU_RT_OK;
}

int32_t tofu_rt_all_reduce_memref_f64(int64_t rank, void *buf, int64_t level,
                                      int32_t reducer) {
  std::string call =
      callName("tofu_rt_all_reduce_memref_f64", "level=%lld, reducer=%d",
               (long long)level, reducer);
  MemRefViewOf<double> v;
  if (int32_t rc = readMemRef(call, "buf", rank, buf, v))
    return rc;
  if (!v.contiguous())
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "buf must be contiguous (row-major)");
  int64_t count = v.numElements();
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkCount(call, "element count", count))
    return rc;
  if (int32_t rc = checkReducer(call, reducer))
    return rc;
  if (!mpi() || count == 0)
    return TOFU_RT_OK;
#ifdef TOFU_RT_HAVE_MPI
  TOFU_MPI_CHECK(call, MPI_Allreduce(MPI_IN_PLACE, v.data, (int)count,
                                     MPI_DOUBLE, mpiOp(reducer), comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t tofu_rt_all_gather_memref_f32(int64_t in_rank, void *in,
                                      int64_t out_rank, void *out, int64_t axis,
                                      int64_t level) {
  std::string call =
      callName("tofu_rt_all_gather_memref_f32", "axis=%lld, level=%lld",
               (long long)axis, (long long)level);
  MemRefView vi, vo;
  if (int32_t rc = readMemRef(call, "in", in_rank, in, vi))
    return rc;
  if (int32_t rc = readMemRef(call, "out", out_rank, out, vo))
    return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  int64_t g = groupSize(level);
  if (int32_t rc = checkAxis(call, "axis", axis, vi))
    return rc;
  if (int32_t rc = checkBlockShapes(call, vi, vo, axis, g, "in", "out"))
    return rc;
  if (int32_t rc = checkCount(call, "out element count", vo.numElements()))
    return rc;
  int64_t outer, inner;
  splitAt(vi.sizes, axis, outer, inner);
  Staged si(vi, /*load=*/true);
  std::vector<float> blocks(vo.numElements());
  if (int32_t rc =
          allGather(call, si.data, blocks.data(), vi.numElements(), level))
    return rc;
  Staged so(vo, /*load=*/false);
  blocksToAxis(blocks.data(), so.data, g, outer, vi.sizes[axis], inner,
               /*forward=*/true);
  so.finish();
  return TOFU_RT_OK;
}

int32_t tofu_rt_reduce_scatter_memref_f32(int64_t in_rank, void *in,
                                          int64_t out_rank, void *out,
                                          int64_t axis, int64_t level,
                                          int32_t reducer) {
  std::string call = callName("tofu_rt_reduce_scatter_memref_f32",
                              "axis=%lld, level=%lld, reducer=%d",
                              (long long)axis, (long long)level, reducer);
  MemRefView vi, vo;
  if (int32_t rc = readMemRef(call, "in", in_rank, in, vi))
    return rc;
  if (int32_t rc = readMemRef(call, "out", out_rank, out, vo))
    return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkReducer(call, reducer))
    return rc;
  int64_t g = groupSize(level);
  if (int32_t rc = checkAxis(call, "axis", axis, vo))
    return rc;
  if (int32_t rc = checkBlockShapes(call, vo, vi, axis, g, "out", "in"))
    return rc;
  if (int32_t rc = checkCount(call, "in element count", vi.numElements()))
    return rc;
  int64_t outer, inner;
  splitAt(vo.sizes, axis, outer, inner);
  Staged si(vi, /*load=*/true);
  std::vector<float> blocks(vi.numElements());
  blocksToAxis(blocks.data(), si.data, g, outer, vo.sizes[axis], inner,
               /*forward=*/false);
  Staged so(vo, /*load=*/false);
  if (int32_t rc = reduceScatter(call, blocks.data(), so.data, vo.numElements(),
                                 level, reducer))
    return rc;
  so.finish();
  return TOFU_RT_OK;
}

int32_t tofu_rt_all_to_all_memref_f32(int64_t in_rank, void *in,
                                      int64_t out_rank, void *out,
                                      int64_t split_axis, int64_t concat_axis,
                                      int64_t level) {
  std::string call =
      callName("tofu_rt_all_to_all_memref_f32",
               "split_axis=%lld, concat_axis=%lld, level=%lld",
               (long long)split_axis, (long long)concat_axis, (long long)level);
  MemRefView vi, vo;
  if (int32_t rc = readMemRef(call, "in", in_rank, in, vi))
    return rc;
  if (int32_t rc = readMemRef(call, "out", out_rank, out, vo))
    return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  int64_t g = groupSize(level);
  if (int32_t rc = checkAxis(call, "split_axis", split_axis, vi))
    return rc;
  if (int32_t rc = checkAxis(call, "concat_axis", concat_axis, vi))
    return rc;
  // The block every member exchanges: `in` with split_axis divided by g.
  MemRefView block = vi;
  if (vi.sizes[split_axis] % g != 0)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "in %s: dimension %lld is not divisible by the group size %lld",
                shape(vi).c_str(), (long long)split_axis, (long long)g);
  block.sizes[split_axis] /= g;
  MemRefView expectOut = block;
  expectOut.sizes[concat_axis] *= g;
  if (vo.sizes != expectOut.sizes)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "out %s must be %s for in %s", shape(vo).c_str(),
                shape(expectOut).c_str(), shape(vi).c_str());
  if (int32_t rc = checkCount(call, "in element count", vi.numElements()))
    return rc;
  int64_t count = block.numElements();
  int64_t outer, inner;
  Staged si(vi, /*load=*/true);
  std::vector<float> sendBlocks(vi.numElements()), recvBlocks(vo.numElements());
  splitAt(block.sizes, split_axis, outer, inner);
  blocksToAxis(sendBlocks.data(), si.data, g, outer, block.sizes[split_axis],
               inner, /*forward=*/false);
  if (int32_t rc =
          allToAll(call, sendBlocks.data(), recvBlocks.data(), count, level))
    return rc;
  Staged so(vo, /*load=*/false);
  splitAt(block.sizes, concat_axis, outer, inner);
  blocksToAxis(recvBlocks.data(), so.data, g, outer, block.sizes[concat_axis],
               inner, /*forward=*/true);
  so.finish();
  return TOFU_RT_OK;
}

int32_t tofu_rt_broadcast_memref_f32(int64_t rank, void *buf, int64_t root,
                                     int64_t level) {
  std::string call =
      callName("tofu_rt_broadcast_memref_f32", "root=%lld, level=%lld",
               (long long)root, (long long)level);
  MemRefView v;
  if (int32_t rc = readMemRef(call, "buf", rank, buf, v))
    return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (root < 0 || root >= groupSize(level))
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "root %lld is not a member of a group of %lld", (long long)root,
                (long long)groupSize(level));
  if (int32_t rc = checkCount(call, "element count", v.numElements()))
    return rc;
  Staged b(v, /*load=*/true);
  if (int32_t rc = broadcast(call, b.data, v.numElements(), root, level))
    return rc;
  b.finish();
  return TOFU_RT_OK;
}

int32_t tofu_rt_send_recv_memref_f32(int64_t send_rank, void *send,
                                     int64_t dest, int64_t recv_rank,
                                     void *recv, int64_t source,
                                     int64_t level) {
  std::string call = callName(
      "tofu_rt_send_recv_memref_f32", "dest=%lld, source=%lld, level=%lld",
      (long long)dest, (long long)source, (long long)level);
  MemRefView vs, vr;
  if (dest >= 0)
    if (int32_t rc = readMemRef(call, "send", send_rank, send, vs))
      return rc;
  if (source >= 0)
    if (int32_t rc = readMemRef(call, "recv", recv_rank, recv, vr))
      return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  int64_t g = groupSize(level);
  if (dest < -1 || dest >= g || source < -1 || source >= g)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "dest and source must be -1 or a member index below %lld",
                (long long)g);
  int64_t sendCount = dest >= 0 ? vs.numElements() : 0;
  int64_t recvCount = source >= 0 ? vr.numElements() : 0;
  if (int32_t rc = checkCount(call, "send count", sendCount))
    return rc;
  if (int32_t rc = checkCount(call, "recv count", recvCount))
    return rc;
  std::unique_ptr<Staged> ss, sr;
  if (dest >= 0)
    ss = std::make_unique<Staged>(vs, /*load=*/true);
  if (source >= 0)
    sr = std::make_unique<Staged>(vr, /*load=*/false);
  if (int32_t rc = sendRecv(call, ss ? ss->data : nullptr, sendCount, dest,
                            sr ? sr->data : nullptr, recvCount, source, level))
    return rc;
  if (sr)
    sr->finish();
  return TOFU_RT_OK;
}

//===----------------------------------------------------------------------===//
// Driver support
//===----------------------------------------------------------------------===//

int32_t tofu_rt_gather_bytes_to_root(const void *in, int64_t bytes, void *out) {
  std::string call =
      callName("tofu_rt_gather_bytes_to_root", "bytes=%lld", (long long)bytes);
  if (int32_t rc = checkInit(call))
    return rc;
  if (int32_t rc = checkCount(call, "bytes * size", bytes * state().size))
    return rc;
  if (!mpi()) {
    if (bytes && out != in)
      std::memmove(out, in, bytes);
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  TOFU_MPI_CHECK(call, MPI_Gather(in, (int)bytes, MPI_BYTE, out, (int)bytes,
                                  MPI_BYTE, 0, state().world));
#endif
  return TOFU_RT_OK;
}

int32_t tofu_rt_max_i64(int64_t *value) {
  std::string call = "tofu_rt_max_i64()";
  if (int32_t rc = checkInit(call))
    return rc;
  if (!value)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(), "value is NULL");
#ifdef TOFU_RT_HAVE_MPI
  if (mpi())
    TOFU_MPI_CHECK(call, MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_INT64_T,
                                       MPI_MAX, state().world));
#endif
  return TOFU_RT_OK;
}

} // extern "C"
