//===- TofuRuntimeGPU.cpp - mgpu* ABI, cuBLAS and GPU collectives ---------===//
//
// Implements tofu_runtime_gpu.h. The CUDA driver API (modules, launches,
// 32-bit memsets) is loaded with dlopen("libcuda.so.1") so that programs
// link and start on machines without a driver and report that clearly; the
// rest uses the CUDA runtime, cuBLAS and NCCL.
//
// Ordering: every function that touches memory the host may read next
// (launches, copies, cuBLAS, NCCL) finishes with a stream synchronization.
// Generated code reads managed memory on the host between kernels (scalars,
// whole-tensor reductions that have no parallel dimension), so this keeps
// the program correct without any event bookkeeping; see docs/gpu.md.
//
// The staged transport and every unusual case of the NCCL transport
// (non-contiguous memrefs, shapes that do not fit the group) call the CPU
// runtime's memref collectives on host-visible memory, so the collective
// semantics and their argument checks live in one place (TofuRuntime.cpp).
//
//===----------------------------------------------------------------------===//

#include "tofu_runtime.h"
#include "tofu_runtime_gpu.h"

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cudnn.h>
#include <nccl.h>

#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#ifdef TOFU_RT_HAVE_MPI
#include <mpi.h>
#endif

namespace {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

std::string rankText() {
  int64_t r = tofu_rt_rank();
  if (r >= 0)
    return std::to_string(r);
  for (const char *v : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"})
    if (const char *s = std::getenv(v))
      return s;
  return "0";
}

[[noreturn]] void die(const std::string &call, const std::string &what) {
  std::fprintf(stderr, "tofu_rt: rank %s: %s: %s\n", rankText().c_str(),
               call.c_str(), what.c_str());
  std::fflush(stderr);
#ifdef TOFU_RT_HAVE_MPI
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized)
    MPI_Abort(MPI_COMM_WORLD, 1);
#endif
  // No exit handlers: the failure may come from a global constructor (the
  // kernel modules load there) and the destructors would unload modules.
  std::fflush(nullptr);
  std::_Exit(1);
}

std::string fmt(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  char buf[512];
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

void check(cudaError_t e, const char *call) {
  if (e != cudaSuccess)
    die(call, std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e));
}
#define CUDA_CHECK(expr) check((expr), #expr)

void check(cublasStatus_t s, const char *call) {
  if (s != CUBLAS_STATUS_SUCCESS)
    die(call,
        std::string(cublasGetStatusName(s)) + ": " + cublasGetStatusString(s));
}
#define CUBLAS_CHECK(expr) check((expr), #expr)

void check(ncclResult_t r, const char *call) {
  if (r != ncclSuccess) {
    std::string what = ncclGetErrorString(r);
    const char *last = ncclGetLastError(nullptr);
    if (last && *last)
      what += std::string(": ") + last;
    die(call, what);
  }
}
#define NCCL_CHECK(expr) check((expr), #expr)

void check(cudnnStatus_t s, const char *call) {
  if (s != CUDNN_STATUS_SUCCESS) {
    std::string what = cudnnGetErrorString(s);
    char last[512] = {0};
    cudnnGetLastErrorString(last, sizeof last);
    if (*last)
      what += std::string(": ") + last;
    die(call, what);
  }
}
#define CUDNN_CHECK(expr) check((expr), #expr)

//===----------------------------------------------------------------------===//
// The driver API, loaded at run time
//===----------------------------------------------------------------------===//

struct Driver {
  void *handle = nullptr;
  CUresult (*getErrorString)(CUresult, const char **) = nullptr;
  CUresult (*moduleLoadData)(CUmodule *, const void *) = nullptr;
  CUresult (*moduleLoadDataEx)(CUmodule *, const void *, unsigned,
                               CUjit_option *, void **) = nullptr;
  CUresult (*moduleUnload)(CUmodule) = nullptr;
  CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *) = nullptr;
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, CUstream, void **,
                           void **) = nullptr;
  CUresult (*memsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream) = nullptr;
  CUresult (*memsetD16Async)(CUdeviceptr, unsigned short, size_t,
                             CUstream) = nullptr;
};

Driver &driver() {
  static Driver d;
  return d;
}

void check(CUresult r, const char *call) {
  if (r == CUDA_SUCCESS)
    return;
  const char *text = nullptr;
  if (driver().getErrorString)
    driver().getErrorString(r, &text);
  die(call,
      text ? std::string(text) : "CUDA driver error " + std::to_string(r));
}
#define CU_CHECK(expr) check((expr), #expr)

template <typename F> void loadSymbol(F &fn, const char *name) {
  fn = reinterpret_cast<F>(dlsym(driver().handle, name));
  if (!fn)
    die(std::string("dlsym(libcuda.so.1, ") + name + ")",
        "the NVIDIA driver library lacks this function");
}

//===----------------------------------------------------------------------===//
// Process state
//===----------------------------------------------------------------------===//

enum class Transport { Unset, Nccl, Staged };

struct Gpu {
  bool ready = false;
  int device = -1;
  int deviceCount = 0;
  cudaStream_t stream = nullptr;
  cublasHandle_t blas = nullptr;
  cudnnHandle_t dnn = nullptr; // on `stream`, made at the first cuDNN call
  // cuDNN workspace (device memory, grows to the largest asked for).
  void *workspace = nullptr;
  size_t workspaceBytes = 0;
  Transport transport = Transport::Unset;
  std::map<int64_t, ncclComm_t> comms; // level (-1: world) -> communicator
  // Profile (TOFU_RT_GPU_PROFILE=FILE): one line per cuBLAS call.
  FILE *profile = nullptr;
  // Managed memory: live blocks (bytes as allocated) and, unless
  // TOFU_RT_GPU_CACHE=0, freed blocks kept for reuse by size, so that the
  // buffers of one step serve the next without cudaMallocManaged/cudaFree
  // (slow, and cudaFree synchronizes the device) and stay resident.
  std::map<void *, size_t> managedLive;
  std::multimap<size_t, void *> managedFree;
  // Device memory of mgpuMemAlloc (memory=device): stream-ordered
  // cudaMallocAsync/cudaFreeAsync on the compute stream, from the device's
  // default pool, which keeps freed memory for reuse unless
  // TOFU_RT_GPU_CACHE=0.
  std::set<void *> deviceLive;
  bool pools = false; // the device supports stream-ordered allocation
  bool cache = true;
  // Totals since the last tofu_rt_gpu_matmul_stats reset.
  double gemmSeconds = 0, gemmFlops = 0;
  int64_t gemmCalls = 0;
  // The same for cuDNN convolutions and poolings.
  double dnnSeconds = 0, dnnFlops = 0;
  int64_t dnnCalls = 0;
  // TOFU_RT_GPU_SYNC=stream: the host does not wait for kernels and library
  // calls (the compute stream orders them); see syncMode() below.
  bool streamOrdered = false;
  // In that mode, library calls not yet accounted: timed by an event pair on
  // the stream, settled (added to the totals, profiled) at the next
  // synchronization point.
  struct Pending {
    cudaEvent_t begin, end;
    bool dnn;
    double flops;
    std::string line; // profile line without its time
  };
  std::vector<Pending> pending;
};

Gpu &gpu() {
  static Gpu g;
  return g;
}

long envInt(const char *name, long fallback) {
  const char *s = std::getenv(name);
  if (!s || !*s)
    return fallback;
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  return end && *end == '\0' ? v : fallback;
}

long localRank() {
  for (const char *v :
       {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"})
    if (std::getenv(v))
      return envInt(v, 0);
  return 0;
}

long localSize() {
  for (const char *v : {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS",
                        "SLURM_NTASKS_PER_NODE"})
    if (std::getenv(v))
      return envInt(v, 1);
  return 1;
}

Gpu &ensure() {
  Gpu &g = gpu();
  if (g.ready)
    return g;
  Driver &d = driver();
  d.handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
  if (!d.handle) {
    const char *why = dlerror();
    die("dlopen(libcuda.so.1)",
        std::string(why ? why : "not found") +
            " (no NVIDIA driver on this machine: GPU programs need one)");
  }
  loadSymbol(d.getErrorString, "cuGetErrorString");
  loadSymbol(d.moduleLoadData, "cuModuleLoadData");
  loadSymbol(d.moduleLoadDataEx, "cuModuleLoadDataEx");
  loadSymbol(d.moduleUnload, "cuModuleUnload");
  loadSymbol(d.moduleGetFunction, "cuModuleGetFunction");
  loadSymbol(d.launchKernel, "cuLaunchKernel");
  loadSymbol(d.memsetD32Async, "cuMemsetD32Async");
  loadSymbol(d.memsetD16Async, "cuMemsetD16Async");

  CUDA_CHECK(cudaGetDeviceCount(&g.deviceCount));
  if (g.deviceCount < 1)
    die("cudaGetDeviceCount", "no CUDA device is visible");
  long chosen = envInt("TOFU_RT_GPU_DEVICE", -1);
  g.device = chosen >= 0 ? (int)chosen : (int)(localRank() % g.deviceCount);
  if (g.device >= g.deviceCount)
    die("tofu_rt_gpu_init",
        fmt("TOFU_RT_GPU_DEVICE=%d but only %d device(s) are visible", g.device,
            g.deviceCount));
  CUDA_CHECK(cudaSetDevice(g.device));
  CUDA_CHECK(cudaFree(nullptr)); // makes the primary context current
  CUDA_CHECK(cudaStreamCreateWithFlags(&g.stream, cudaStreamNonBlocking));
  g.cache = envInt("TOFU_RT_GPU_CACHE", 1) != 0;
  int pools = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported,
                                    g.device));
  g.pools = pools != 0;
  if (g.pools && g.cache) {
    cudaMemPool_t pool;
    CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, g.device));
    uint64_t keep = UINT64_MAX;
    CUDA_CHECK(
        cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
  }
  if (const char *m = std::getenv("TOFU_RT_GPU_SYNC"); m && *m) {
    if (!std::strcmp(m, "stream"))
      g.streamOrdered = true;
    else if (std::strcmp(m, "launch"))
      die("tofu_rt_gpu_init", std::string("TOFU_RT_GPU_SYNC is '") + m +
                                  "'; use 'launch' or 'stream'");
  }
  if (const char *p = std::getenv("TOFU_RT_GPU_PROFILE"))
    if (*p) {
      std::string path = std::string(p) + "." + rankText();
      g.profile = std::fopen(path.c_str(), "w");
      if (!g.profile)
        die("tofu_rt_gpu_init", "cannot write the profile " + path);
    }
  g.ready = true;
  return g;
}

