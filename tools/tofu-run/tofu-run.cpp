//===- tofu-run.cpp - Compile an MLIR module and run it on N ranks --------===//
//
//   tofu-run model.mlir --ranks N [--partition] [--entry main]
//            [--inputs DIR | --seed S] [--outputs DIR] [--pipeline "FLAGS"]
//            [--timeout SECONDS]
//            [--steps N [--loss-log FILE] [--checkpoint DIR
//             [--checkpoint-every K] [--resume]]]
//
// Ahead-of-time route, so the program can run under mpirun. In this process
// (Compile.h):
//   1. the module is parsed and --pipeline's tofu-opt passes run (--partition
//      adds --tofu-partition=gpus=N entry=ENTRY);
//   2. the entry's signature, tofu.layout and tofu.partition give its
//      EntrySpec; the entry becomes @tofu_run_entry with
//      llvm.emit_c_interface;
//   3. the CPU or GPU lowering pipeline (--tofu-lower-to-llvm-cpu/gpu,
//      include/Tofu/Pipelines) lowers it: StableHLO, TOSA and collectives
//      first, then fusion, bufferization and the upstream lowering;
//   4. it is translated to LLVM IR, given the entry's packed wrapper and the
//      spec as the string tofu_run_entry_spec, optimized (LLVM's loop
//      vectorizer) and compiled to an object file.
// Then the C++ compiler links the object with the harness's prebuilt main
// (runtime/harness: npy I/O, scatter/gather, statistics) and libtofu_runtime,
// and the program runs directly (--ranks 1) or under `mpirun -np N`, every
// rank through tofu-rank (RankSupervisor.cpp), which records why a rank
// ended so that the error names the rank and the cause; the job is killed
// after --timeout seconds, and no process of it is left once tofu-run ends
// (docs/reliability.md). A failed run removes its result files. No C++ is
// generated.
// With --jit, step 4 and the link are replaced: the lowered module and the
// EntrySpec as JSON are written and `tofu-jit lowered.mlir --spec spec.json
// ...` (MLIR's ExecutionEngine, tools/tofu-jit) runs in place of the
// program, with the same arguments, environment, launcher and error handling.
// With --steps N the ranks stay up for N steps: the results that update an
// argument (StatePairing.h) replace it in place, batches come from
// DIR/steps/I, and checkpoints are sharded (runtime/harness/Training.cpp).
// See docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#include "Compile.h"
#include "EntrySignature.h"
#include "GPUBackend.h"
#include "Link.h"
#include "Progress.h"
#include "RunSupport.h"
#include "SpecJSON.h"
#include "StatePairing.h"
#include "Subprocess.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>
#include <unistd.h>

using namespace tofu_run;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory category("tofu-run options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model.mlir>"),
                               cl::Required, cl::cat(category));
cl::opt<int64_t> ranks("ranks",
                       cl::desc("number of ranks (default: the workers of the "
                                "module's tofu.partition, else 1)"),
                       cl::init(1), cl::cat(category));
cl::opt<bool>
    partition("partition",
              cl::desc("partition the entry function for --ranks workers first "
                       "(--tofu-partition; more options with --pipeline)"),
              cl::init(false), cl::cat(category));
cl::opt<std::string> entry("entry", cl::desc("function to run"),
                           cl::init("main"), cl::cat(category));
cl::opt<std::string> inputsDir("inputs",
                               cl::desc("directory of argN.npy (or <tofu.name>"
                                        ".npy) files of the whole inputs"),
                               cl::cat(category));
cl::opt<uint64_t> seed("seed",
                       cl::desc("deterministic random inputs (default 0 when "
                                "--inputs is not given)"),
                       cl::init(0), cl::cat(category));
cl::opt<std::string> outputsDir("outputs",
                                cl::desc("write the whole results as "
                                         "resultN.npy into this directory"),
                                cl::cat(category));
cl::opt<std::string> rankOutputsDir(
    "rank-outputs",
    cl::desc("write every rank's own results as DIR/rankR/resultN.npy"),
    cl::cat(category));
cl::opt<std::string>
    saveInputsDir("save-inputs",
                  cl::desc("write the whole inputs used as argN.npy"),
                  cl::cat(category));
cl::opt<std::string>
    pipeline("pipeline",
             cl::desc("tofu-opt flags (passes and pipelines) applied before "
                      "the lowering, e.g. \"--tofu-partition=...\""),
             cl::cat(category));
