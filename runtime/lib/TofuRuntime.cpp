//===- TofuRuntime.cpp - Communicator and collectives for SPMD programs ---===//
//
// Implements tofu_runtime.h. One `Backend` per process: MPI (the ranks of an
// mpirun job, one sub-communicator per grid level) or a single process. The
// public functions validate their arguments, then forward to the backend; the
// memref variants reduce to the contiguous ones after packing blocks.
// Point-to-point sends are buffered (a copy and MPI_Isend), so that stages of
// a pipeline may all send before they receive.
//
//===----------------------------------------------------------------------===//

#include "tofu_runtime.h"

#include "RuntimeInternal.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <sys/mman.h>
#include <thread>
#include <type_traits>
#include <unistd.h>
#include <vector>

#ifdef TOFU_RT_HAVE_MPI
#include <mpi.h>
#endif

using tofu_rt::fail;

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
  // Whether this process has told tofu-run's supervisor why it ends.
  bool causeReported = false;
  std::string lastError;
  // Seconds this rank spent inside receives and broadcasts since it started or
  // tofu_rt_reset_wait_seconds: a pipeline stage's idle time (bubble).
  double waitSeconds = 0;
  // Single-process backend: per level, the messages this process sent
  // itself and has not received yet, oldest first.
  std::map<int64_t, std::deque<std::vector<char>>> selfMessages;
#ifdef TOFU_RT_HAVE_MPI
  MPI_Comm world = MPI_COMM_NULL;
  std::vector<MPI_Comm> levelComms;
  // tofu_rt_send's messages in flight: each MPI_Isend request and the
  // runtime-owned copy it reads from (sendBuffers[i] belongs to
  // sendRequests[i]).
  std::vector<MPI_Request> sendRequests;
  std::vector<std::vector<char>> sendBuffers;
#endif
  // $TOFU_RUN_WAIT_FILE mapped (kWaitRecordBytes), or null: what this rank
  // is blocked in right now, for tofu-run's report of a run that timed out.
  char *waitRecord = nullptr;
  // Per level (index level + 1, 0 for the world): the world ranks of the
  // other members, "1,3".
  std::vector<std::string> levelPeers;
  // The MPI call being made (TOFU_MPI_CHECK) and on whose behalf, for comm().
  const std::string *pendingCall = nullptr;
  const char *pendingExpr = nullptr;
  // $TOFU_RT_TEST_DELAY_MS: a pause before every MPI call on a level, so
  // that the fault tests can cut a link or kill a rank mid-step.
  int delayMs = 0;
};

State &state() {
  static State s;
  return s;
}

/// Adds the wall time of its scope to State::waitSeconds. Scoped around
/// whole calls so the time a receive waits for its message (or a broadcast
/// for its root) is counted along with the transfer itself.
class WaitTimer {
public:
  WaitTimer() : start(std::chrono::steady_clock::now()) {}
  ~WaitTimer() {
    state().waitSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }

private:
  std::chrono::steady_clock::time_point start;
};

constexpr size_t kWaitRecordBytes = 512;

// "MPI_Allreduce(a, b)" -> "MPI_Allreduce".
std::string mpiFunctionName(const char *expr) {
  std::string text(expr);
  return text.substr(0, text.find('('));
}

/// Marks the scope of one MPI call in the wait record: a rank that is killed
/// inside it (a lost peer, a timeout) leaves the record behind in the file.
class WaitRecord {
public:
  WaitRecord(const std::string &call, const char *expr) {
    State &s = state();
    s.pendingCall = &call;
    s.pendingExpr = expr;
    if (s.waitRecord)
      write(s, nullptr);
  }
  ~WaitRecord() {
    State &s = state();
    s.pendingCall = nullptr;
    if (s.waitRecord)
      s.waitRecord[0] = '\0';
  }
  WaitRecord(const WaitRecord &) = delete;
  WaitRecord &operator=(const WaitRecord &) = delete;

  /// Rewrites the record with the members the call waits on.
  static void write(State &s, const std::string *peers) {
    std::string what =
        mpiFunctionName(s.pendingExpr) + " (" + *s.pendingCall + ")";
    if (peers && !peers->empty())
      what += ", waiting on rank(s) " + *peers;
    size_t n = std::min(what.size(), kWaitRecordBytes - 1);
    std::memcpy(s.waitRecord, what.data(), n);
    s.waitRecord[n] = '\0';
  }
};

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

// The pipe that tofu-run's rank supervisor (tools/tofu-run/
// RankSupervisor.cpp) passes as $TOFU_RUN_CAUSE_FD, or -1: a rank that ends
// itself says why there, since its exit status alone cannot tell an early
// exit() from a runtime error.
int causeFd() {
  static const int fd = [] {
    const char *v = std::getenv("TOFU_RUN_CAUSE_FD");
    if (!v || !*v)
      return -1;
    char *end = nullptr;
    long n = std::strtol(v, &end, 10);
    return *end || n < 0 || n > 1 << 20 ? -1 : static_cast<int>(n);
  }();
  return fd;
}

void reportCause(const std::string &text) {
  State &s = state();
  if (causeFd() < 0 || s.causeReported)
    return;
  s.causeReported = true;
  (void)!write(causeFd(), text.data(), text.size());
}

// Registered by tofu_rt_init under the supervisor: exit() between
// tofu_rt_init and tofu_rt_finalize (a program that ends early) leaves the
// other ranks waiting in their next collective. Saying so and exiting
// non-zero makes the supervisor name this rank and mpirun end the job; with
// one rank, it keeps an early exit(0) from passing for a run that finished.
void onExitBeforeFinalize() {
  State &s = state();
  if (s.kind == BackendKind::None || s.causeReported)
    return;
  reportCause("exited early: exit() was called before tofu_rt_finalize");
  std::fflush(stderr);
  _exit(1);
}

} // namespace