void sync() { CUDA_CHECK(cudaStreamSynchronize(ensure().stream)); }

// Synchronization modes (TOFU_RT_GPU_SYNC):
//  - launch (default): what MLIR's synchronous gpu ops promise. A launch is
//    followed by mgpuStreamSynchronize, and every library call waits for
//    its work before it returns, so the host may touch any buffer between
//    two calls.
//  - stream: every kernel, library call and NCCL collective runs in order on
//    the one compute stream, and the host waits only where it reads or
//    hands out memory itself: staged collectives, tofu_rt_gpu_synchronize
//    (the driver calls it before reading results), a cached managed block
//    given to host code, the stats. Freed blocks go back to the cache
//    without waiting: the next user is a kernel or call on the same stream.
//    Valid for programs whose host code never accesses a buffer between
//    kernels: the GPU pipeline's --tofu-gpu-serial-ops guarantees that.

// Whether the host waits after each kernel and library call.
bool waitEachCall() { return !ensure().streamOrdered; }

// Adds one library call of `seconds` to the cuBLAS (dnn = false) or cuDNN
// totals, and its line to the profile.
void account(bool dnn, double seconds, double flops, const std::string &line) {
  Gpu &g = gpu();
  (dnn ? g.dnnSeconds : g.gemmSeconds) += seconds;
  (dnn ? g.dnnFlops : g.gemmFlops) += flops;
  (dnn ? g.dnnCalls : g.gemmCalls) += 1;
  if (g.profile) {
    std::fprintf(g.profile, "%s %.9f\n", line.c_str(), seconds);
    std::fflush(g.profile);
  }
}

// Adds the library calls timed on the stream to the totals and the profile.
void settle() {
  Gpu &g = ensure();
  if (g.pending.empty())
    return;
  sync();
  for (Gpu::Pending &p : g.pending) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, p.begin, p.end));
    account(p.dnn, ms * 1e-3, p.flops, p.line);
    CUDA_CHECK(cudaEventDestroy(p.begin));
    CUDA_CHECK(cudaEventDestroy(p.end));
  }
  g.pending.clear();
}

// The time of one library call: host clock after waiting (launch mode) or
// an event pair on the stream (stream mode).
struct CallClock {
  std::chrono::steady_clock::time_point start;
  cudaEvent_t begin = nullptr;
};

CallClock startCall() {
  CallClock c;
  if (waitEachCall()) {
    c.start = std::chrono::steady_clock::now();
  } else {
    CUDA_CHECK(cudaEventCreate(&c.begin));
    CUDA_CHECK(cudaEventRecord(c.begin, ensure().stream));
  }
  return c;
}

// Ends a library call started with startCall: accounts it as a cuBLAS
// (dnn = false) or cuDNN call of `flops`, with profile line `line` (its
// time is appended).
void endCall(CallClock &c, bool dnn, double flops, std::string line) {
  Gpu &g = ensure();
  if (!c.begin) {
    sync();
    account(dnn,
            std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                          c.start)
                .count(),
            flops, line);
    return;
  }
  cudaEvent_t end;
  CUDA_CHECK(cudaEventCreate(&end));
  CUDA_CHECK(cudaEventRecord(end, g.stream));
  g.pending.push_back({c.begin, end, dnn, flops, std::move(line)});
}

void *allocManaged(int64_t bytes, bool hostUse);

Transport transport() {
  Gpu &g = ensure();
  if (g.transport != Transport::Unset)
    return g.transport;
  const char *t = std::getenv("TOFU_RT_GPU_TRANSPORT");
  if (t && *t) {
    if (!std::strcmp(t, "nccl"))
      g.transport = Transport::Nccl;
    else if (!std::strcmp(t, "staged"))
      g.transport = Transport::Staged;
    else
      die("tofu_rt_gpu_init", std::string("TOFU_RT_GPU_TRANSPORT is '") + t +
                                  "'; use 'nccl' or 'staged'");
  } else {
    g.transport =
        localSize() > g.deviceCount ? Transport::Staged : Transport::Nccl;
  }
  return g.transport;
}

//===----------------------------------------------------------------------===//
// Memref descriptors
//===----------------------------------------------------------------------===//

struct View {
  char *aligned = nullptr;
  int64_t offset = 0;
  std::vector<int64_t> sizes, strides;
  int64_t elementBytes = sizeof(float);
  float *data() const { return reinterpret_cast<float *>(bytes()); }
  // The first element, for any element type.
  char *bytes() const { return aligned + offset * elementBytes; }
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= s;
    return n;
  }
  bool contiguous() const {
    int64_t expected = 1;
    for (int64_t i = (int64_t)sizes.size() - 1; i >= 0; --i) {
      if (sizes[i] != 1 && strides[i] != expected)
        return false;
      expected *= sizes[i];
    }
    return true;
  }
  // Elements from data() to one past the last element.
  int64_t extent() const {
    if (numElements() == 0)
      return 0;
    int64_t last = 0;
    for (size_t i = 0; i < sizes.size(); ++i)
      last += (sizes[i] - 1) * strides[i];
    return last + 1;
  }
};

View readView(const char *call, int64_t rank, void *descriptor,
              int64_t elementBytes = sizeof(float)) {
  if (!descriptor || rank < 0 || rank > 64)
    die(call, fmt("invalid memref argument (rank %lld, descriptor %p)",
                  (long long)rank, descriptor));
  View v;
  v.elementBytes = elementBytes;
  char *fields = static_cast<char *>(descriptor);
  std::memcpy(&v.aligned, fields + sizeof(void *), sizeof(void *));
  std::memcpy(&v.offset, fields + 2 * sizeof(void *), sizeof(int64_t));
  auto *dims = reinterpret_cast<int64_t *>(fields + 2 * sizeof(void *) +
                                           sizeof(int64_t));
  v.sizes.assign(dims, dims + rank);
  v.strides.assign(dims + rank, dims + 2 * rank);
  return v;
}

// A host stand-in for a memref argument of a CPU collective: the memref
// itself when it is plain host memory, else (device or managed memory) a
// host copy of its span, copied back by `finish` when the call wrote it.
struct HostMirror {
  int64_t rank = 0;
  void *descriptor = nullptr;
  std::vector<char> ownDescriptor;
  std::vector<char> host;
  char *device = nullptr;
  int64_t bytes = 0; // of the span

  HostMirror(const char *call, int64_t r, void *desc,
             int64_t elementBytes = sizeof(float))
      : rank(r) {
    descriptor = desc;
    if (!desc)
      return;
    View v = readView(call, r, desc, elementBytes);
    bytes = v.extent() * elementBytes;
    if (!bytes || !v.aligned)
      return;
    cudaPointerAttributes attrs;
    CUDA_CHECK(cudaPointerGetAttributes(&attrs, v.bytes()));
    // Device and managed memory are staged through a plain host copy: MPI
    // then never touches GPU-backed pages (its shared-memory transports may
    // read another process's memory directly).
    if (attrs.type != cudaMemoryTypeDevice &&
        attrs.type != cudaMemoryTypeManaged)
      return; // host memory: MPI reads it directly
    device = v.bytes();
    host.resize(bytes);
    CUDA_CHECK(cudaMemcpy(host.data(), device, bytes, cudaMemcpyDefault));
    size_t bytes = 3 * sizeof(void *) + 2 * r * sizeof(int64_t);
    ownDescriptor.assign(static_cast<char *>(desc),
                         static_cast<char *>(desc) + bytes);
    char *base = host.data();
    int64_t zero = 0;
    std::memcpy(ownDescriptor.data(), &base, sizeof(void *));
    std::memcpy(ownDescriptor.data() + sizeof(void *), &base, sizeof(void *));
    std::memcpy(ownDescriptor.data() + 2 * sizeof(void *), &zero,
                sizeof(int64_t));
    descriptor = ownDescriptor.data();
  }
  void finish() {
    if (device)
      CUDA_CHECK(cudaMemcpy(device, host.data(), bytes, cudaMemcpyDefault));
  }
};

//===----------------------------------------------------------------------===//
// NCCL
//===----------------------------------------------------------------------===//

ncclComm_t comm(int64_t level) {
  Gpu &g = ensure();
  auto it = g.comms.find(level);
  if (it != g.comms.end())
    return it->second;
  int64_t size = tofu_rt_level_size(level); // checks the level
  int64_t index = tofu_rt_coord(level);
  if (size < 1 || index < 0)
    die("ncclCommInitRank", fmt("invalid level %lld", (long long)level));
  ncclUniqueId id;
  static_assert(sizeof(id) % sizeof(float) == 0, "unique id size");
  if (index == 0)
    NCCL_CHECK(ncclGetUniqueId(&id));
  // The CPU runtime's broadcast over the level's MPI communicator moves the
  // 128 bytes unchanged (MPI_FLOAT on one homogeneous machine).
  if (tofu_rt_broadcast_f32(reinterpret_cast<float *>(&id),
                            sizeof(id) / sizeof(float), 0, level))
    die("ncclCommInitRank", "cannot broadcast the NCCL unique id");
  ncclComm_t c;
  NCCL_CHECK(ncclCommInitRank(&c, (int)size, id, (int)index));
  g.comms[level] = c;
  return c;
}