cl::opt<unsigned> timeout("timeout",
                          cl::desc("seconds the run may take before the job is "
                                   "killed (default 300)"),
                          cl::init(300), cl::cat(category));
cl::opt<unsigned>
    compileTimeout("compile-timeout",
                   cl::desc("seconds the compile and the link may each take "
                            "(default 600)"),
                   cl::init(600), cl::cat(category));
cl::opt<std::string> workdirOpt("workdir",
                                cl::desc("keep the intermediate files here"),
                                cl::cat(category));
cl::opt<bool> noReplicaCheck(
    "no-replica-check",
    cl::desc("do not compare the replicas of replicated results"),
    cl::cat(category));
cl::opt<std::string> mpirunOpt("mpirun",
                               cl::desc("the mpirun to use (default: PATH)"),
                               cl::cat(category));
cl::opt<std::string> mpirunArgs(
    "mpirun-args",
    cl::desc(
        "extra mpirun flags, e.g. \"--bind-to none --mca btl self,vader\""),
    cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("print every command"), cl::cat(category));
cl::opt<std::string>
    backend("backend",
            cl::desc("cpu (default) or gpu: CUDA kernels, cuBLAS, NCCL or "
                     "staged collectives (docs/gpu.md)"),
            cl::init("cpu"), cl::cat(category));
cl::opt<std::string> bundleDir(
    "bundle",
    cl::desc("copy the standalone program, its runtime libraries, the "
             "--inputs and a run.sh into this directory (to carry to another "
             "machine)"),
    cl::cat(category));
cl::opt<bool> noRun("no-run", cl::desc("compile (and --bundle) only"),
                    cl::cat(category));
cl::opt<std::string> gpuMemory(
    "gpu-memory",
    cl::desc("--backend gpu: where buffers live, managed (default: CUDA "
             "managed memory) or device (device memory for everything the "
             "entry does not return; docs/gpu.md)"),
    cl::init("managed"), cl::cat(category));
cl::opt<std::string> cpuOpt(
    "cpu-opt",
    cl::desc("vectorize (default): products' loops reordered "
             "(--tofu-cpu-loop-order), then LLVM's loop vectorizer for this "
             "machine's CPU (generic x86-64 for --backend gpu); none: the "
             "lowering and LLVM's code generator alone (for comparison)"),
    cl::init("vectorize"), cl::cat(category));
cl::opt<bool> cpuBlas(
    "cpu-blas",
    cl::desc("CPU: f32 matrix products as OpenBLAS calls "
             "(--tofu-cpu-library-calls; default true); false: loops, as "
             "every other op (for comparison)"),
    cl::init(true), cl::cat(category));
// --threads N: BLAS threads per rank. LLVM registers a hidden global
// option of that name, so tofu-run takes it off the command line itself
// (takeThreadsFlag) before cl parses the rest.
std::optional<int64_t> threads;
cl::opt<bool> jit(
    "jit",
    cl::desc("JIT-compile the lowered module with MLIR's ExecutionEngine "
             "(tofu-jit) instead of building a program ahead of time; needs "
             "LLVM/MLIR where it runs"),
    cl::cat(category));

cl::OptionCategory trainCategory("tofu-run training options (docs/runtime.md, "
                                 "\"Training runs\")");
cl::opt<int64_t> steps(
    "steps",
    cl::desc("run the step N times with the ranks up: each result that "
             "updates an argument (parameters, optimizer state; paired by "
             "dataflow) replaces it in the next step"),
    cl::init(0), cl::cat(trainCategory));
cl::opt<std::string>
    lossLog("loss-log",
            cl::desc("with --steps: one line per step (step, loss, seconds)"),
            cl::cat(trainCategory));
cl::opt<std::string> checkpointDir(
    "checkpoint",
    cl::desc("with --steps: write sharded checkpoints of the state into "
             "DIR/step-NNNNNNNN (the last two kept)"),
    cl::cat(trainCategory));
cl::opt<int64_t> checkpointEvery(
    "checkpoint-every",
    cl::desc("with --checkpoint: every K steps (default: the last step only)"),
    cl::init(0), cl::cat(trainCategory));
cl::opt<bool> resume("resume",
                     cl::desc("with --checkpoint: start from its last complete "
                              "checkpoint and run the steps left of --steps"),
                     cl::cat(trainCategory));