// Declared in RuntimeInternal.h: the library calls report through it too.
int32_t tofu_rt::fail(int32_t code, const char *call, const char *fmt, ...) {
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
    reportCause(std::string("failed in the runtime: ") + call + ": " + what);
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

namespace {

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
    WaitRecord tofuWaitRecord((call), #expr);                                  \
    int tofuMpiRc = (expr);                                                    \
    if (tofuMpiRc != MPI_SUCCESS)                                              \
      return fail(TOFU_RT_ERR_MPI, (call).c_str(), "%s failed: %s",            \
                  mpiFunctionName(#expr).c_str(),                              \
                  mpiMessage(tofuMpiRc).c_str());                              \
  } while (false)

#endif

//===----------------------------------------------------------------------===//
// Element types and their reductions
//===----------------------------------------------------------------------===//

// One element type of the memref ABI: its code (TOFU_RT_F32, ...), name and
// size. Data movement is bit for bit, so it only needs the size.
struct ElementKind {
  int32_t dtype;
  const char *name;
  int64_t bytes;
};

constexpr ElementKind kElementKinds[] = {
    {TOFU_RT_F32, "f32", 4},   {TOFU_RT_F64, "f64", 8}, {TOFU_RT_F16, "f16", 2},
    {TOFU_RT_BF16, "bf16", 2}, {TOFU_RT_I1, "i1", 1},   {TOFU_RT_I8, "i8", 1},
    {TOFU_RT_I16, "i16", 2},   {TOFU_RT_I32, "i32", 4}, {TOFU_RT_I64, "i64", 8},
};
constexpr int32_t kNumElementKinds =
    sizeof(kElementKinds) / sizeof(kElementKinds[0]);
const ElementKind &kF32 = kElementKinds[TOFU_RT_F32];
const ElementKind &kF64 = kElementKinds[TOFU_RT_F64];

// f16 and bf16 reduce through f32: the sum, product, max or min of two
// values rounded once to the narrow type. For addition and multiplication
// f32 carries at least 2p + 2 bits of a p-bit type (24 >= 2 * 11 + 2), so
// rounding twice gives the correctly rounded result of the narrow operation.
float halfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  int32_t exponent = (h >> 10) & 0x1f;
  uint32_t mantissa = h & 0x3ffu;
  uint32_t bits;
  if (exponent == 0x1f) { // inf or NaN
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) { // normal
    bits = sign | static_cast<uint32_t>(exponent + 112) << 23 | mantissa << 13;
  } else if (mantissa == 0) { // zero
    bits = sign;
  } else { // subnormal: normalize
    int32_t e = 113;
    while (!(mantissa & 0x400u)) {
      mantissa <<= 1;
      --e;
    }
    bits = sign | static_cast<uint32_t>(e) << 23 | (mantissa & 0x3ffu) << 13;
  }
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

uint16_t floatToHalf(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  uint32_t abs = bits & 0x7fffffffu;
  if (abs > 0x7f800000u) // NaN: keep it quiet
    return sign | 0x7e00u | static_cast<uint16_t>((abs >> 13) & 0x3ffu);
  if (abs >= 0x477ff000u) // rounds to or above 65520: infinity
    return sign | 0x7c00u;
  if (abs < 0x38800000u) { // below the smallest normal: subnormal or zero
    if (abs < 0x33000000u) // below half the smallest subnormal
      return sign;
    // The value is mantissa * 2^(e - 150), in units of 2^-24 (the smallest
    // subnormal) mantissa >> (126 - e), rounded to nearest even.
    int32_t shift = 126 - static_cast<int32_t>(abs >> 23);
    uint32_t mantissa = (abs & 0x7fffffu) | 0x800000u;
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t midpoint = 1u << (shift - 1);
    if (rest > midpoint || (rest == midpoint && (half & 1u)))
      ++half;
    return sign | static_cast<uint16_t>(half);
  }
  // Normal: rebias and round the 13 dropped bits to nearest even.
  uint32_t rounded = abs - 0x38000000u;
  rounded += 0xfffu + ((rounded >> 13) & 1u);
  return sign | static_cast<uint16_t>(rounded >> 13);
}

float bfloatToFloat(uint16_t h) {
  uint32_t bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

uint16_t floatToBfloat(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep it quiet
    return static_cast<uint16_t>((bits >> 16) | 0x40u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}

// max and min as arith.maximumf/minimumf (and StableHLO, TOSA's PROPAGATE
// mode): NaN wins, and +0 is above -0. MPI's MAX/MIN on floats are C
// comparisons, which drop a NaN or keep it depending on the order.
template <typename T> T propagatingMax(T a, T b) {
  if (a != a)
    return a;
  if (b != b)
    return b;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
template <typename T> T propagatingMin(T a, T b) {
  if (a != a)
    return a;
  if (b != b)
    return b;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

float combine(int32_t reducer, float a, float b) {
  switch (reducer) {
  case TOFU_RT_MAX:
    return propagatingMax(a, b);
  case TOFU_RT_MIN:
    return propagatingMin(a, b);
  case TOFU_RT_PROD:
    return a * b;
  default:
    return a + b;
  }
}

#ifdef TOFU_RT_HAVE_MPI
MPI_Datatype moveType(const ElementKind &kind) {
  switch (kind.bytes) {
  case 1:
    return MPI_UINT8_T;
  case 2:
    return MPI_UINT16_T;
  case 8:
    return MPI_UINT64_T;
  default:
    return MPI_UINT32_T;
  }
}

template <typename T, int32_t Reducer>
void floatReduceFn(void *in, void *inout, int *len, MPI_Datatype *) {
  const T *a = static_cast<const T *>(in);
  T *b = static_cast<T *>(inout);
  for (int i = 0; i < *len; ++i)
    b[i] = Reducer == TOFU_RT_MAX ? propagatingMax(a[i], b[i])
                                  : propagatingMin(a[i], b[i]);
}

template <bool Bfloat, int32_t Reducer>
void narrowReduceFn(void *in, void *inout, int *len, MPI_Datatype *) {
  const uint16_t *a = static_cast<const uint16_t *>(in);
  uint16_t *b = static_cast<uint16_t *>(inout);
  for (int i = 0; i < *len; ++i) {
    float x = Bfloat ? bfloatToFloat(a[i]) : halfToFloat(a[i]);
    float y = Bfloat ? bfloatToFloat(b[i]) : halfToFloat(b[i]);
    float r = combine(Reducer, x, y);
    b[i] = Bfloat ? floatToBfloat(r) : floatToHalf(r);
  }
}

// Sums and products of 8- and 16-bit integers wrap, as arith does. MPI's
// own do not always: OpenMPI 4.1's AVX reductions saturate 16-bit sums
// (3 x 16000 gives 32767), so these narrow types get operations of ours.
template <typename T, int32_t Reducer>
void wrappingReduceFn(void *in, void *inout, int *len, MPI_Datatype *) {
  using U = std::make_unsigned_t<T>;
  const T *a = static_cast<const T *>(in);
  T *b = static_cast<T *>(inout);
  for (int i = 0; i < *len; ++i) {
    // Unsigned arithmetic wraps by definition; unsigned int avoids the
    // promotion of U to (signed) int, whose products could overflow.
    unsigned x = static_cast<U>(a[i]), y = static_cast<U>(b[i]);
    U r = static_cast<U>(Reducer == TOFU_RT_SUM ? x + y : x * y);
    std::memcpy(&b[i], &r, sizeof r);
  }
}

// The user-defined MPI operations, made on first use and freed by
// tofu_rt_finalize: [dtype][reducer] (made[][] says which exist).
MPI_Op customOps[kNumElementKinds][4];
bool customOpMade[kNumElementKinds][4];
bool customOpsMade = false;

int32_t makeCustomOps(const std::string &call) {
  if (customOpsMade)
    return TOFU_RT_OK;
  struct Entry {
    int32_t dtype, reducer;
    MPI_User_function *fn;
  } entries[] = {
      {TOFU_RT_F32, TOFU_RT_MAX, floatReduceFn<float, TOFU_RT_MAX>},
      {TOFU_RT_F32, TOFU_RT_MIN, floatReduceFn<float, TOFU_RT_MIN>},
      {TOFU_RT_F64, TOFU_RT_MAX, floatReduceFn<double, TOFU_RT_MAX>},
      {TOFU_RT_F64, TOFU_RT_MIN, floatReduceFn<double, TOFU_RT_MIN>},
      {TOFU_RT_F16, TOFU_RT_SUM, narrowReduceFn<false, TOFU_RT_SUM>},
      {TOFU_RT_F16, TOFU_RT_MAX, narrowReduceFn<false, TOFU_RT_MAX>},
      {TOFU_RT_F16, TOFU_RT_MIN, narrowReduceFn<false, TOFU_RT_MIN>},
      {TOFU_RT_F16, TOFU_RT_PROD, narrowReduceFn<false, TOFU_RT_PROD>},
      {TOFU_RT_BF16, TOFU_RT_SUM, narrowReduceFn<true, TOFU_RT_SUM>},
      {TOFU_RT_BF16, TOFU_RT_MAX, narrowReduceFn<true, TOFU_RT_MAX>},
      {TOFU_RT_BF16, TOFU_RT_MIN, narrowReduceFn<true, TOFU_RT_MIN>},
      {TOFU_RT_BF16, TOFU_RT_PROD, narrowReduceFn<true, TOFU_RT_PROD>},
      {TOFU_RT_I8, TOFU_RT_SUM, wrappingReduceFn<int8_t, TOFU_RT_SUM>},
      {TOFU_RT_I8, TOFU_RT_PROD, wrappingReduceFn<int8_t, TOFU_RT_PROD>},
      {TOFU_RT_I16, TOFU_RT_SUM, wrappingReduceFn<int16_t, TOFU_RT_SUM>},
      {TOFU_RT_I16, TOFU_RT_PROD, wrappingReduceFn<int16_t, TOFU_RT_PROD>},
  };
  for (const Entry &e : entries) {
    TOFU_MPI_CHECK(call, MPI_Op_create(e.fn, /*commute=*/1,
                                       &customOps[e.dtype][e.reducer]));
    customOpMade[e.dtype][e.reducer] = true;
  }
  customOpsMade = true;
  return TOFU_RT_OK;
}

int32_t freeCustomOps(const std::string &call) {
  if (!customOpsMade)
    return TOFU_RT_OK;
  for (int32_t d = 0; d < kNumElementKinds; ++d)
    for (int32_t r = 0; r < 4; ++r)
      if (customOpMade[d][r]) {
        customOpMade[d][r] = false;
        TOFU_MPI_CHECK(call, MPI_Op_free(&customOps[d][r]));
      }
  customOpsMade = false;
  return TOFU_RT_OK;
}

MPI_Op nativeOp(int32_t reducer) {
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

// The MPI datatype and operation that reduce `kind` with `reducer` exactly
// as the arith combiner of the unpartitioned program does: integers wrap
// (max/min signed); i1 (one byte, 0 or 1) adds as xor and multiplies as and,
// and its signed max/min (true is -1) are and/or; floats sum and multiply
// natively and take NaN-propagating max/min.
int32_t reduction(const std::string &call, const ElementKind &kind,
                  int32_t reducer, MPI_Datatype &type, MPI_Op &op) {
  switch (kind.dtype) {
  case TOFU_RT_F32:
  case TOFU_RT_F64:
    type = kind.dtype == TOFU_RT_F32 ? MPI_FLOAT : MPI_DOUBLE;
    if (reducer == TOFU_RT_SUM || reducer == TOFU_RT_PROD) {
      op = nativeOp(reducer);
      return TOFU_RT_OK;
    }
    break;
  case TOFU_RT_F16:
  case TOFU_RT_BF16:
    type = MPI_UINT16_T;
    break;
  case TOFU_RT_I1: {
    type = MPI_UINT8_T;
    const MPI_Op ops[] = {MPI_BXOR, MPI_BAND, MPI_BOR, MPI_BAND};
    op = ops[reducer];
    return TOFU_RT_OK;
  }
  default: {
    const MPI_Datatype types[] = {MPI_INT8_T, MPI_INT16_T, MPI_INT32_T,
                                  MPI_INT64_T};
    type = types[kind.dtype - TOFU_RT_I8];
    bool narrow = kind.bytes < 4;
    if (!narrow || reducer == TOFU_RT_MAX || reducer == TOFU_RT_MIN) {
      op = nativeOp(reducer);
      return TOFU_RT_OK;
    }
    break;
  }
  }
  if (int32_t rc = makeCustomOps(call))
    return rc;
  op = customOps[kind.dtype][reducer];
  return TOFU_RT_OK;
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
// Called as an argument of the MPI call TOFU_MPI_CHECK makes, so just before
// it: the wait record names the members the call waits on.
MPI_Comm comm(int64_t level) {
  State &s = state();
  if (s.pendingCall && s.waitRecord && level + 1 < (int64_t)s.levelPeers.size())
    WaitRecord::write(s, &s.levelPeers[level + 1]);
  if (s.pendingCall && s.delayMs > 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(s.delayMs));
  return level == TOFU_RT_WORLD ? s.world : s.levelComms[level];
}
#endif

bool mpi() { return state().kind == BackendKind::Mpi; }

//===----------------------------------------------------------------------===//
// Contiguous collectives, arguments already checked
//===----------------------------------------------------------------------===//

// Counts are elements of `kind`; data movement is bit for bit.

int32_t allReduce(const std::string &call, void *buf, int64_t count,
                  int64_t level, int32_t reducer, const ElementKind &kind) {
  if (!mpi() || count == 0)
    return TOFU_RT_OK;
#ifdef TOFU_RT_HAVE_MPI
  MPI_Datatype type;
  MPI_Op op;
  if (int32_t rc = reduction(call, kind, reducer, type, op))
    return rc;
  TOFU_MPI_CHECK(call, MPI_Allreduce(MPI_IN_PLACE, buf, (int)count, type, op,
                                     comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t allGather(const std::string &call, const void *in, void *out,
                  int64_t count, int64_t level, const ElementKind &kind) {
  char *own = static_cast<char *>(out) + groupIndex(level) * count * kind.bytes;
  if (!mpi() || groupSize(level) == 1) {
    if (count && in != own)
      std::memmove(own, in, count * kind.bytes);
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  const void *send = in == own ? MPI_IN_PLACE : in;
  MPI_Datatype type = moveType(kind);
  TOFU_MPI_CHECK(call, MPI_Allgather(send, (int)count, type, out, (int)count,
                                     type, comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t reduceScatter(const std::string &call, const void *in, void *out,
                      int64_t count, int64_t level, int32_t reducer,
                      const ElementKind &kind) {
  if (!mpi() || groupSize(level) == 1) {
    if (count && in != out)
      std::memmove(out, in, count * kind.bytes);
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  MPI_Datatype type;
  MPI_Op op;
  if (int32_t rc = reduction(call, kind, reducer, type, op))
    return rc;
  TOFU_MPI_CHECK(call, MPI_Reduce_scatter_block(in, out, (int)count, type, op,
                                                comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t allToAll(const std::string &call, const void *in, void *out,
                 int64_t count, int64_t level, const ElementKind &kind) {
  if (!mpi() || groupSize(level) == 1) {
    if (count && in != out)
      std::memmove(out, in, count * kind.bytes);
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  MPI_Datatype type = moveType(kind);
  TOFU_MPI_CHECK(call, MPI_Alltoall(in, (int)count, type, out, (int)count, type,
                                    comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t broadcast(const std::string &call, void *buf, int64_t count,
                  int64_t root, int64_t level, const ElementKind &kind) {
  if (!mpi() || count == 0)
    return TOFU_RT_OK;
#ifdef TOFU_RT_HAVE_MPI
  WaitTimer timer;
  TOFU_MPI_CHECK(
      call, MPI_Bcast(buf, (int)count, moveType(kind), (int)root, comm(level)));
#endif
  return TOFU_RT_OK;
}

int32_t sendRecv(const std::string &call, const void *send, int64_t sendCount,
                 int64_t dest, void *recv, int64_t recvCount, int64_t source,
                 int64_t level, const ElementKind &kind) {
  if (!mpi()) {
    // The only member is this process: a send to itself feeds its receive.
    if (dest == 0 && source == 0) {
      if (sendCount != recvCount)
        return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                    "sends %lld elements to itself but receives %lld",
                    (long long)sendCount, (long long)recvCount);
      if (sendCount && send != recv)
        std::memmove(recv, send, sendCount * kind.bytes);
    } else if (dest == 0 || source == 0) {
      return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                  "a send to itself needs a matching receive from itself");
    }
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  MPI_Status status;
  MPI_Datatype type = moveType(kind);
  int to = dest < 0 ? MPI_PROC_NULL : (int)dest;
  int from = source < 0 ? MPI_PROC_NULL : (int)source;
  TOFU_MPI_CHECK(call, MPI_Sendrecv(send, (int)sendCount, type, to, 7101, recv,
                                    (int)recvCount, type, from, 7101,
                                    comm(level), &status));
  if (from != MPI_PROC_NULL) {
    int received = 0;
    TOFU_MPI_CHECK(call, MPI_Get_count(&status, type, &received));
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
// } whose elements are `elementBytes` wide (offset and strides count
// elements).
struct MemRefView {
  char *data = nullptr; // aligned + offset
  int64_t elementBytes = 4;
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
  void copy(char *packed, bool toPacked) const {
    int64_t n = numElements();
    std::vector<int64_t> index(sizes.size(), 0);
    for (int64_t flat = 0; flat < n; ++flat) {
      int64_t offset = 0;
      for (size_t d = 0; d < sizes.size(); ++d)
        offset += index[d] * strides[d];
      char *element = data + offset * elementBytes;
      char *slot = packed + flat * elementBytes;
      if (toPacked)
        std::memcpy(slot, element, elementBytes);
      else
        std::memcpy(element, slot, elementBytes);
      for (int64_t d = rank() - 1; d >= 0; --d) {
        if (++index[d] < sizes[d])
          break;
        index[d] = 0;
      }
    }
  }
};

int32_t readMemRef(const std::string &call, const char *what, int64_t rank,
                   void *descriptor, const ElementKind &kind,
                   MemRefView &view) {
  if (!descriptor)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s: NULL memref descriptor", what);
  if (rank < 0 || rank > 64)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s: implausible memref rank %lld", what, (long long)rank);
  auto *fields = static_cast<char *>(descriptor);
  char *aligned;
  std::memcpy(&aligned, fields + sizeof(void *), sizeof(void *));
  int64_t offset;
  std::memcpy(&offset, fields + 2 * sizeof(void *), sizeof(int64_t));
  auto *dims = reinterpret_cast<int64_t *>(fields + 2 * sizeof(void *) +
                                           sizeof(int64_t));
  view.sizes.assign(dims, dims + rank);
  view.strides.assign(dims + rank, dims + 2 * rank);
  view.elementBytes = kind.bytes;
  view.data = aligned + offset * kind.bytes;
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
  std::vector<char> packed;
  char *data;

  Staged(const MemRefView &v, bool load) : view(&v) {
    if (v.contiguous()) {
      data = v.data;
      return;
    }
    packed.resize(v.numElements() * v.elementBytes);
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
void blocksToAxis(char *blocks, char *axisMajor, int64_t g, int64_t outer,
                  int64_t n, int64_t inner, int64_t elementBytes,
                  bool forward) {
  const int64_t len = n * inner * elementBytes;
  for (int64_t j = 0; j < g; ++j)
    for (int64_t o = 0; o < outer; ++o) {
      int64_t b = (j * outer + o) * len;
      int64_t a = (o * g + j) * len;
      if (forward)
        std::memcpy(axisMajor + a, blocks + b, len);
      else
        std::memcpy(blocks + b, axisMajor + a, len);
    }
}

//===----------------------------------------------------------------------===//
// Point-to-point messages
//===----------------------------------------------------------------------===//

// The one tag of tofu_rt_send/recv (send_recv uses 7101): with a single tag
// MPI's non-overtaking rule makes the messages between two members of a
// level arrive in the order they were sent.
constexpr int kMessageTag = 7102;

// `peer` (dest or source) must be another member of the level's group; a
// rank of the MPI backend never messages itself (its only member is itself
// in the single-process backend, where a send to itself feeds a receive).
int32_t checkPeer(const std::string &call, const char *what, int64_t peer,
                  int64_t level) {
  int64_t g = groupSize(level);
  if (peer < 0 || peer >= g)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s %lld is not a member of a group of %lld", what,
                (long long)peer, (long long)g);
  if (mpi() && peer == groupIndex(level))
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "%s %lld is this rank's own index on level %lld; a rank does "
                "not send messages to itself",
                what, (long long)peer, (long long)level);
  return TOFU_RT_OK;
}

#ifdef TOFU_RT_HAVE_MPI
// Forgets the sends that have completed: the finished ones (MPI_Testsome),
// or all of them after waiting (MPI_Waitall) when `wait`.
int32_t completeSends(const std::string &call, bool wait) {
  State &s = state();
  int n = static_cast<int>(s.sendRequests.size());
  if (n == 0)
    return TOFU_RT_OK;
  if (wait) {
    TOFU_MPI_CHECK(call,
                   MPI_Waitall(n, s.sendRequests.data(), MPI_STATUSES_IGNORE));
  } else {
    std::vector<int> done(n);
    int count = 0;
    TOFU_MPI_CHECK(call, MPI_Testsome(n, s.sendRequests.data(), &count,
                                      done.data(), MPI_STATUSES_IGNORE));
  }
  // Completed requests are MPI_REQUEST_NULL now; moving a buffer keeps its
  // storage, which the pending requests still read.
  size_t kept = 0;
  for (size_t i = 0; i < s.sendRequests.size(); ++i) {
    if (s.sendRequests[i] == MPI_REQUEST_NULL)
      continue;
    if (kept != i) {
      s.sendRequests[kept] = s.sendRequests[i];
      s.sendBuffers[kept] = std::move(s.sendBuffers[i]);
    }
    ++kept;
  }
  s.sendRequests.resize(kept);
  s.sendBuffers.resize(kept);
  return TOFU_RT_OK;
}
#endif

// Copies the memref into a runtime-owned buffer and starts sending it, so
// the call returns before the receiver posts its receive (a pipeline
// schedule's stages send before they receive).
int32_t sendMessage(const std::string &call, const MemRefView &v, int64_t dest,
                    int64_t level, const ElementKind &kind) {
  std::vector<char> data(v.numElements() * kind.bytes);
  if (v.contiguous()) {
    if (!data.empty())
      std::memcpy(data.data(), v.data, data.size());
  } else {
    v.copy(data.data(), /*toPacked=*/true);
  }
  if (!mpi()) {
    state().selfMessages[level].push_back(std::move(data));
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  if (int32_t rc = completeSends(call, /*wait=*/false))
    return rc;
  MPI_Request request;
  TOFU_MPI_CHECK(call,
                 MPI_Isend(data.data(), (int)v.numElements(), moveType(kind),
                           (int)dest, kMessageTag, comm(level), &request));
  state().sendRequests.push_back(request);
  state().sendBuffers.push_back(std::move(data));
#endif
  return TOFU_RT_OK;
}

int32_t wrongSize(const std::string &call, const char *received, int64_t source,
                  const MemRefView &v, const ElementKind &kind) {
  return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
              "the message from member %lld holds %s but the buffer %s holds "
              "%lld %s elements; the message stays queued",
              (long long)source, received, shape(v).c_str(),
              (long long)v.numElements(), kind.name);
}

// Receives the oldest message from `source` into the memref, whose element
// count must be the message's (else an error; the message is not consumed).
int32_t recvMessage(const std::string &call, const MemRefView &v,
                    int64_t source, int64_t level, const ElementKind &kind) {
  int64_t count = v.numElements();
  Staged b(v, /*load=*/false);
  if (!mpi()) {
    std::deque<std::vector<char>> &queue = state().selfMessages[level];
    if (queue.empty())
      return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                  "no message from member %lld is pending (with the "
                  "single-process backend a receive takes what this process "
                  "sent itself before)",
                  (long long)source);
    const std::vector<char> &m = queue.front();
    if ((int64_t)m.size() != count * kind.bytes)
      return wrongSize(call, (std::to_string(m.size()) + " bytes").c_str(),
                       source, v, kind);
    if (!m.empty())
      std::memcpy(b.data, m.data(), m.size());
    queue.pop_front();
    b.finish();
    return TOFU_RT_OK;
  }
#ifdef TOFU_RT_HAVE_MPI
  if (int32_t rc = completeSends(call, /*wait=*/false))
    return rc;
  // Probe first: a message of the wrong size is reported with both sizes
  // (MPI_Recv would only say MPI_ERR_TRUNCATE, or accept a shorter one).
  MPI_Status status;
  MPI_Datatype type = moveType(kind);
  TOFU_MPI_CHECK(call,
                 MPI_Probe((int)source, kMessageTag, comm(level), &status));
  int received = 0;
  TOFU_MPI_CHECK(call, MPI_Get_count(&status, type, &received));
  if (received == MPI_UNDEFINED)
    return wrongSize(call,
                     (std::string("a size that is not a whole number of ") +
                      kind.name + " elements")
                         .c_str(),
                     source, v, kind);
  if (received != count)
    return wrongSize(
        call,
        (std::to_string(received) + " " + kind.name + " elements").c_str(),
        source, v, kind);
  TOFU_MPI_CHECK(call, MPI_Recv(b.data, (int)count, type, (int)source,
                                kMessageTag, comm(level), MPI_STATUS_IGNORE));
#endif
  b.finish();
  return TOFU_RT_OK;
}

} // namespace

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

#ifdef TOFU_RT_HAVE_MPI
namespace {

// The world ranks of the other members of every level (State::levelPeers).
int32_t recordPeers(const std::string &call) {
  State &s = state();
  MPI_Group world;
  TOFU_MPI_CHECK(call, MPI_Comm_group(s.world, &world));
  std::vector<MPI_Comm> comms = {s.world};
  comms.insert(comms.end(), s.levelComms.begin(), s.levelComms.end());
  s.levelPeers.clear();
  for (MPI_Comm c : comms) {
    MPI_Group group;
    int n = 0;
    TOFU_MPI_CHECK(call, MPI_Comm_group(c, &group));
    TOFU_MPI_CHECK(call, MPI_Group_size(group, &n));
    std::vector<int> members(n), ranks(n);
    for (int i = 0; i < n; ++i)
      members[i] = i;
    TOFU_MPI_CHECK(call, MPI_Group_translate_ranks(group, n, members.data(),
                                                   world, ranks.data()));
    TOFU_MPI_CHECK(call, MPI_Group_free(&group));
    std::string peers;
    for (int r : ranks)
      if (r != s.rank)
        peers += (peers.empty() ? "" : ",") + std::to_string(r);
    s.levelPeers.push_back(peers);
  }
  TOFU_MPI_CHECK(call, MPI_Group_free(&world));
  return TOFU_RT_OK;
}

// Maps $TOFU_RUN_WAIT_FILE (set by tofu-run's rank supervisor) as the wait
// record. A shared mapping of a file outlives the process: what a killed
// rank was blocked in stays there for tofu-run to read.
void openWaitRecord() {
  State &s = state();
  const char *path = std::getenv("TOFU_RUN_WAIT_FILE");
  if (!path || !*path || s.waitRecord)
    return;
  int fd = ::open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return;
  if (::ftruncate(fd, kWaitRecordBytes) == 0) {
    void *p = ::mmap(nullptr, kWaitRecordBytes, PROT_READ | PROT_WRITE,
                     MAP_SHARED, fd, 0);
    if (p != MAP_FAILED)
      s.waitRecord = static_cast<char *>(p);
  }
  ::close(fd);
}

} // namespace
#endif

extern "C" {

int32_t tofu_rt_init(int64_t num_levels, const int64_t *level_sizes) {
  State &s = state();
  std::string call =
      callName("tofu_rt_init", "num_levels=%lld", (long long)num_levels);
  if (s.kind != BackendKind::None)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(), "already initialized");
  if (num_levels < 0 || (num_levels > 0 && !level_sizes))
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(), "invalid grid description");
  if (causeFd() >= 0) {
    static const bool registered = std::atexit(onExitBeforeFinalize) == 0;
    (void)registered;
  }
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
  if (int32_t rc = recordPeers(call))
    return rc;
  openWaitRecord();
  if (const char *delay = std::getenv("TOFU_RT_TEST_DELAY_MS"))
    s.delayMs = std::max(0, std::atoi(delay));
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
    // Every message sent must have left before the communicators go.
    if (int32_t rc = completeSends(call, /*wait=*/true))
      return rc;
    if (int32_t rc = freeCustomOps(call))
      return rc;
    for (MPI_Comm &c : s.levelComms)
      TOFU_MPI_CHECK(call, MPI_Comm_free(&c));
    s.levelComms.clear();
    TOFU_MPI_CHECK(call, MPI_Comm_free(&s.world));
    if (s.initializedMpi)
      TOFU_MPI_CHECK(call, MPI_Finalize());
    if (s.waitRecord)
      ::munmap(s.waitRecord, kWaitRecordBytes);
    s.waitRecord = nullptr;
    s.levelPeers.clear();
  }
#endif
  s.kind = BackendKind::None;
  s.rank = s.size = -1;
  s.levelSizes.clear();
  s.coords.clear();
  s.selfMessages.clear();
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
  // After a barrier every message this rank sent has been received, which
  // bounds the memory the buffered sends hold to one step's.
  if (mpi()) {
    if (int32_t rc = completeSends(call, /*wait=*/true))
      return rc;
    TOFU_MPI_CHECK(call, MPI_Barrier(comm(level)));
  }
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
  return allReduce(call, buf, count, level, reducer, kF32);
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
  return allGather(call, in, out, count_per_rank, level, kF32);
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
  return reduceScatter(call, in, out, count_per_rank, level, reducer, kF32);
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
  return allToAll(call, in, out, count_per_rank, level, kF32);
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
  return broadcast(call, buf, count, root, level, kF32);
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
  return sendRecv(call, send, send_count, dest, recv, recv_count, source, level,
                  kF32);
}

} // extern "C"

//===----------------------------------------------------------------------===//
// Memref variants, for any element type
//===----------------------------------------------------------------------===//

namespace {

int32_t checkElementKind(const std::string &call, int32_t dtype,
                         const ElementKind *&kind) {
  if (dtype < 0 || dtype >= kNumElementKinds)
    return fail(TOFU_RT_ERR_ARGUMENT, call.c_str(),
                "unknown element type %d (0 f32, 1 f64, 2 f16, 3 bf16, 4 i1, "
                "5 i8, 6 i16, 7 i32, 8 i64)",
                dtype);
  kind = &kElementKinds[dtype];
  return TOFU_RT_OK;
}

int32_t allReduceMemRef(const std::string &call, int64_t rank, void *buf,
                        int64_t level, int32_t reducer,
                        const ElementKind &kind) {
  MemRefView v;
  if (int32_t rc = readMemRef(call, "buf", rank, buf, kind, v))
    return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkCount(call, "element count", v.numElements()))
    return rc;
  if (int32_t rc = checkReducer(call, reducer))
    return rc;
  Staged b(v, /*load=*/true);
  if (int32_t rc =
          allReduce(call, b.data, v.numElements(), level, reducer, kind))
    return rc;
  b.finish();
  return TOFU_RT_OK;
}

int32_t allGatherMemRef(const std::string &call, int64_t in_rank, void *in,
                        int64_t out_rank, void *out, int64_t axis,
                        int64_t level, const ElementKind &kind) {
  MemRefView vi, vo;
  if (int32_t rc = readMemRef(call, "in", in_rank, in, kind, vi))
    return rc;
  if (int32_t rc = readMemRef(call, "out", out_rank, out, kind, vo))
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
  std::vector<char> blocks(vo.numElements() * kind.bytes);
  if (int32_t rc = allGather(call, si.data, blocks.data(), vi.numElements(),
                             level, kind))
    return rc;
  Staged so(vo, /*load=*/false);
  blocksToAxis(blocks.data(), so.data, g, outer, vi.sizes[axis], inner,
               kind.bytes, /*forward=*/true);
  so.finish();
  return TOFU_RT_OK;
}

int32_t reduceScatterMemRef(const std::string &call, int64_t in_rank, void *in,
                            int64_t out_rank, void *out, int64_t axis,
                            int64_t level, int32_t reducer,
                            const ElementKind &kind) {
  MemRefView vi, vo;
  if (int32_t rc = readMemRef(call, "in", in_rank, in, kind, vi))
    return rc;
  if (int32_t rc = readMemRef(call, "out", out_rank, out, kind, vo))
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
  std::vector<char> blocks(vi.numElements() * kind.bytes);
  blocksToAxis(blocks.data(), si.data, g, outer, vo.sizes[axis], inner,
               kind.bytes, /*forward=*/false);
  Staged so(vo, /*load=*/false);
  if (int32_t rc = reduceScatter(call, blocks.data(), so.data, vo.numElements(),
                                 level, reducer, kind))
    return rc;
  so.finish();
  return TOFU_RT_OK;
}

int32_t allToAllMemRef(const std::string &call, int64_t in_rank, void *in,
                       int64_t out_rank, void *out, int64_t split_axis,
                       int64_t concat_axis, int64_t level,
                       const ElementKind &kind) {
  MemRefView vi, vo;
  if (int32_t rc = readMemRef(call, "in", in_rank, in, kind, vi))
    return rc;
  if (int32_t rc = readMemRef(call, "out", out_rank, out, kind, vo))
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
  std::vector<char> sendBlocks(vi.numElements() * kind.bytes),
      recvBlocks(vo.numElements() * kind.bytes);
  splitAt(block.sizes, split_axis, outer, inner);
  blocksToAxis(sendBlocks.data(), si.data, g, outer, block.sizes[split_axis],
               inner, kind.bytes, /*forward=*/false);
  if (int32_t rc = allToAll(call, sendBlocks.data(), recvBlocks.data(), count,
                            level, kind))
    return rc;
  Staged so(vo, /*load=*/false);
  splitAt(block.sizes, concat_axis, outer, inner);
  blocksToAxis(recvBlocks.data(), so.data, g, outer, block.sizes[concat_axis],
               inner, kind.bytes, /*forward=*/true);
  so.finish();
  return TOFU_RT_OK;
}

int32_t broadcastMemRef(const std::string &call, int64_t rank, void *buf,
                        int64_t root, int64_t level, const ElementKind &kind) {
  MemRefView v;
  if (int32_t rc = readMemRef(call, "buf", rank, buf, kind, v))
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
  if (int32_t rc = broadcast(call, b.data, v.numElements(), root, level, kind))
    return rc;
  b.finish();
  return TOFU_RT_OK;
}

int32_t sendRecvMemRef(const std::string &call, int64_t send_rank, void *send,
                       int64_t dest, int64_t recv_rank, void *recv,
                       int64_t source, int64_t level, const ElementKind &kind) {
  MemRefView vs, vr;
  if (dest >= 0)
    if (int32_t rc = readMemRef(call, "send", send_rank, send, kind, vs))
      return rc;
  if (source >= 0)
    if (int32_t rc = readMemRef(call, "recv", recv_rank, recv, kind, vr))
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
  if (int32_t rc =
          sendRecv(call, ss ? ss->data : nullptr, sendCount, dest,
                   sr ? sr->data : nullptr, recvCount, source, level, kind))
    return rc;
  if (sr)
    sr->finish();
  return TOFU_RT_OK;
}

int32_t sendMemRef(const std::string &call, int64_t rank, void *buf,
                   int64_t level, int64_t dest, const ElementKind &kind) {
  MemRefView v;
  if (int32_t rc = readMemRef(call, "buf", rank, buf, kind, v))
    return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkPeer(call, "dest", dest, level))
    return rc;
  if (int32_t rc = checkCount(call, "element count", v.numElements()))
    return rc;
  return sendMessage(call, v, dest, level, kind);
}

int32_t recvMemRef(const std::string &call, int64_t rank, void *buf,
                   int64_t level, int64_t source, const ElementKind &kind) {
  WaitTimer timer;
  MemRefView v;
  if (int32_t rc = readMemRef(call, "buf", rank, buf, kind, v))
    return rc;
  if (int32_t rc = checkLevel(call, level))
    return rc;
  if (int32_t rc = checkPeer(call, "source", source, level))
    return rc;
  if (int32_t rc = checkCount(call, "element count", v.numElements()))
    return rc;
  return recvMessage(call, v, source, level, kind);
}

} // namespace

extern "C" {

// The f32 (and f64 all-reduce) entry points of the first ABI.

int32_t tofu_rt_all_reduce_memref_f32(int64_t rank, void *buf, int64_t level,
                                      int32_t reducer) {
  return allReduceMemRef(callName("tofu_rt_all_reduce_memref_f32",
                                  "level=%lld, reducer=%d", (long long)level,
                                  reducer),
                         rank, buf, level, reducer, kF32);
}

int32_t tofu_rt_all_reduce_memref_f64(int64_t rank, void *buf, int64_t level,
                                      int32_t reducer) {
  return allReduceMemRef(callName("tofu_rt_all_reduce_memref_f64",
                                  "level=%lld, reducer=%d", (long long)level,
                                  reducer),
                         rank, buf, level, reducer, kF64);
}

int32_t tofu_rt_all_gather_memref_f32(int64_t in_rank, void *in,
                                      int64_t out_rank, void *out, int64_t axis,
                                      int64_t level) {
  return allGatherMemRef(callName("tofu_rt_all_gather_memref_f32",
                                  "axis=%lld, level=%lld", (long long)axis,
                                  (long long)level),
                         in_rank, in, out_rank, out, axis, level, kF32);
}

int32_t tofu_rt_reduce_scatter_memref_f32(int64_t in_rank, void *in,
                                          int64_t out_rank, void *out,
                                          int64_t axis, int64_t level,
                                          int32_t reducer) {
  return reduceScatterMemRef(
      callName("tofu_rt_reduce_scatter_memref_f32",
               "axis=%lld, level=%lld, reducer=%d", (long long)axis,
               (long long)level, reducer),
      in_rank, in, out_rank, out, axis, level, reducer, kF32);
}

int32_t tofu_rt_all_to_all_memref_f32(int64_t in_rank, void *in,
                                      int64_t out_rank, void *out,
                                      int64_t split_axis, int64_t concat_axis,
                                      int64_t level) {
  return allToAllMemRef(
      callName("tofu_rt_all_to_all_memref_f32",
               "split_axis=%lld, concat_axis=%lld, level=%lld",
               (long long)split_axis, (long long)concat_axis, (long long)level),
      in_rank, in, out_rank, out, split_axis, concat_axis, level, kF32);
}

int32_t tofu_rt_broadcast_memref_f32(int64_t rank, void *buf, int64_t root,
                                     int64_t level) {
  return broadcastMemRef(callName("tofu_rt_broadcast_memref_f32",
                                  "root=%lld, level=%lld", (long long)root,
                                  (long long)level),
                         rank, buf, root, level, kF32);
}

int32_t tofu_rt_send_recv_memref_f32(int64_t send_rank, void *send,
                                     int64_t dest, int64_t recv_rank,
                                     void *recv, int64_t source,
                                     int64_t level) {
  return sendRecvMemRef(
      callName("tofu_rt_send_recv_memref_f32",
               "dest=%lld, source=%lld, level=%lld", (long long)dest,
               (long long)source, (long long)level),
      send_rank, send, dest, recv_rank, recv, source, level, kF32);
}

// The element-type generic entry points: `dtype` is a TOFU_RT_<type> code.

int32_t tofu_rt_all_reduce_memref(int64_t rank, void *buf, int64_t level,
                                  int32_t reducer, int32_t dtype) {
  std::string call =
      callName("tofu_rt_all_reduce_memref", "level=%lld, reducer=%d, dtype=%d",
               (long long)level, reducer, dtype);
  const ElementKind *kind;
  if (int32_t rc = checkElementKind(call, dtype, kind))
    return rc;
  return allReduceMemRef(call, rank, buf, level, reducer, *kind);
}

int32_t tofu_rt_all_gather_memref(int64_t in_rank, void *in, int64_t out_rank,
                                  void *out, int64_t axis, int64_t level,
                                  int32_t dtype) {
  std::string call =
      callName("tofu_rt_all_gather_memref", "axis=%lld, level=%lld, dtype=%d",
               (long long)axis, (long long)level, dtype);
  const ElementKind *kind;
  if (int32_t rc = checkElementKind(call, dtype, kind))
    return rc;
  return allGatherMemRef(call, in_rank, in, out_rank, out, axis, level, *kind);
}

int32_t tofu_rt_reduce_scatter_memref(int64_t in_rank, void *in,
                                      int64_t out_rank, void *out, int64_t axis,
                                      int64_t level, int32_t reducer,
                                      int32_t dtype) {
  std::string call =
      callName("tofu_rt_reduce_scatter_memref",
               "axis=%lld, level=%lld, reducer=%d, dtype=%d", (long long)axis,
               (long long)level, reducer, dtype);
  const ElementKind *kind;
  if (int32_t rc = checkElementKind(call, dtype, kind))
    return rc;
  return reduceScatterMemRef(call, in_rank, in, out_rank, out, axis, level,
                             reducer, *kind);
}

int32_t tofu_rt_all_to_all_memref(int64_t in_rank, void *in, int64_t out_rank,
                                  void *out, int64_t split_axis,
                                  int64_t concat_axis, int64_t level,
                                  int32_t dtype) {
  std::string call = callName(
      "tofu_rt_all_to_all_memref",
      "split_axis=%lld, concat_axis=%lld, level=%lld, dtype=%d",
      (long long)split_axis, (long long)concat_axis, (long long)level, dtype);
  const ElementKind *kind;
  if (int32_t rc = checkElementKind(call, dtype, kind))
    return rc;
  return allToAllMemRef(call, in_rank, in, out_rank, out, split_axis,
                        concat_axis, level, *kind);
}

int32_t tofu_rt_broadcast_memref(int64_t rank, void *buf, int64_t root,
                                 int64_t level, int32_t dtype) {
  std::string call =
      callName("tofu_rt_broadcast_memref", "root=%lld, level=%lld, dtype=%d",
               (long long)root, (long long)level, dtype);
  const ElementKind *kind;
  if (int32_t rc = checkElementKind(call, dtype, kind))
    return rc;
  return broadcastMemRef(call, rank, buf, root, level, *kind);
}

int32_t tofu_rt_send_recv_memref(int64_t send_rank, void *send, int64_t dest,
                                 int64_t recv_rank, void *recv, int64_t source,
                                 int64_t level, int32_t dtype) {
  std::string call =
      callName("tofu_rt_send_recv_memref",
               "dest=%lld, source=%lld, level=%lld, dtype=%d", (long long)dest,
               (long long)source, (long long)level, dtype);
  const ElementKind *kind;
  if (int32_t rc = checkElementKind(call, dtype, kind))
    return rc;
  return sendRecvMemRef(call, send_rank, send, dest, recv_rank, recv, source,
                        level, *kind);
}

int32_t tofu_rt_send_memref(int64_t rank, void *buf, int64_t level,
                            int64_t dest, int32_t dtype) {
  std::string call =
      callName("tofu_rt_send_memref", "level=%lld, dest=%lld, dtype=%d",
               (long long)level, (long long)dest, dtype);
  const ElementKind *kind;
  if (int32_t rc = checkElementKind(call, dtype, kind))
    return rc;
  return sendMemRef(call, rank, buf, level, dest, *kind);
}

int32_t tofu_rt_recv_memref(int64_t rank, void *buf, int64_t level,
                            int64_t source, int32_t dtype) {
  std::string call =
      callName("tofu_rt_recv_memref", "level=%lld, source=%lld, dtype=%d",
               (long long)level, (long long)source, dtype);
  const ElementKind *kind;
  if (int32_t rc = checkElementKind(call, dtype, kind))
    return rc;
  return recvMemRef(call, rank, buf, level, source, *kind);
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

double tofu_rt_wait_seconds(void) { return state().waitSeconds; }

void tofu_rt_reset_wait_seconds(void) { state().waitSeconds = 0; }

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

// The typed entry points: the generic functions with a fixed type.
#define TOFU_RT_DEFINE_TYPED_COLLECTIVES(T, CODE)                              \
  int32_t tofu_rt_all_gather_memref_##T(int64_t in_rank, void *in,             \
                                        int64_t out_rank, void *out,           \
                                        int64_t axis, int64_t level) {         \
    return tofu_rt_all_gather_memref(in_rank, in, out_rank, out, axis, level,  \
                                     CODE);                                    \
  }                                                                            \
  int32_t tofu_rt_reduce_scatter_memref_##T(                                   \
      int64_t in_rank, void *in, int64_t out_rank, void *out, int64_t axis,    \
      int64_t level, int32_t reducer) {                                        \
    return tofu_rt_reduce_scatter_memref(in_rank, in, out_rank, out, axis,     \
                                         level, reducer, CODE);                \
  }                                                                            \
  int32_t tofu_rt_all_to_all_memref_##T(                                       \
      int64_t in_rank, void *in, int64_t out_rank, void *out,                  \
      int64_t split_axis, int64_t concat_axis, int64_t level) {                \
    return tofu_rt_all_to_all_memref(in_rank, in, out_rank, out, split_axis,   \
                                     concat_axis, level, CODE);                \
  }                                                                            \
  int32_t tofu_rt_broadcast_memref_##T(int64_t rank, void *buf, int64_t root,  \
                                       int64_t level) {                        \
    return tofu_rt_broadcast_memref(rank, buf, root, level, CODE);             \
  }                                                                            \
  int32_t tofu_rt_send_recv_memref_##T(                                        \
      int64_t send_rank, void *send, int64_t dest, int64_t recv_rank,          \
      void *recv, int64_t source, int64_t level) {                             \
    return tofu_rt_send_recv_memref(send_rank, send, dest, recv_rank, recv,    \
                                    source, level, CODE);                      \
  }
#define TOFU_RT_DEFINE_TYPED_ALL_REDUCE(T, CODE)                               \
  int32_t tofu_rt_all_reduce_memref_##T(int64_t rank, void *buf,               \
                                        int64_t level, int32_t reducer) {      \
    return tofu_rt_all_reduce_memref(rank, buf, level, reducer, CODE);         \
  }
TOFU_RT_DEFINE_TYPED_COLLECTIVES(f64, TOFU_RT_F64)
TOFU_RT_DEFINE_TYPED_COLLECTIVES(f16, TOFU_RT_F16)
TOFU_RT_DEFINE_TYPED_COLLECTIVES(bf16, TOFU_RT_BF16)
TOFU_RT_DEFINE_TYPED_COLLECTIVES(i1, TOFU_RT_I1)
TOFU_RT_DEFINE_TYPED_COLLECTIVES(i8, TOFU_RT_I8)
TOFU_RT_DEFINE_TYPED_COLLECTIVES(i16, TOFU_RT_I16)
TOFU_RT_DEFINE_TYPED_COLLECTIVES(i32, TOFU_RT_I32)
TOFU_RT_DEFINE_TYPED_COLLECTIVES(i64, TOFU_RT_I64)
TOFU_RT_DEFINE_TYPED_ALL_REDUCE(f16, TOFU_RT_F16)
TOFU_RT_DEFINE_TYPED_ALL_REDUCE(bf16, TOFU_RT_BF16)
TOFU_RT_DEFINE_TYPED_ALL_REDUCE(i1, TOFU_RT_I1)
TOFU_RT_DEFINE_TYPED_ALL_REDUCE(i8, TOFU_RT_I8)
TOFU_RT_DEFINE_TYPED_ALL_REDUCE(i16, TOFU_RT_I16)
TOFU_RT_DEFINE_TYPED_ALL_REDUCE(i32, TOFU_RT_I32)
TOFU_RT_DEFINE_TYPED_ALL_REDUCE(i64, TOFU_RT_I64)
#define TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(T, CODE)                           \
  int32_t tofu_rt_send_memref_##T(int64_t rank, void *buf, int64_t level,      \
                                  int64_t dest) {                              \
    return tofu_rt_send_memref(rank, buf, level, dest, CODE);                  \
  }                                                                            \
  int32_t tofu_rt_recv_memref_##T(int64_t rank, void *buf, int64_t level,      \
                                  int64_t source) {                            \
    return tofu_rt_recv_memref(rank, buf, level, source, CODE);                \
  }
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(f32, TOFU_RT_F32)
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(f64, TOFU_RT_F64)
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(f16, TOFU_RT_F16)
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(bf16, TOFU_RT_BF16)
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(i1, TOFU_RT_I1)
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(i8, TOFU_RT_I8)
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(i16, TOFU_RT_I16)
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(i32, TOFU_RT_I32)
TOFU_RT_DEFINE_TYPED_POINT_TO_POINT(i64, TOFU_RT_I64)

float tofu_rt_f16_to_f32(uint16_t bits) { return halfToFloat(bits); }
uint16_t tofu_rt_f32_to_f16(float value) { return floatToHalf(value); }
float tofu_rt_bf16_to_f32(uint16_t bits) { return bfloatToFloat(bits); }
uint16_t tofu_rt_f32_to_bf16(float value) { return floatToBfloat(value); }

} // extern "C"