ncclRedOp_t ncclOp(int32_t reducer) {
  switch (reducer) {
  case TOFU_RT_MAX:
    return ncclMax;
  case TOFU_RT_MIN:
    return ncclMin;
  case TOFU_RT_PROD:
    return ncclProd;
  default:
    return ncclSum;
  }
}

bool validLevel(int64_t level) {
  return level == TOFU_RT_WORLD || (level >= 0 && level < tofu_rt_num_levels());
}

// Rearranges on the device between g blocks back to back ([g][outer][n*inner])
// and blocks concatenated along an axis ([outer][g*n*inner]).
void blocksToAxis(float *blocks, float *axisMajor, int64_t g, int64_t outer,
                  int64_t len, bool forward) {
  cudaStream_t s = ensure().stream;
  size_t row = len * sizeof(float);
  for (int64_t j = 0; j < g; ++j) {
    float *b = blocks + j * outer * len;
    float *a = axisMajor + j * len;
    if (forward)
      CUDA_CHECK(cudaMemcpy2DAsync(a, g * row, b, row, row, outer,
                                   cudaMemcpyDefault, s));
    else
      CUDA_CHECK(cudaMemcpy2DAsync(b, row, a, g * row, row, outer,
                                   cudaMemcpyDefault, s));
  }
}

struct DeviceBuffer {
  float *p = nullptr;
  explicit DeviceBuffer(int64_t n) {
    if (n)
      CUDA_CHECK(cudaMallocAsync(reinterpret_cast<void **>(&p),
                                 n * sizeof(float), ensure().stream));
  }
  ~DeviceBuffer() {
    if (p)
      CUDA_CHECK(cudaFreeAsync(p, ensure().stream));
  }
};

void products(const std::vector<int64_t> &sizes, int64_t axis, int64_t &outer,
              int64_t &inner) {
  outer = inner = 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= sizes[i];
  for (size_t i = axis + 1; i < sizes.size(); ++i)
    inner *= sizes[i];
}

//===----------------------------------------------------------------------===//
// cuBLAS
//===----------------------------------------------------------------------===//

cublasHandle_t blas() {
  Gpu &g = ensure();
  if (!g.blas) {
    CUBLAS_CHECK(cublasCreate(&g.blas));
    CUBLAS_CHECK(cublasSetStream(g.blas, g.stream));
    // Plain fp32 (no TF32): results must match the CPU run.
    CUBLAS_CHECK(cublasSetMathMode(g.blas, CUBLAS_DEFAULT_MATH));
  }
  return g.blas;
}

// One (batched) row-major product; shapes from the descriptors.
int32_t gemm(const char *call, int64_t rank, int64_t ar, void *ad, int64_t br,
             void *bd, int64_t cr, void *cd, int32_t transA, int32_t transB) {
  if (ar != rank || br != rank || cr != rank)
    die(call,
        fmt("expects rank-%lld memrefs, got ranks %lld, %lld, %lld",
            (long long)rank, (long long)ar, (long long)br, (long long)cr));
  View a = readView(call, ar, ad), b = readView(call, br, bd),
       c = readView(call, cr, cd);
  int64_t o = rank - 2; // first matrix dimension
  int64_t m = c.sizes[o], n = c.sizes[o + 1];
  int64_t k = transA ? a.sizes[o] : a.sizes[o + 1];
  int64_t am = transA ? a.sizes[o + 1] : a.sizes[o];
  int64_t bk = transB ? b.sizes[o + 1] : b.sizes[o];
  int64_t bn = transB ? b.sizes[o] : b.sizes[o + 1];
  int64_t batch = rank == 3 ? c.sizes[0] : 1;
  if (am != m || bn != n || bk != k ||
      (rank == 3 && (a.sizes[0] != batch || b.sizes[0] != batch)))
    die(call, "operand shapes do not form a matrix product");
  for (const View *v : {&a, &b, &c})
    if (v->sizes[o + 1] > 1 && v->strides[o + 1] != 1)
      die(call, "matrix rows must be contiguous (inner stride 1)");
  if (m == 0 || n == 0)
    return TOFU_RT_OK;
  for (int64_t x : {m, n, k, a.strides[o], b.strides[o], c.strides[o]})
    if (x > INT32_MAX)
      die(call, "a dimension exceeds cuBLAS's int range");
  auto ld = [&](const View &v) {
    return (int)std::max<int64_t>(v.strides[o],
                                  std::max<int64_t>(1, v.sizes[o + 1]));
  };
  const float one = 1.0f;
  CallClock clock = startCall();
  // Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T.
  cublasOperation_t opA = transA ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opB = transB ? CUBLAS_OP_T : CUBLAS_OP_N;
  if (rank == 2)
    CUBLAS_CHECK(cublasSgemm(blas(), opB, opA, (int)n, (int)m, (int)k, &one,
                             b.data(), ld(b), a.data(), ld(a), &one, c.data(),
                             ld(c)));
  else
    CUBLAS_CHECK(cublasSgemmStridedBatched(
        blas(), opB, opA, (int)n, (int)m, (int)k, &one, b.data(), ld(b),
        b.strides[0], a.data(), ld(a), a.strides[0], &one, c.data(), ld(c),
        c.strides[0], (int)batch));
  endCall(clock, /*dnn=*/false, 2.0 * batch * m * n * k,
          fmt("%lld %lld %lld %lld %d %d", (long long)batch, (long long)m,
              (long long)n, (long long)k, transA, transB));
  return TOFU_RT_OK;
}

//===----------------------------------------------------------------------===//
// cuDNN
//===----------------------------------------------------------------------===//
//
// The legacy API (cudnnConvolution{Forward,BackwardData,BackwardFilter},
// cudnnPooling{Forward,Backward}): the operations are fixed f32 2-D
// convolutions and poolings, and the legacy descriptors take the memrefs'
// strides directly (cudnnSetTensorNdDescriptor). Every call accumulates into
// its output (beta = 1), as the linalg ops it replaces do.

cudnnHandle_t dnn() {
  Gpu &g = ensure();
  if (!g.dnn) {
    CUDNN_CHECK(cudnnCreate(&g.dnn));
    CUDNN_CHECK(cudnnSetStream(g.dnn, g.stream));
  }
  return g.dnn;
}

void *workspace(size_t bytes) {
  Gpu &g = ensure();
  if (bytes > g.workspaceBytes) {
    if (g.workspace) {
      sync();
      CUDA_CHECK(cudaFree(g.workspace));
      g.workspace = nullptr;
      g.workspaceBytes = 0;
    }
    CUDA_CHECK(cudaMalloc(&g.workspace, bytes));
    g.workspaceBytes = bytes;
  }
  return g.workspace;
}

// An activation in logical NCHW order: sizes and strides (elements), and the
// data pointer. `layout` 1 reads the memref as NHWC.
struct Act {
  int64_t n, c, h, w;
  int64_t sn, sc, sh, sw;
  float *data;
  int32_t layout;
};

Act activation(const char *call, int64_t rank, void *descriptor,
               int32_t layout) {
  if (rank != 4)
    die(call, fmt("expects rank-4 memrefs, got rank %lld", (long long)rank));
  View v = readView(call, rank, descriptor);
  const int64_t *s = v.sizes.data(), *t = v.strides.data();
  Act a;
  if (layout == 0)
    a = {s[0], s[1], s[2], s[3], t[0], t[1], t[2], t[3], v.data(), 0};
  else
    a = {s[0], s[3], s[1], s[2], t[0], t[3], t[1], t[2], v.data(), 1};
  return a;
}

// A filter in logical KCRS order; cuDNN filters are packed, KCRS (NCHW
// format) or KRSC (NHWC format).
struct Filter {
  int64_t k, c, r, s;
  float *data;
};

Filter filter(const char *call, int64_t rank, void *descriptor,
              int32_t layout) {
  if (rank != 4)
    die(call, fmt("expects a rank-4 filter, got rank %lld", (long long)rank));
  View v = readView(call, rank, descriptor);
  if (!v.contiguous())
    die(call, "the filter must be packed (cuDNN filter descriptors have no "
              "strides)");
  const int64_t *s = v.sizes.data();
  if (layout == 0)
    return {s[0], s[1], s[2], s[3], v.data()};
  return {s[0], s[3], s[1], s[2], v.data()};
}

bool anyZero(std::initializer_list<int64_t> xs) {
  for (int64_t x : xs)
    if (x <= 0)
      return true;
  return false;
}

int toInt(const char *call, int64_t x) {
  if (x < 0 || x > INT32_MAX)
    die(call,
        fmt("size or stride %lld exceeds cuDNN's int range", (long long)x));
  return (int)x;
}

void setTensor(const char *call, cudnnTensorDescriptor_t d, const Act &a) {
  int64_t size[4] = {a.n, a.c, a.h, a.w};
  int64_t stride[4] = {a.sn, a.sc, a.sh, a.sw};
  // Strides of size-1 dimensions do not matter to the data, but cuDNN
  // rejects overlapping output dimensions: give them the stride of a packed
  // tensor at their place in the memory order (as PyTorch does).
  static const int inner[2][4] = {{3, 2, 1, 0}, {1, 3, 2, 0}};
  int64_t z = 1;
  for (int i : inner[a.layout]) {
    if (size[i] == 1)
      stride[i] = z;
    else
      z = std::max(z, size[i] * stride[i]);
  }
  int dims[4], strides[4];
  for (int i = 0; i < 4; ++i) {
    dims[i] = toInt(call, size[i]);
    strides[i] = toInt(call, stride[i]);
    if (strides[i] < 1)
      die(call, "cuDNN needs positive strides");
  }
  CUDNN_CHECK(
      cudnnSetTensorNdDescriptor(d, CUDNN_DATA_FLOAT, 4, dims, strides));
}