cl::opt<bool> waitBatches(
    "wait-batches",
    cl::desc("with --steps and --inputs DIR: step I waits until "
             "DIR/steps/I/.ready exists before it reads the step's batches "
             "(for a producer that writes them during the run)"),
    cl::cat(trainCategory));

/// The pairing of the step's results with the arguments they update
/// (--steps), from the module as given.
StatePairing statePairing;

std::string selfDir() {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable("tofu-run", &anchor);
  return llvm::sys::path::parent_path(exe).str();
}

void checkOptions(bool gpu) {
  if (!inputsDir.empty() && seed.getNumOccurrences())
    fatal("give either --inputs or --seed, not both");
  if (ranks.getNumOccurrences() && ranks < 1)
    fatal("--ranks must be at least 1");
  // MPI numbers ranks with an int; mpirun would fail later and less clearly.
  if (ranks > std::numeric_limits<int>::max())
    fatal("--ranks " + std::to_string(ranks) +
          " is more than an MPI job can hold (" +
          std::to_string(std::numeric_limits<int>::max()) + ")");
  if (!llvm::sys::fs::exists(inputFile))
    fatal("no such file: " + inputFile);
  if (!gpu && backend != "cpu")
    fatal("unknown --backend '" + backend + "'; use cpu or gpu");
  if (gpu && !gpuBackendAvailable())
    fatal("--backend gpu: tofu-run was built without the GPU runtime (CUDA, "
          "cuBLAS and NCCL were not found; see TOFU_ENABLE_GPU)");
  if (!bundleDir.empty() && jit)
    fatal("--jit and --bundle cannot be combined: a bundle carries an "
          "ahead-of-time program (no LLVM/MLIR needed), the JIT compiles on "
          "the machine that runs it");
  if (!bundleDir.empty() && !gpu)
    fatal("--bundle is only supported with --backend gpu");
  if (cpuOpt != "vectorize" && cpuOpt != "none")
    fatal("unknown --cpu-opt '" + cpuOpt + "'; use vectorize or none");
  if (gpuMemory != "managed" && gpuMemory != "device")
    fatal("unknown --gpu-memory '" + gpuMemory + "'; use managed or device");
  if (gpuMemory.getNumOccurrences() && !gpu)
    fatal("--gpu-memory is only supported with --backend gpu");
  if (steps.getNumOccurrences() && steps < 1)
    fatal("--steps must be at least 1");
  if (!steps && (!lossLog.empty() || !checkpointDir.empty() || resume))
    fatal("--loss-log, --checkpoint and --resume need --steps");
  if (waitBatches && (!steps || inputsDir.empty()))
    fatal("--wait-batches needs --steps and --inputs DIR");
  if (steps && jit)
    fatal("--steps is not supported with --jit yet (tofu-jit does not pass "
          "the training options on): use the ahead-of-time route");
  if (checkpointEvery.getNumOccurrences() && checkpointEvery < 1)
    fatal("--checkpoint-every must be at least 1");
  if (checkpointDir.empty() && (checkpointEvery.getNumOccurrences() || resume))
    fatal("--checkpoint-every and --resume need --checkpoint DIR");
  if (resume && !llvm::sys::fs::is_directory(checkpointDir))
    fatal("--resume: no complete checkpoint in " + checkpointDir +
          " (no such directory)");
}

/// --steps: pairs the entry's results with the arguments they update
/// (StatePairing.h); a step without any is a located error.
void pairState(mlir::ModuleOp module) {
  auto func = module.lookupSymbol<mlir::func::FuncOp>(entry);
  if (!steps || !func || func.isExternal())
    return;
  std::string error;
  if (!pairStateResults(func, statePairing, error)) {
    mlir::emitError(func.getLoc(), "--steps: ") << error;
    fatal("--steps: cannot pair the results of @" + entry +
          " with the arguments they update");
  }
  if (steps > 1 && llvm::none_of(statePairing.argOfResult,
                                 [](int64_t i) { return i >= 0; })) {
    mlir::emitError(func.getLoc(), "--steps: no result of @")
        << entry
        << " is computed from an argument of its type, so none is a "
           "parameter or optimizer state to feed the next step";
    fatal("--steps " + std::to_string(steps) + ": @" + entry +
          " updates no argument");
  }
}