// Descriptors of one convolution or pooling shape, made once per shape.
struct DnnPlan {
  cudnnTensorDescriptor_t a = nullptr, b = nullptr;   // x / dx, y / dy
  cudnnTensorDescriptor_t da = nullptr, db = nullptr; // pooling: dx, dy
  cudnnFilterDescriptor_t f = nullptr;
  cudnnConvolutionDescriptor_t conv = nullptr;
  cudnnPoolingDescriptor_t pool = nullptr;
  cudnnOpTensorDescriptor_t max = nullptr;
  int algo = 0;
  size_t workspace = 0;
};

std::map<std::vector<int64_t>, DnnPlan> &plans() {
  static std::map<std::vector<int64_t>, DnnPlan> p;
  return p;
}

// Ends a cuDNN call (see endCall): profile line "what key..." .
void record(const char *what, const std::vector<int64_t> &key, CallClock &clock,
            double flops) {
  std::string line = what;
  for (int64_t x : key)
    line += fmt(" %lld", (long long)x);
  endCall(clock, /*dnn=*/true, flops, std::move(line));
}

// Algorithms that sum products directly (implicit/explicit GEMM, direct),
// as cuBLAS and the CPU do: FFT and Winograd transforms lose fp32 accuracy.
bool fwdDirect(cudnnConvolutionFwdAlgo_t a) {
  return a == CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM ||
         a == CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM ||
         a == CUDNN_CONVOLUTION_FWD_ALGO_GEMM ||
         a == CUDNN_CONVOLUTION_FWD_ALGO_DIRECT;
}
bool bwdDataDirect(cudnnConvolutionBwdDataAlgo_t a) {
  return a == CUDNN_CONVOLUTION_BWD_DATA_ALGO_0 ||
         a == CUDNN_CONVOLUTION_BWD_DATA_ALGO_1;
}
bool bwdFilterDirect(cudnnConvolutionBwdFilterAlgo_t a) {
  return a == CUDNN_CONVOLUTION_BWD_FILTER_ALGO_0 ||
         a == CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1 ||
         a == CUDNN_CONVOLUTION_BWD_FILTER_ALGO_3;
}

enum ConvKind { Fwd = 0, BwdData = 1, BwdFilter = 2 };

// Fits the descriptors' spatial sizes of one dimension to cuDNN's
// output-size rule out = (in + 2p - (k-1)d - 1) / s + 1.
void fitConvSize(const char *call, ConvKind kind, int64_t &in, int64_t &out,
                 int64_t k, int64_t s, int64_t p, int64_t d) {
  int64_t span = (k - 1) * d + 1;
  int64_t need = (out - 1) * s + span - 2 * p; // input the output reads
  if (kind != BwdData) {
    // Without padding, input rows past the last window are not read:
    // leave them out. With padding they would be, so sizes must agree.
    if (p == 0 && in >= need)
      in = need;
    else if (in + 2 * p < span || (in + 2 * p - span) / s + 1 != out)
      die(call, "the input's size does not give the output's");
    return;
  }
  // Backward data: without padding, dx rows past the last window receive
  // nothing: leave them out. With padding, sizes must agree, except that
  // the stride-1 "full" padding (k-1)d of a gather-form gradient may come
  // with dy rows that no dx row reads.
  if (p == 0) {
    if (in < need)
      die(call, "the input gradient is smaller than the windows of dy");
    in = need;
    return;
  }
  if (in + 2 * p < span)
    die(call, "the input gradient is smaller than the filter's window");
  int64_t o = (in + 2 * p - span) / s + 1;
  if (o > out || (o != out && !(s == 1 && p == (k - 1) * d)))
    die(call, "the output gradient's size does not fit the input gradient's");
  out = o;
}

// cuDNN 9 has no backward-filter algorithm for some inputs with padded
// rows (seen on an H200: a 3x3 window of a 4x4 buffer): such an input is
// read from a packed copy (cudnnTransformTensor), freed in stream order.
// Returns the copy (null when `x` is packed already) and points `x` at it.
std::unique_ptr<DeviceBuffer> packInput(const char *call, cudnnHandle_t h,
                                        Act &x, int32_t layout) {
  Act px = x;
  if (layout == 0) {
    px.sw = 1, px.sh = x.w, px.sc = x.h * x.w, px.sn = x.c * x.h * x.w;
  } else {
    px.sc = 1, px.sw = x.c, px.sh = x.w * x.c, px.sn = x.h * x.w * x.c;
  }
  if (px.sn == x.sn && px.sc == x.sc && px.sh == x.sh && px.sw == x.sw)
    return nullptr;
  auto packed = std::make_unique<DeviceBuffer>(x.n * x.c * x.h * x.w);
  px.data = packed->p;
  cudnnTensorDescriptor_t from, to;
  CUDNN_CHECK(cudnnCreateTensorDescriptor(&from));
  CUDNN_CHECK(cudnnCreateTensorDescriptor(&to));
  setTensor(call, from, x);
  setTensor(call, to, px);
  const float one = 1.0f, zero = 0.0f;
  CUDNN_CHECK(cudnnTransformTensor(h, &one, from, x.data, &zero, to, px.data));
  CUDNN_CHECK(cudnnDestroyTensorDescriptor(from));
  CUDNN_CHECK(cudnnDestroyTensorDescriptor(to));
  x = px;
  return packed;
}

// Whether a heuristic result is usable: supported, plain FMA math.
template <typename Perf> bool fmaSupported(const Perf &perf) {
  return perf.status == CUDNN_STATUS_SUCCESS &&
         perf.mathType != CUDNN_TENSOR_OP_MATH &&
         perf.mathType != CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION;
}

// The heuristics' best GEMM-like algorithm in FMA math, and its workspace,
// into `p`; `got` is how many results the heuristics gave.
bool heuristicConvAlgorithm(cudnnHandle_t h, ConvKind kind, DnnPlan &p,
                            int &got) {
  const int want = 16;
  got = 0;
  bool found = false;
  if (kind == Fwd) {
    cudnnConvolutionFwdAlgoPerf_t perf[want];
    CUDNN_CHECK(cudnnGetConvolutionForwardAlgorithm_v7(h, p.a, p.f, p.conv, p.b,
                                                       want, &got, perf));
    for (int i = 0; i < got && !found; ++i)
      if (fmaSupported(perf[i]) && fwdDirect(perf[i].algo)) {
        p.algo = perf[i].algo;
        found = true;
      }
    if (found)
      CUDNN_CHECK(cudnnGetConvolutionForwardWorkspaceSize(
          h, p.a, p.f, p.conv, p.b, (cudnnConvolutionFwdAlgo_t)p.algo,
          &p.workspace));
  } else if (kind == BwdData) {
    cudnnConvolutionBwdDataAlgoPerf_t perf[want];
    CUDNN_CHECK(cudnnGetConvolutionBackwardDataAlgorithm_v7(
        h, p.f, p.b, p.conv, p.a, want, &got, perf));
    for (int i = 0; i < got && !found; ++i)
      if (fmaSupported(perf[i]) && bwdDataDirect(perf[i].algo)) {
        p.algo = perf[i].algo;
        found = true;
      }
    if (found)
      CUDNN_CHECK(cudnnGetConvolutionBackwardDataWorkspaceSize(
          h, p.f, p.b, p.conv, p.a, (cudnnConvolutionBwdDataAlgo_t)p.algo,
          &p.workspace));
  } else {
    cudnnConvolutionBwdFilterAlgoPerf_t perf[want];
    CUDNN_CHECK(cudnnGetConvolutionBackwardFilterAlgorithm_v7(
        h, p.a, p.b, p.conv, p.f, want, &got, perf));
    for (int i = 0; i < got && !found; ++i)
      if (fmaSupported(perf[i]) && bwdFilterDirect(perf[i].algo)) {
        p.algo = perf[i].algo;
        found = true;
      }
    if (found)
      CUDNN_CHECK(cudnnGetConvolutionBackwardFilterWorkspaceSize(
          h, p.a, p.b, p.conv, p.f, (cudnnConvolutionBwdFilterAlgo_t)p.algo,
          &p.workspace));
  }
  return found;
}

// The heuristics may rank no allowed algorithm as supported (seen on an
// H200 for backward-filter): try the allowed ones in order, keeping the
// first whose workspace query succeeds (cuDNN's test of support).
bool firstWorkingConvAlgorithm(cudnnHandle_t h, ConvKind kind, DnnPlan &p) {
  bool found = false;
  if (kind == Fwd) {
    for (auto a :
         {CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM,
          CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM,
          CUDNN_CONVOLUTION_FWD_ALGO_GEMM, CUDNN_CONVOLUTION_FWD_ALGO_DIRECT})
      if (!found && cudnnGetConvolutionForwardWorkspaceSize(
                        h, p.a, p.f, p.conv, p.b, a, &p.workspace) ==
                        CUDNN_STATUS_SUCCESS) {
        p.algo = a;
        found = true;
      }
  } else if (kind == BwdData) {
    for (auto a :
         {CUDNN_CONVOLUTION_BWD_DATA_ALGO_1, CUDNN_CONVOLUTION_BWD_DATA_ALGO_0})
      if (!found && cudnnGetConvolutionBackwardDataWorkspaceSize(
                        h, p.f, p.b, p.conv, p.a, a, &p.workspace) ==
                        CUDNN_STATUS_SUCCESS) {
        p.algo = a;
        found = true;
      }
  } else {
    for (auto a : {CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1,
                   CUDNN_CONVOLUTION_BWD_FILTER_ALGO_0,
                   CUDNN_CONVOLUTION_BWD_FILTER_ALGO_3})
      if (!found && cudnnGetConvolutionBackwardFilterWorkspaceSize(
                        h, p.a, p.b, p.conv, p.f, a, &p.workspace) ==
                        CUDNN_STATUS_SUCCESS) {
        p.algo = a;
        found = true;
      }
  }
  return found;
}

// The descriptors and algorithm of a convolution shape (`key`), made on its
// first call and cached.
DnnPlan &convolutionPlan(const char *call, cudnnHandle_t h, ConvKind kind,
                         const std::vector<int64_t> &key, const Act &x,
                         const Filter &f, const Act &y, int32_t layout,
                         int64_t sh, int64_t sw, int64_t ph, int64_t pw,
                         int64_t dh, int64_t dw) {
  DnnPlan &p = plans()[key];
  if (p.conv)
    return p;
  CUDNN_CHECK(cudnnCreateTensorDescriptor(&p.a));
  CUDNN_CHECK(cudnnCreateTensorDescriptor(&p.b));
  CUDNN_CHECK(cudnnCreateFilterDescriptor(&p.f));
  CUDNN_CHECK(cudnnCreateConvolutionDescriptor(&p.conv));
  setTensor(call, p.a, x);
  setTensor(call, p.b, y);
  int fdims[4] = {toInt(call, f.k), toInt(call, f.c), toInt(call, f.r),
                  toInt(call, f.s)};
  CUDNN_CHECK(cudnnSetFilterNdDescriptor(
      p.f, CUDNN_DATA_FLOAT,
      layout == 0 ? CUDNN_TENSOR_NCHW : CUDNN_TENSOR_NHWC, 4, fdims));
  CUDNN_CHECK(cudnnSetConvolution2dDescriptor(
      p.conv, toInt(call, ph), toInt(call, pw), toInt(call, sh),
      toInt(call, sw), toInt(call, dh), toInt(call, dw),
      CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
  // Plain fp32 FMA: no TF32 tensor-core math (results must match the CPU).
  CUDNN_CHECK(cudnnSetConvolutionMathType(p.conv, CUDNN_FMA_MATH));
  int got = 0;
  bool found = heuristicConvAlgorithm(h, kind, p, got);
  if (!found)
    found = firstWorkingConvAlgorithm(h, kind, p);
  if (!found) {
    // Keep the descriptors out of the cache: the next call asks again.
    plans().erase(key);
    std::string shape;
    for (int64_t v : key)
      shape += fmt(" %lld", (long long)v);
    die(call, "cuDNN offers no fp32 (FMA, GEMM-like) algorithm for this "
              "convolution (kind, layout, x n c h w and strides, filter, "
              "y, parameters:" +
                  shape + "; " + std::to_string(got) + " heuristic results)");
  }
  return p;
}

// x: the forward input (dx for BwdData), y: the forward output (dy), f: the
// filter (dw for BwdFilter). Input rows past the last one a window reads are
// left out of the descriptors (linalg convolutions may have them).
int32_t convolution(const char *call, ConvKind kind, Act x, Filter f, Act y,
                    int32_t layout, int64_t sh, int64_t sw, int64_t ph,
                    int64_t pw, int64_t dh, int64_t dw) {
  if (sh < 1 || sw < 1 || dh < 1 || dw < 1 || ph < 0 || pw < 0)
    die(call, "strides and dilations must be >= 1, paddings >= 0");
  if (x.n != y.n || x.c != f.c || y.c != f.k)
    die(call,
        fmt("shapes do not form a convolution: input %lldx%lldx%lldx%lld"
            ", filter %lldx%lldx%lldx%lld, output %lldx%lldx%lldx%lld",
            (long long)x.n, (long long)x.c, (long long)x.h, (long long)x.w,
            (long long)f.k, (long long)f.c, (long long)f.r, (long long)f.s,
            (long long)y.n, (long long)y.c, (long long)y.h, (long long)y.w));
  if (anyZero({x.n, x.c, y.c, y.h, y.w, f.r, f.s}))
    return TOFU_RT_OK;
  fitConvSize(call, kind, x.h, y.h, f.r, sh, ph, dh);
  fitConvSize(call, kind, x.w, y.w, f.s, sw, pw, dw);
  if (anyZero({x.n, x.c, x.h, x.w, y.c, y.h, y.w, f.r, f.s}))
    return TOFU_RT_OK;
  cudnnHandle_t h = dnn();
  std::unique_ptr<DeviceBuffer> packedX;
  if (kind == BwdFilter)
    packedX = packInput(call, h, x, layout);
  std::vector<int64_t> key = {
      kind, layout, x.n,  x.c,  x.h, x.w, x.sn, x.sc, x.sh, x.sw, y.c, y.h, y.w,
      y.sn, y.sc,   y.sh, y.sw, f.r, f.s, sh,   sw,   ph,   pw,   dh,  dw};
  DnnPlan &p = convolutionPlan(call, h, kind, key, x, f, y, layout, sh, sw, ph,
                               pw, dh, dw);
  void *ws = p.workspace ? workspace(p.workspace) : nullptr;
  const float one = 1.0f;
  CallClock clock = startCall();
  switch (kind) {
  case Fwd:
    CUDNN_CHECK(cudnnConvolutionForward(
        h, &one, p.a, x.data, p.f, f.data, p.conv,
        (cudnnConvolutionFwdAlgo_t)p.algo, ws, p.workspace, &one, p.b, y.data));
    break;
  case BwdData:
    CUDNN_CHECK(
        cudnnConvolutionBackwardData(h, &one, p.f, f.data, p.b, y.data, p.conv,
                                     (cudnnConvolutionBwdDataAlgo_t)p.algo, ws,
                                     p.workspace, &one, p.a, x.data));
    break;
  case BwdFilter:
    CUDNN_CHECK(cudnnConvolutionBackwardFilter(
        h, &one, p.a, x.data, p.b, y.data, p.conv,
        (cudnnConvolutionBwdFilterAlgo_t)p.algo, ws, p.workspace, &one, p.f,
        f.data));
    break;
  }
  static const char *names[] = {"conv_fwd", "conv_bwd_data", "conv_bwd_filter"};
  record(names[kind], key, clock,
         2.0 * y.n * y.c * y.h * y.w * f.c * f.r * f.s);
  return TOFU_RT_OK;
}

// Pooling modes of tofu_runtime_gpu.h.
enum PoolMode { PoolMax = 0, PoolSum = 1, PoolAvg = 2 };

int32_t pooling(const char *call, bool backward, Act x, Act dx, Act y, Act dy,
                int32_t layout, int32_t mode, int64_t kh, int64_t kw,
                int64_t sh, int64_t sw, int64_t ph, int64_t pw) {
  if (mode < PoolMax || mode > PoolAvg)
    die(call, fmt("unknown pooling mode %d", mode));
  if (kh < 1 || kw < 1 || sh < 1 || sw < 1 || ph < 0 || pw < 0 || ph >= kh ||
      pw >= kw)
    die(call, "windows and strides must be >= 1, 0 <= padding < window");
  if (x.n != y.n || x.c != y.c)
    die(call, "input and output differ in batch or channels");
  if (anyZero({x.n, x.c, y.h, y.w}))
    return TOFU_RT_OK;
  // Without padding, input rows past the last window are not read: leave
  // them out. With padding they would be, so cuDNN's output size must be
  // y's as it is.
  auto fit = [&](int64_t &in, int64_t &din, int64_t out, int64_t k, int64_t s,
                 int64_t p) {
    int64_t need = (out - 1) * s + k - 2 * p;
    if (p == 0 && in >= need)
      in = din = need;
    else if (in + 2 * p < k || (in + 2 * p - k) / s + 1 != out)
      die(call, "the input's size does not give the output's");
  };
  fit(x.h, dx.h, y.h, kh, sh, ph);
  fit(x.w, dx.w, y.w, kw, sw, pw);
  if (anyZero({x.n, x.c, x.h, x.w, y.h, y.w}))
    return TOFU_RT_OK;
  // The gradient of a sum or average pooling reads neither x nor y, but
  // cudnnPoolingBackward takes them; callers may pass dx and dy for them.
  // x then gets a packed scratch buffer (an input must not alias the
  // output dx).
  bool scratchX = backward && mode != PoolMax;
  if (scratchX) {
    x.sw = 1;
    x.sh = x.w;
    x.sc = x.h * x.w;
    x.sn = x.c * x.h * x.w;
    x.layout = 0;
  }
  std::vector<int64_t> key = {backward ? 1 : 0,
                              layout,
                              mode,
                              x.n,
                              x.c,
                              x.h,
                              x.w,
                              x.sn,
                              x.sc,
                              x.sh,
                              x.sw,
                              y.h,
                              y.w,
                              y.sn,
                              y.sc,
                              y.sh,
                              y.sw,
                              kh,
                              kw,
                              sh,
                              sw,
                              ph,
                              pw};
  if (backward)
    key.insert(key.end(),
               {dx.sn, dx.sc, dx.sh, dx.sw, dy.sn, dy.sc, dy.sh, dy.sw});
  cudnnHandle_t h = dnn();
  DnnPlan &p = plans()[key];
  if (!p.pool) {
    CUDNN_CHECK(cudnnCreateTensorDescriptor(&p.a));
    CUDNN_CHECK(cudnnCreateTensorDescriptor(&p.b));
    CUDNN_CHECK(cudnnCreatePoolingDescriptor(&p.pool));
    setTensor(call, p.a, x);
    setTensor(call, p.b, y);
    CUDNN_CHECK(cudnnSetPooling2dDescriptor(
        p.pool,
        mode == PoolMax ? CUDNN_POOLING_MAX
                        : CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING,
        CUDNN_PROPAGATE_NAN, toInt(call, kh), toInt(call, kw), toInt(call, ph),
        toInt(call, pw), toInt(call, sh), toInt(call, sw)));
    if (backward) {
      // dx and dy have their own strides.
      CUDNN_CHECK(cudnnCreateTensorDescriptor(&p.da));
      CUDNN_CHECK(cudnnCreateTensorDescriptor(&p.db));
      setTensor(call, p.da, dx);
      setTensor(call, p.db, dy);
    } else if (mode == PoolMax) {
      CUDNN_CHECK(cudnnCreateOpTensorDescriptor(&p.max));
      CUDNN_CHECK(cudnnSetOpTensorDescriptor(
          p.max, CUDNN_OP_TENSOR_MAX, CUDNN_DATA_FLOAT, CUDNN_PROPAGATE_NAN));
    }
  }
  // Sum pooling is the average times the window size.
  const float one = 1.0f, zero = 0.0f;
  const float scale = mode == PoolSum ? float(kh * kw) : 1.0f;
  CallClock clock = startCall();
  if (!backward) {
    if (mode == PoolMax) {
      // y = max(y, pool(x)): pool into a packed temporary, the element-wise
      // maximum with y into a second one (no operand aliases the output),
      // then that back into y with y's strides.
      Act t = y;
      t.sw = 1;
      t.sh = y.w;
      t.sc = y.h * y.w;
      t.sn = y.c * y.h * y.w;
      t.layout = 0; // packed NCHW
      DeviceBuffer pooled(y.n * y.c * y.h * y.w), both(y.n * y.c * y.h * y.w);
      cudnnTensorDescriptor_t td;
      CUDNN_CHECK(cudnnCreateTensorDescriptor(&td));
      setTensor(call, td, t);
      CUDNN_CHECK(cudnnPoolingForward(h, p.pool, &one, p.a, x.data, &zero, td,
                                      pooled.p));
      CUDNN_CHECK(cudnnOpTensor(h, p.max, &one, td, pooled.p, &one, p.b, y.data,
                                &zero, td, both.p));
      CUDNN_CHECK(
          cudnnTransformTensor(h, &one, td, both.p, &zero, p.b, y.data));
      sync(); // before the temporaries are freed
      CUDNN_CHECK(cudnnDestroyTensorDescriptor(td));
    } else {
      CUDNN_CHECK(cudnnPoolingForward(h, p.pool, &scale, p.a, x.data, &one, p.b,
                                      y.data));
    }
  } else {
    DeviceBuffer scratch(scratchX ? x.n * x.c * x.h * x.w : 0);
    CUDNN_CHECK(cudnnPoolingBackward(
        h, p.pool, &scale, p.b, y.data, p.db, dy.data, p.a,
        scratchX ? scratch.p : x.data, &one, p.da, dx.data));
    if (scratchX)
      sync(); // before the scratch buffer is freed
  }
  record(backward ? "pool_bwd" : "pool_fwd", key, clock,
         double(y.n) * y.c * y.h * y.w * kh * kw);
  return TOFU_RT_OK;
}

} // namespace

//===----------------------------------------------------------------------===//
// The mgpu* ABI of MLIR 22's --gpu-to-llvm
//===----------------------------------------------------------------------===//

extern "C" {

CUmodule mgpuModuleLoad(void *data, size_t /*gpuBlobSize*/) {
  ensure();
  CUmodule m = nullptr;
  CU_CHECK(driver().moduleLoadData(&m, data));
  return m;
}

CUmodule mgpuModuleLoadJIT(void *data, int optLevel) {
  ensure();
  CUmodule m = nullptr;
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  CU_CHECK(driver().moduleLoadDataEx(&m, data, 1, options, values));
  return m;
}

void mgpuModuleUnload(CUmodule module) {
  // Runs from global destructors; the driver may already be shutting down.
  if (!module || !driver().moduleUnload)
    return;
  CUresult r = driver().moduleUnload(module);
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_DEINITIALIZED)
    check(r, "cuModuleUnload");
}

CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  CUfunction f = nullptr;
  CUresult r = driver().moduleGetFunction(&f, module, name);
  if (r != CUDA_SUCCESS)
    check(r, (std::string("cuModuleGetFunction(") + name + ")").c_str());
  return f;
}