/// The pairs still fit after --pipeline / --partition: each state result
/// has its argument's per-rank type and layout.
void checkStateLayouts(const EntrySpec &spec) {
  if (!steps)
    return;
  if (statePairing.argOfResult.size() != spec.results.size())
    fatal("--steps: --pipeline changed the number of results of @" + entry);
  for (size_t k = 0; k < spec.results.size(); ++k) {
    int64_t i = statePairing.argOfResult[k];
    if (i < 0)
      continue;
    const ValueSpec &a = spec.args[i], &r = spec.results[k];
    if (a.shape != r.shape || a.layout != r.layout ||
        a.globalShape != r.globalShape)
      fatal("--steps: result " + std::to_string(k) + " updates argument " +
            std::to_string(i) +
            (a.name.empty() ? std::string() : " (" + a.name + ")") +
            ", but the plan gives them different shards (" +
            shapeString(r.shape) + " and " + shapeString(a.shape) +
            " per rank, or other layouts): the update cannot stay in place");
  }
}

/// Removes --threads N / --threads=N from argv into `threads`.
void takeThreadsFlag(int &argc, char **argv) {
  int out = 1;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--") {
      while (i < argc)
        argv[out++] = argv[i++];
      break;
    }
    llvm::StringRef value;
    if (arg == "--threads" || arg == "-threads") {
      if (i + 1 == argc)
        fatal("--threads needs a value");
      value = argv[++i];
    } else if (!arg.consume_front("--threads=") &&
               !arg.consume_front("-threads=")) {
      argv[out++] = argv[i];
      continue;
    } else {
      value = arg;
    }
    int64_t n;
    if (value.getAsInteger(10, n) || n < 1)
      fatal("--threads must be a number of at least 1, not '" + value.str() +
            "'");
    threads = n;
  }
  argc = out;
  argv[argc] = nullptr;
}

/// $TOFU_THREADS for every rank: the cores of this machine shared among the
/// ranks (all run here), so that BLAS threads do not oversubscribe them.
std::string threadsPerRank() {
  if (threads)
    return std::to_string(*threads);
  if (const char *set = std::getenv("TOFU_THREADS"); set && *set)
    return set;
  int64_t cores = llvm::hardware_concurrency().compute_thread_count();
  return std::to_string(std::max<int64_t>(1, cores / ranks));
}

/// The work directory: --workdir (kept), else a temporary one removed at
/// exit.
struct Workdir {
  std::string path;
  bool keep = false;
  Workdir() {
    path = workdirOpt;
    keep = !path.empty();
    if (keep) {
      if (auto ec = llvm::sys::fs::create_directories(path))
        fatal("cannot create " + path + ": " + ec.message());
      return;
    }
    llvm::SmallString<128> tmp;
    if (auto ec = llvm::sys::fs::createUniqueDirectory("tofu-run", tmp))
      fatal("cannot create a temporary directory: " + ec.message());
    path = tmp.str().str();
  }
  ~Workdir() {
    if (!keep)
      llvm::sys::fs::remove_directories(path);
  }
};

/// Ends tofu-run if compiling in this process takes over --compile-timeout.
class CompileWatchdog {
public:
  explicit CompileWatchdog(unsigned seconds)
      : thread([this, seconds] {
          std::unique_lock<std::mutex> lock(mutex);
          if (!done.wait_for(lock, std::chrono::seconds(seconds),
                             [this] { return finished; })) {
            llvm::errs() << "tofu-run: error: compiling timed out after "
                         << seconds << " s (see --compile-timeout)\n";
            llvm::errs().flush();
            _exit(1);
          }
        }) {}
  ~CompileWatchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      finished = true;
    }
    done.notify_all();
    thread.join();
  }

private:
  std::mutex mutex;
  std::condition_variable done;
  bool finished = false;
  std::thread thread;
};