void mgpuLaunchKernel(CUfunction function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, CUstream stream,
                      void **params, void **extra, size_t /*paramsCount*/) {
  if (gridX <= 0 || gridY <= 0 || gridZ <= 0 || blockX <= 0 || blockY <= 0 ||
      blockZ <= 0)
    return; // an empty iteration space launches nothing
  CU_CHECK(driver().launchKernel(function, gridX, gridY, gridZ, blockX, blockY,
                                 blockZ, smem, stream, params, extra));
}

CUstream mgpuStreamCreate() { return ensure().stream; }

void mgpuStreamDestroy(CUstream stream) {
  if (stream != ensure().stream)
    CUDA_CHECK(cudaStreamDestroy(stream));
}

void mgpuStreamSynchronize(CUstream stream) {
  if (stream == ensure().stream && !waitEachCall())
    return; // stream mode: later work on the stream is ordered after it
  CUDA_CHECK(cudaStreamSynchronize(stream));
}

void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  CUDA_CHECK(cudaStreamWaitEvent(stream, event, 0));
}

CUevent mgpuEventCreate() {
  ensure();
  cudaEvent_t e;
  CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  return e;
}

void mgpuEventDestroy(CUevent event) { CUDA_CHECK(cudaEventDestroy(event)); }

void mgpuEventSynchronize(CUevent event) {
  CUDA_CHECK(cudaEventSynchronize(event));
}

void mgpuEventRecord(CUevent event, CUstream stream) {
  CUDA_CHECK(cudaEventRecord(event, stream));
}

void *mgpuMemAlloc(uint64_t bytes, CUstream stream, bool isHostShared) {
  ensure();
  if (bytes == 0)
    return nullptr;
  if (isHostShared)
    return allocManaged((int64_t)bytes, /*hostUse=*/false);
  // Every kernel and call runs on the compute stream, so a block freed there
  // (cudaFreeAsync) is reused in order without the host waiting.
  Gpu &g = gpu();
  void *p = nullptr;
  if (!g.pools) {
    CUDA_CHECK(cudaMalloc(&p, bytes));
    return p; // freed by cudaFree in mgpuMemFree
  }
  CUDA_CHECK(cudaMallocAsync(&p, bytes, g.stream));
  g.deviceLive.insert(p);
  return p;
}

void mgpuMemFree(void *ptr, CUstream /*stream*/) {
  if (!ptr)
    return;
  Gpu &g = ensure();
  if (g.deviceLive.erase(ptr)) {
    CUDA_CHECK(cudaFreeAsync(ptr, g.stream));
    if (waitEachCall())
      sync();
    return;
  }
  // Nothing may still use the block when it is reused. In stream mode the
  // next user of a cached block runs on the same stream, after this work
  // (host users wait in tofu_rt_gpu_alloc_managed).
  if (waitEachCall() || !g.cache)
    sync();
  auto live = g.managedLive.find(ptr);
  if (live != g.managedLive.end()) {
    size_t bytes = live->second;
    g.managedLive.erase(live);
    if (g.cache) {
      g.managedFree.emplace(bytes, ptr);
      return;
    }
  }
  CUDA_CHECK(cudaFree(ptr));
}

void mgpuMemcpy(void *dst, void *src, size_t bytes, CUstream stream) {
  CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, stream));
}

void mgpuMemset32(void *dst, unsigned value, size_t count, CUstream stream) {
  CU_CHECK(driver().memsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                   count, stream));
}

void mgpuMemset16(void *dst, unsigned short value, size_t count,
                  CUstream stream) {
  CU_CHECK(driver().memsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                   count, stream));
}

void mgpuSetDefaultDevice(int32_t device) {
  Gpu &g = ensure();
  if (device != g.device)
    die("mgpuSetDefaultDevice",
        fmt("device %d requested but this rank runs on device %d", device,
            g.device));
}

void mgpuMemHostRegister(void *ptr, uint64_t bytes) {
  ensure();
  CUDA_CHECK(cudaHostRegister(ptr, bytes, cudaHostRegisterDefault));
}

void mgpuMemHostUnregister(void *ptr) { CUDA_CHECK(cudaHostUnregister(ptr)); }

// (rank, descriptor) of an unranked memref, and the element size.
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes) {
  View v = readView("mgpuMemHostRegisterMemRef", rank, descriptor);
  if (int64_t n = v.extent())
    mgpuMemHostRegister(v.aligned + v.offset * elementSizeBytes,
                        n * elementSizeBytes);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes) {
  View v = readView("mgpuMemHostUnregisterMemRef", rank, descriptor);
  if (v.extent())
    mgpuMemHostUnregister(v.aligned + v.offset * elementSizeBytes);
}

//===----------------------------------------------------------------------===//
// tofu_runtime_gpu.h
//===----------------------------------------------------------------------===//

int32_t tofu_rt_gpu_init(void) {
  ensure();
  return TOFU_RT_OK;
}

const char *tofu_rt_gpu_transport(void) {
  return transport() == Transport::Nccl ? "nccl" : "staged";
}

int32_t tofu_rt_gpu_device(void) { return ensure().device; }

int32_t tofu_rt_gpu_synchronize(void) {
  sync();
  settle();
  return TOFU_RT_OK;
}

namespace {
// A managed block of `bytes`, from the cache if one is free. `hostUse`: the
// caller touches it from the host, so pending work that used the block
// before it was freed must finish first (stream mode).
void *allocManaged(int64_t bytes, bool hostUse) {
  Gpu &g = ensure();
  if (bytes <= 0)
    return nullptr;
  // Sizes rounded up to 512 bytes so that blocks are reused more often.
  bytes = (bytes + 511) / 512 * 512;
  auto cached = g.managedFree.find((size_t)bytes);
  if (cached != g.managedFree.end()) {
    if (hostUse && !waitEachCall())
      sync();
    void *p = cached->second;
    g.managedFree.erase(cached);
    g.managedLive[p] = (size_t)bytes;
    return p;
  }
  size_t freeBytes = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeBytes, &total));
  // Asking for more managed memory than the device has free can hang it.
  if ((uint64_t)bytes > freeBytes)
    die("cudaMallocManaged",
        fmt("%lld bytes requested but only %llu are free on device %d",
            (long long)bytes, (unsigned long long)freeBytes, gpu().device));
  void *p = nullptr;
  cudaError_t e = cudaMallocManaged(&p, (size_t)bytes, cudaMemAttachGlobal);
  if (e == cudaErrorMemoryAllocation && !g.managedFree.empty()) {
    // Release the cached blocks and try once more.
    for (auto &[size, block] : g.managedFree)
      CUDA_CHECK(cudaFree(block));
    g.managedFree.clear();
    e = cudaMallocManaged(&p, (size_t)bytes, cudaMemAttachGlobal);
  }
  check(e, "cudaMallocManaged");
  g.managedLive[p] = (size_t)bytes;
  return p;
}
} // namespace

void *tofu_rt_gpu_alloc_managed(int64_t bytes) {
  return allocManaged(bytes, /*hostUse=*/true);
}

void tofu_rt_gpu_free(void *ptr) { mgpuMemFree(ptr, nullptr); }

int32_t tofu_rt_gpu_prefetch(const void *ptr, int64_t bytes) {
  Gpu &g = ensure();
  if (!ptr || bytes <= 0)
    return TOFU_RT_OK;
  // A hint: devices (or virtualized setups) without concurrent managed
  // access cannot prefetch; skip it there.
  static int concurrent = -1;
  if (concurrent < 0)
    CUDA_CHECK(cudaDeviceGetAttribute(
        &concurrent, cudaDevAttrConcurrentManagedAccess, g.device));
  if (!concurrent)
    return TOFU_RT_OK;
  cudaMemLocation where = {};
  where.type = cudaMemLocationTypeDevice;
  where.id = g.device;
  CUDA_CHECK(cudaMemPrefetchAsync(ptr, (size_t)bytes, where, 0, g.stream));
  sync();
  return TOFU_RT_OK;
}

int32_t tofu_rt_gpu_matmul_stats(double *seconds, double *flops, int64_t *calls,
                                 int32_t reset) {
  Gpu &g = gpu();
  if (g.ready)
    settle(); // calls timed on the stream (TOFU_RT_GPU_SYNC=stream)
  if (seconds)
    *seconds = g.gemmSeconds;
  if (flops)
    *flops = g.gemmFlops;
  if (calls)
    *calls = g.gemmCalls;
  if (reset) {
    g.gemmSeconds = g.gemmFlops = 0;
    g.gemmCalls = 0;
  }
  return TOFU_RT_OK;
}

int32_t tofu_rt_gpu_matmul_f32(int64_t a_rank, void *a, int64_t b_rank, void *b,
                               int64_t c_rank, void *c, int32_t trans_a,
                               int32_t trans_b) {
  return gemm("tofu_rt_gpu_matmul_f32", 2, a_rank, a, b_rank, b, c_rank, c,
              trans_a, trans_b);
}

int32_t tofu_rt_gpu_batch_matmul_f32(int64_t a_rank, void *a, int64_t b_rank,
                                     void *b, int64_t c_rank, void *c,
                                     int32_t trans_a, int32_t trans_b) {
  return gemm("tofu_rt_gpu_batch_matmul_f32", 3, a_rank, a, b_rank, b, c_rank,
              c, trans_a, trans_b);
}

//--- cuDNN -----------------------------------------------------------------//

int32_t tofu_rt_gpu_conv2d_fwd_f32(int64_t x_rank, void *x, int64_t w_rank,
                                   void *w, int64_t y_rank, void *y,
                                   int32_t layout, int64_t stride_h,
                                   int64_t stride_w, int64_t pad_h,
                                   int64_t pad_w, int64_t dil_h,
                                   int64_t dil_w) {
  const char *call = "tofu_rt_gpu_conv2d_fwd_f32";
  return convolution(call, Fwd, activation(call, x_rank, x, layout),
                     filter(call, w_rank, w, layout),
                     activation(call, y_rank, y, layout), layout, stride_h,
                     stride_w, pad_h, pad_w, dil_h, dil_w);
}

int32_t tofu_rt_gpu_conv2d_bwd_data_f32(
    int64_t dy_rank, void *dy, int64_t w_rank, void *w, int64_t dx_rank,
    void *dx, int32_t layout, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dil_h, int64_t dil_w) {
  const char *call = "tofu_rt_gpu_conv2d_bwd_data_f32";
  return convolution(call, BwdData, activation(call, dx_rank, dx, layout),
                     filter(call, w_rank, w, layout),
                     activation(call, dy_rank, dy, layout), layout, stride_h,
                     stride_w, pad_h, pad_w, dil_h, dil_w);
}

int32_t tofu_rt_gpu_conv2d_bwd_filter_f32(
    int64_t x_rank, void *x, int64_t dy_rank, void *dy, int64_t dw_rank,
    void *dw, int32_t layout, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dil_h, int64_t dil_w) {
  const char *call = "tofu_rt_gpu_conv2d_bwd_filter_f32";
  return convolution(call, BwdFilter, activation(call, x_rank, x, layout),
                     filter(call, dw_rank, dw, layout),
                     activation(call, dy_rank, dy, layout), layout, stride_h,
                     stride_w, pad_h, pad_w, dil_h, dil_w);
}

int32_t tofu_rt_gpu_pool2d_fwd_f32(int64_t x_rank, void *x, int64_t y_rank,
                                   void *y, int32_t layout, int32_t mode,
                                   int64_t window_h, int64_t window_w,
                                   int64_t stride_h, int64_t stride_w,
                                   int64_t pad_h, int64_t pad_w) {
  const char *call = "tofu_rt_gpu_pool2d_fwd_f32";
  Act ax = activation(call, x_rank, x, layout),
      ay = activation(call, y_rank, y, layout);
  return pooling(call, /*backward=*/false, ax, ax, ay, ay, layout, mode,
                 window_h, window_w, stride_h, stride_w, pad_h, pad_w);
}

int32_t tofu_rt_gpu_pool2d_bwd_f32(int64_t y_rank, void *y, int64_t dy_rank,
                                   void *dy, int64_t x_rank, void *x,
                                   int64_t dx_rank, void *dx, int32_t layout,
                                   int32_t mode, int64_t window_h,
                                   int64_t window_w, int64_t stride_h,
                                   int64_t stride_w, int64_t pad_h,
                                   int64_t pad_w) {
  const char *call = "tofu_rt_gpu_pool2d_bwd_f32";
  Act ay = activation(call, y_rank, y, layout),
      ady = activation(call, dy_rank, dy, layout),
      ax = activation(call, x_rank, x, layout),
      adx = activation(call, dx_rank, dx, layout);
  if (ay.n != ady.n || ay.c != ady.c || ay.h != ady.h || ay.w != ady.w ||
      ax.n != adx.n || ax.c != adx.c || ax.h != adx.h || ax.w != adx.w)
    die(call, "y and dy, or x and dx, differ in shape");
  return pooling(call, /*backward=*/true, ax, adx, ay, ady, layout, mode,
                 window_h, window_w, stride_h, stride_w, pad_h, pad_w);
}

int32_t tofu_rt_gpu_dnn_stats(double *seconds, double *flops, int64_t *calls,
                              int32_t reset) {
  Gpu &g = gpu();
  if (g.ready)
    settle(); // calls timed on the stream (TOFU_RT_GPU_SYNC=stream)
  if (seconds)
    *seconds = g.dnnSeconds;
  if (flops)
    *flops = g.dnnFlops;
  if (calls)
    *calls = g.dnnCalls;
  if (reset) {
    g.dnnSeconds = g.dnnFlops = 0;
    g.dnnCalls = 0;
  }
  return TOFU_RT_OK;
}

//--- Collectives ----------------------------------------------------------//

// The in-place all-reduce of a memref of `elementBytes`-byte elements: NCCL
// (`type`) when it can, else the CPU runtime's memref all-reduce (`staged`)
// on a host mirror.
static int32_t
allReduceMemRef(const char *call, int64_t rank, void *buf, int64_t level,
                int32_t reducer, int64_t elementBytes, ncclDataType_t type,
                int32_t (*staged)(int64_t, void *, int64_t, int32_t)) {
  sync();
  View v = readView(call, rank, buf, elementBytes);
  if (transport() == Transport::Staged || !v.contiguous() ||
      !validLevel(level) || reducer < TOFU_RT_SUM || reducer > TOFU_RT_PROD) {
    HostMirror h(call, rank, buf, elementBytes);
    int32_t rc = staged(rank, h.descriptor, level, reducer);
    h.finish();
    return rc;
  }
  if (int64_t n = v.numElements()) {
    NCCL_CHECK(ncclAllReduce(v.bytes(), v.bytes(), n, type, ncclOp(reducer),
                             comm(level), ensure().stream));
    sync();
  }
  return TOFU_RT_OK;
}

int32_t tofu_rt_gpu_all_reduce_memref_f32(int64_t rank, void *buf,
                                          int64_t level, int32_t reducer) {
  return allReduceMemRef("tofu_rt_gpu_all_reduce_memref_f32", rank, buf, level,
                         reducer, sizeof(float), ncclFloat,
                         tofu_rt_all_reduce_memref_f32);
}

int32_t tofu_rt_gpu_all_reduce_memref_f64(int64_t rank, void *buf,
                                          int64_t level, int32_t reducer) {
  return allReduceMemRef("tofu_rt_gpu_all_reduce_memref_f64", rank, buf, level,
                         reducer, sizeof(double), ncclDouble,
                         tofu_rt_all_reduce_memref_f64);
}

int32_t tofu_rt_gpu_broadcast_memref_f32(int64_t rank, void *buf, int64_t root,
                                         int64_t level) {
  const char *call = "tofu_rt_gpu_broadcast_memref_f32";
  sync();
  View v = readView(call, rank, buf);
  if (transport() == Transport::Staged || !v.contiguous() ||
      !validLevel(level) || root < 0 || root >= tofu_rt_level_size(level)) {
    HostMirror h(call, rank, buf);
    int32_t rc = tofu_rt_broadcast_memref_f32(rank, h.descriptor, root, level);
    h.finish();
    return rc;
  }
  if (int64_t n = v.numElements()) {
    NCCL_CHECK(ncclBroadcast(v.data(), v.data(), n, ncclFloat, (int)root,
                             comm(level), ensure().stream));
    sync();
  }
  return TOFU_RT_OK;
}