/// Steps 1-4: the spec of the entry, and the program (or, with --jit, the
/// lowered module and spec.json) in `workdir`.
EntrySpec compile(const Workdir &workdir, const Target &target,
                  CompileProgress &progress) {
  CompileWatchdog watchdog(compileTimeout);
  Compiler compiler;
  progress.stage("parsing " + inputFile);
  mlir::OwningOpRef<mlir::ModuleOp> module = compiler.parse(inputFile);
  pairState(*module);
  std::vector<std::string> flags = splitFlags(pipeline);
  if (partition)
    flags.push_back("--tofu-partition=gpus=" + std::to_string(ranks) +
                    " entry=" + entry);
  if (!flags.empty())
    progress.stage(partition ? "partitioning" : "running --pipeline");
  compiler.runUserPasses(*module, flags);
  int64_t rankCount = 0;
  EntrySpec spec = entrySpecOf(
      *module, entry,
      ranks.getNumOccurrences() ? std::optional<int64_t>(ranks) : std::nullopt,
      rankCount);
  ranks = rankCount;
  checkStateLayouts(spec);
  // Inputs are checked before anything is compiled.
  std::string error;
  if (!inputsDir.empty() && !checkInputs(spec, inputsDir, error))
    fatal(error);
  prepareEntry(*module, entry);
  progress.stage(std::string("lowering to LLVM (") +
                 (target.gpu ? "GPU" : "CPU") + ")");
  compiler.lower(*module, target);
  if (jit || workdir.keep)
    compiler.write(*module, workdir.path + "/lowered.mlir");
  if (jit) {
    std::string specFile = workdir.path + "/spec.json";
    std::error_code ec;
    llvm::raw_fd_ostream os(specFile, ec);
    if (ec)
      fatal("cannot write " + specFile + ": " + ec.message());
    os << specToJSON(spec);
    return spec;
  }
  progress.stage("generating code");
  compiler.emitObject(*module, spec, target, workdir.path + "/model.o");
  return spec;
}

/// What the rank supervisors (tofu-rank) recorded in `dir`, earliest
/// first, each as "rank R <why>".
std::vector<std::string> rankFailures(const std::string &dir) {
  std::vector<std::pair<long long, std::string>> found;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (!name.consume_front("rank"))
      continue;
    auto buf = llvm::MemoryBuffer::getFile(it->path());
    if (!buf)
      continue;
    std::pair<llvm::StringRef, llvm::StringRef> timeAndWhy =
        (*buf)->getBuffer().trim().split(' ');
    long long when = 0;
    if (timeAndWhy.first.getAsInteger(10, when))
      continue;
    found.push_back(
        {when, "rank " + name.str() + " " + timeAndWhy.second.str()});
  }
  llvm::sort(found);
  std::vector<std::string> out;
  for (auto &f : found)
    out.push_back(f.second);
  return out;
}

/// The ranks whose wait record (DIR/wait<R>, written by the runtime) says
/// they were blocked in an MPI call when the job was stopped, as "rank R in
/// MPI_Xxx (call), waiting on rank(s) ...".
std::vector<std::string> ranksWaiting(const std::string &dir) {
  std::vector<std::string> out;
  for (int64_t r = 0; r < ranks; ++r) {
    auto buf = llvm::MemoryBuffer::getFile(dir + "/wait" + std::to_string(r),
                                           /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!buf)
      continue;
    llvm::StringRef record = (*buf)->getBuffer();
    record = record.take_until([](char c) { return c == '\0'; }).trim();
    if (!record.empty())
      out.push_back("rank " + std::to_string(r) + " in " + record.str());
  }
  return out;
}

/// What a failed MPI job without a rank's record says: which ranks never
/// ended under their supervisor (tofu-rank marks DIR/done<R> however its
/// rank ends), i.e. were never started by mpirun or were lost with their
/// node or daemon, and where the others waited. mpirun's and the MPI
/// library's own messages, printed above, say why.
std::string unrecordedFailure(const std::string &dir) {
  std::string missing;
  int64_t count = 0;
  for (int64_t r = 0; r < ranks; ++r) {
    if (llvm::sys::fs::exists(dir + "/done" + std::to_string(r)))
      continue;
    if (++count <= 8)
      missing += (count > 1 ? ", " : "") + std::to_string(r);
  }
  std::string text = "no rank recorded a cause";
  if (count)
    text += "; not started or lost (no end under tofu-rank): rank" +
            std::string(count > 1 ? "s " : " ") + missing +
            (count > 8 ? ", ..." : "") + " of " + std::to_string(ranks);
  else
    text += "; every rank ended";
  text += " (mpirun's own messages above say why)";
  std::vector<std::string> waiting = ranksWaiting(dir);
  for (size_t i = 0; i < waiting.size(); ++i)
    text += (i ? "; " : "; blocked in MPI: ") + waiting[i];
  return text;
}

/// A failed run leaves no result files, so none can be taken for its
/// output (writeNpy renames each complete file into place; a later result
/// or rank may still fail).
void removeResults(const EntrySpec &spec) {
  for (size_t k = 0; k < spec.results.size(); ++k) {
    std::string file = "/result" + std::to_string(k) + ".npy";
    if (!outputsDir.empty())
      llvm::sys::fs::remove(outputsDir + file);
    for (int64_t r = 0; !rankOutputsDir.empty() && r < ranks; ++r)
      llvm::sys::fs::remove(rankOutputsDir + "/rank" + std::to_string(r) +
                            file);
  }
}

/// The program's options of --steps (RunDriver.h's TrainOptions).
void appendTrainingFlags(std::vector<std::string> &argv) {
  std::string state;
  for (int64_t i : statePairing.argOfResult)
    state += (state.empty() ? "" : ",") + std::to_string(i);
  argv.insert(argv.end(), {"--steps", std::to_string(steps), "--state", state,
                           "--loss", std::to_string(statePairing.lossResult)});
  if (!lossLog.empty())
    argv.insert(argv.end(), {"--loss-log", lossLog});
  if (!checkpointDir.empty())
    argv.insert(argv.end(),
                {"--checkpoint", checkpointDir, "--checkpoint-every",
                 std::to_string(checkpointEvery ? checkpointEvery : steps)});
  if (resume)
    argv.push_back("--resume");
  if (waitBatches)
    argv.push_back("--wait-batches");
}

/// The command line of the run: every rank through tofu-rank (which
/// records in `statusDir` why a rank ended, RankSupervisor.cpp), under
/// mpirun for more than one rank.
std::vector<std::string> runCommandLine(const Workdir &workdir, bool gpu,
                                        const std::string &statusDir) {
  std::vector<std::string> argv;
  if (ranks > 1) {
    std::string mpirun =
        mpirunOpt.empty() ? findTool("MPIRUN", "mpirun", {}) : mpirunOpt;
    argv = {mpirun, "-np", std::to_string(ranks), "--oversubscribe"};
    if (geteuid() == 0)
      argv.push_back("--allow-run-as-root");
    for (const std::string &f : splitFlags(mpirunArgs))
      argv.push_back(f);
  }
  argv.insert(argv.end(), {findTool("TOFU_RANK", "tofu-rank", {selfDir()}),
                           "--status", statusDir, "--"});
  if (jit) {
    argv.insert(argv.end(), {findTool("TOFU_JIT", "tofu-jit", {selfDir()}),
                             workdir.path + "/lowered.mlir", "--spec",
                             workdir.path + "/spec.json"});
    if (gpu)
      argv.insert(argv.end(), {"--backend", "gpu"});
    if (verbose)
      argv.push_back("-v");
  } else {
    argv.push_back(workdir.path + "/program");
  }
  if (!inputsDir.empty())
    argv.insert(argv.end(), {"--inputs", inputsDir});
  else
    argv.insert(argv.end(), {"--seed", std::to_string(seed)});
  for (auto [flag, dir] :
       {std::pair<const char *, std::string>{"--outputs", outputsDir},
        {"--rank-outputs", rankOutputsDir},
        {"--save-inputs", saveInputsDir}})
    if (!dir.empty())
      argv.insert(argv.end(), {flag, dir});
  if (noReplicaCheck)
    argv.push_back("--no-replica-check");
  if (steps)
    appendTrainingFlags(argv);
  return argv;
}