// Point-to-point messages go through the host and the CPU runtime's
// buffered sends rather than ncclSend/ncclRecv: an NCCL send holds the
// stream until the peer posts its receive, so two stages that both send
// before they receive (a 1F1B schedule) would wait for each other.
int32_t tofu_rt_gpu_send_memref_f32(int64_t rank, void *buf, int64_t level,
                                    int64_t dest) {
  sync(); // the kernels that wrote `buf` are done
  HostMirror h("tofu_rt_gpu_send_memref_f32", rank, buf);
  return tofu_rt_send_memref_f32(rank, h.descriptor, level, dest);
}

int32_t tofu_rt_gpu_recv_memref_f32(int64_t rank, void *buf, int64_t level,
                                    int64_t source) {
  sync();
  HostMirror h("tofu_rt_gpu_recv_memref_f32", rank, buf);
  int32_t rc = tofu_rt_recv_memref_f32(rank, h.descriptor, level, source);
  if (rc == TOFU_RT_OK)
    h.finish();
  return rc;
}

// `big` equals `small` except along `axis`, g times larger there.
static bool blockShapes(const View &small, const View &big, int64_t axis,
                        int64_t g) {
  if (small.sizes.size() != big.sizes.size() || axis < 0 ||
      axis >= (int64_t)small.sizes.size())
    return false;
  for (size_t i = 0; i < small.sizes.size(); ++i)
    if (big.sizes[i] != ((int64_t)i == axis ? g : 1) * small.sizes[i])
      return false;
  return true;
}

int32_t tofu_rt_gpu_all_gather_memref_f32(int64_t in_rank, void *in,
                                          int64_t out_rank, void *out,
                                          int64_t axis, int64_t level) {
  const char *call = "tofu_rt_gpu_all_gather_memref_f32";
  sync();
  View vi = readView(call, in_rank, in), vo = readView(call, out_rank, out);
  bool plain = transport() == Transport::Nccl && validLevel(level) &&
               vi.contiguous() && vo.contiguous() &&
               blockShapes(vi, vo, axis, tofu_rt_level_size(level));
  if (!plain) {
    HostMirror hi(call, in_rank, in), ho(call, out_rank, out);
    int32_t rc = tofu_rt_all_gather_memref_f32(in_rank, hi.descriptor, out_rank,
                                               ho.descriptor, axis, level);
    ho.finish();
    return rc;
  }
  int64_t g = tofu_rt_level_size(level), n = vi.numElements();
  if (!n)
    return TOFU_RT_OK;
  int64_t outer, inner;
  products(vi.sizes, axis, outer, inner);
  cudaStream_t s = ensure().stream;
  if (outer == 1) {
    NCCL_CHECK(
        ncclAllGather(vi.data(), vo.data(), n, ncclFloat, comm(level), s));
  } else {
    DeviceBuffer blocks(g * n);
    NCCL_CHECK(
        ncclAllGather(vi.data(), blocks.p, n, ncclFloat, comm(level), s));
    blocksToAxis(blocks.p, vo.data(), g, outer, vi.sizes[axis] * inner,
                 /*forward=*/true);
  }
  sync();
  return TOFU_RT_OK;
}

int32_t tofu_rt_gpu_reduce_scatter_memref_f32(int64_t in_rank, void *in,
                                              int64_t out_rank, void *out,
                                              int64_t axis, int64_t level,
                                              int32_t reducer) {
  const char *call = "tofu_rt_gpu_reduce_scatter_memref_f32";
  sync();
  View vi = readView(call, in_rank, in), vo = readView(call, out_rank, out);
  bool plain = transport() == Transport::Nccl && validLevel(level) &&
               reducer >= TOFU_RT_SUM && reducer <= TOFU_RT_PROD &&
               vi.contiguous() && vo.contiguous() &&
               blockShapes(vo, vi, axis, tofu_rt_level_size(level));
  if (!plain) {
    HostMirror hi(call, in_rank, in), ho(call, out_rank, out);
    int32_t rc = tofu_rt_reduce_scatter_memref_f32(
        in_rank, hi.descriptor, out_rank, ho.descriptor, axis, level, reducer);
    ho.finish();
    return rc;
  }
  int64_t g = tofu_rt_level_size(level), n = vo.numElements();
  if (!n)
    return TOFU_RT_OK;
  int64_t outer, inner;
  products(vo.sizes, axis, outer, inner);
  cudaStream_t s = ensure().stream;
  if (outer == 1) {
    NCCL_CHECK(ncclReduceScatter(vi.data(), vo.data(), n, ncclFloat,
                                 ncclOp(reducer), comm(level), s));
  } else {
    DeviceBuffer blocks(g * n);
    blocksToAxis(blocks.p, vi.data(), g, outer, vo.sizes[axis] * inner,
                 /*forward=*/false);
    NCCL_CHECK(ncclReduceScatter(blocks.p, vo.data(), n, ncclFloat,
                                 ncclOp(reducer), comm(level), s));
  }
  sync();
  return TOFU_RT_OK;
}

int32_t tofu_rt_gpu_all_to_all_memref_f32(int64_t in_rank, void *in,
                                          int64_t out_rank, void *out,
                                          int64_t split_axis,
                                          int64_t concat_axis, int64_t level) {
  const char *call = "tofu_rt_gpu_all_to_all_memref_f32";
  sync();
  View vi = readView(call, in_rank, in), vo = readView(call, out_rank, out);
  int64_t r = (int64_t)vi.sizes.size();
  bool plain = transport() == Transport::Nccl && validLevel(level) &&
               vi.contiguous() && vo.contiguous() && split_axis >= 0 &&
               split_axis < r && concat_axis >= 0 && concat_axis < r &&
               (int64_t)vo.sizes.size() == r;
  int64_t g = plain ? tofu_rt_level_size(level) : 1;
  std::vector<int64_t> block = vi.sizes;
  if (plain) {
    plain = block[split_axis] % g == 0;
    block[split_axis] /= g;
    std::vector<int64_t> expect = block;
    expect[concat_axis] *= g;
    plain = plain && expect == vo.sizes;
  }
  if (!plain) {
    HostMirror hi(call, in_rank, in), ho(call, out_rank, out);
    int32_t rc = tofu_rt_all_to_all_memref_f32(in_rank, hi.descriptor, out_rank,
                                               ho.descriptor, split_axis,
                                               concat_axis, level);
    ho.finish();
    return rc;
  }
  int64_t n = 1;
  for (int64_t x : block)
    n *= x;
  if (!n)
    return TOFU_RT_OK;
  cudaStream_t s = ensure().stream;
  DeviceBuffer send(g * n), recv(g * n);
  int64_t outer, inner;
  products(block, split_axis, outer, inner);
  blocksToAxis(send.p, vi.data(), g, outer, block[split_axis] * inner,
               /*forward=*/false);
  ncclComm_t c = comm(level);
  NCCL_CHECK(ncclGroupStart());
  for (int64_t j = 0; j < g; ++j) {
    NCCL_CHECK(ncclSend(send.p + j * n, n, ncclFloat, (int)j, c, s));
    NCCL_CHECK(ncclRecv(recv.p + j * n, n, ncclFloat, (int)j, c, s));
  }
  NCCL_CHECK(ncclGroupEnd());
  products(block, concat_axis, outer, inner);
  blocksToAxis(recv.p, vo.data(), g, outer, block[concat_axis] * inner,
               /*forward=*/true);
  sync();
  return TOFU_RT_OK;
}

int32_t tofu_rt_gpu_send_recv_memref_f32(int64_t send_rank, void *send,
                                         int64_t dest, int64_t recv_rank,
                                         void *recv, int64_t source,
                                         int64_t level) {
  const char *call = "tofu_rt_gpu_send_recv_memref_f32";
  sync();
  bool plain = transport() == Transport::Nccl && validLevel(level);
  View vs, vr;
  if (plain && dest >= 0) {
    vs = readView(call, send_rank, send);
    plain = vs.contiguous();
  }
  if (plain && source >= 0) {
    vr = readView(call, recv_rank, recv);
    plain = vr.contiguous();
  }
  int64_t g = plain ? tofu_rt_level_size(level) : 0;
  plain = plain && dest >= -1 && dest < g && source >= -1 && source < g &&
          (dest != tofu_rt_coord(level) || source == dest);
  if (!plain) {
    HostMirror hs(call, send_rank, dest >= 0 ? send : nullptr),
        hr(call, recv_rank, source >= 0 ? recv : nullptr);
    int32_t rc =
        tofu_rt_send_recv_memref_f32(send_rank, hs.descriptor, dest, recv_rank,
                                     hr.descriptor, source, level);
    hr.finish();
    return rc;
  }
  cudaStream_t s = ensure().stream;
  int64_t self = tofu_rt_coord(level);
  if (dest >= 0 && dest == self) {
    // To itself: a copy (the CPU runtime's rule: counts must match).
    if (vs.numElements() != vr.numElements())
      die(call, "sends to itself a different element count than it receives");
    CUDA_CHECK(cudaMemcpyAsync(vr.data(), vs.data(),
                               vs.numElements() * sizeof(float),
                               cudaMemcpyDefault, s));
  } else {
    ncclComm_t c = comm(level);
    NCCL_CHECK(ncclGroupStart());
    if (dest >= 0 && vs.numElements())
      NCCL_CHECK(
          ncclSend(vs.data(), vs.numElements(), ncclFloat, (int)dest, c, s));
    if (source >= 0 && vr.numElements())
      NCCL_CHECK(
          ncclRecv(vr.data(), vr.numElements(), ncclFloat, (int)source, c, s));
    NCCL_CHECK(ncclGroupEnd());
  }
  sync();
  return TOFU_RT_OK;
}

} // extern "C"