/// Step 5: the program or tofu-jit, directly or under mpirun; the exit
/// status of tofu-run.
int run(const Workdir &workdir, bool gpu, const EntrySpec &spec) {
  const std::string statusDir = workdir.path + "/ranks";
  llvm::sys::fs::remove_directories(statusDir);
  if (auto ec = llvm::sys::fs::create_directories(statusDir))
    fatal("cannot create " + statusDir + ": " + ec.message());
  std::vector<std::string> env = {ranks == 1 ? "TOFU_RT_BACKEND=single"
                                             : "TOFU_RT_BACKEND=mpi",
                                  "TOFU_THREADS=" + threadsPerRank()};
  Outcome o;
  {
    RunProgress progress(statusDir, ranks);
    o = runCommand(runCommandLine(workdir, gpu, statusDir),
                   /*logFile=*/"", timeout, env);
  }
  if (o.timedOut || o.interrupted || o.signal || o.status)
    removeResults(spec);
  if (o.interrupted)
    fatal("interrupted by signal " + std::to_string(o.interrupted) + " (" +
          strsignal(o.interrupted) + "); the run was stopped");
  if (o.timedOut) {
    std::string message = "the run timed out after " + std::to_string(timeout) +
                          " s and was killed (see --timeout)";
    std::vector<std::string> waiting = ranksWaiting(statusDir);
    for (size_t i = 0; i < waiting.size(); ++i)
      message += (i ? "; " : "; blocked in MPI: ") + waiting[i];
    fatal(message);
  }
  const char *single = jit ? "tofu-jit (rank 0)" : "the program (rank 0)";
  if (o.signal)
    fatal(std::string(ranks == 1 ? single : "mpirun") + " crashed: signal " +
          std::to_string(o.signal) + " (" + strsignal(o.signal) + ")");
  if (!o.status)
    return 0;
  std::vector<std::string> failures = rankFailures(statusDir);
  if (ranks == 1 && !failures.empty()) {
    llvm::StringRef why = llvm::StringRef(failures[0]).drop_front(7);
    if (why.starts_with("crashed: ") || why.starts_with("was killed: "))
      fatal(std::string(single) + " " + why.str());
    // The program has said why already (its own error line).
    if (why == "exited with status " + std::to_string(o.status))
      failures.clear();
  }
  llvm::errs() << "tofu-run: error: the run failed ("
               << (ranks == 1 ? "rank 0" : "mpirun") << " exit status "
               << o.status << ")";
  for (size_t i = 0; i < failures.size(); ++i)
    llvm::errs() << (i ? "; then " : ": ") << failures[i];
  // mpirun ended the job by itself (a daemon it lost or could not start).
  if (failures.empty() && ranks > 1)
    llvm::errs() << ": " << unrecordedFailure(statusDir);
  llvm::errs() << "\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  const cl::OptionCategory *categories[] = {&category, &trainCategory};
  cl::HideUnrelatedOptions(categories);
  takeThreadsFlag(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tofu-run: compile an MLIR module ahead of time and run its entry "
      "function on N ranks (MPI)\n\n"
      "  --threads N   BLAS threads per rank ($TOFU_THREADS of the program; "
      "default: $TOFU_THREADS if set, else this machine's cores divided by "
      "--ranks, at least 1)\n");
  const bool gpu = backend == "gpu";
  checkOptions(gpu);
  verboseOutput = verbose;
  Workdir workdir;
  if (gpu)
    gpuSetUpEnvironment();
  auto started = std::chrono::steady_clock::now();

  Target target;
  target.gpu = gpu;
  target.vectorize = cpuOpt == "vectorize";
  target.blas = cpuBlas;
  target.gpuMemory = gpuMemory;
  CompileProgress progress;
  EntrySpec spec = compile(workdir, target, progress);
  const std::string libDir = selfDir() + "/../lib";
  const std::string program = workdir.path + "/program";
  if (!jit) {
    progress.stage("linking");
    step("link",
         linkCommand(findTool("CXX", TOFU_CXX_COMPILER, {}),
                     workdir.path + "/model.o", program, libDir, gpu),
         workdir.path, compileTimeout);
  }
  progress.finish();
  if (!bundleDir.empty()) {
    std::string error = writeGpuBundle(bundleDir, program, libDir, inputsDir,
                                       (long)ranks, seed);
    if (!error.empty())
      fatal("--bundle: " + error);
    llvm::outs() << "tofu-run: wrote " << bundleDir << "/{program,lib/,run.sh"
                 << (inputsDir.empty() ? "" : ",inputs/") << "}\n";
  }
  if (noRun)
    return 0;
  double compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
          .count();
  llvm::outs() << llvm::format(jit ? "tofu-run: lowered @%s in %.1f s; "
                                     "JIT-compiling and running on %lld "
                                     "rank(s)"
                                   : "tofu-run: compiled @%s in %.1f s; "
                                     "running on %lld rank(s)",
                               entry.c_str(), compileSeconds, (long long)ranks);
  if (spec.partitioned)
    llvm::outs() << " (grid " << gridString(spec.levelSizes) << ")";
  llvm::outs() << (ranks > 1 && !spec.partitioned ? ", replicated\n" : "\n");
  llvm::outs().flush();
  return run(workdir, gpu, spec);
}
