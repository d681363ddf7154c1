//===- tofu-run.cpp - Compile an MLIR module and run it on N ranks --------===//
//
//   tofu-run model.mlir --ranks N [--partition] [--entry main]
//            [--inputs DIR | --seed S] [--outputs DIR] [--pipeline "FLAGS"]
//            [--timeout SECONDS]
//
// Ahead-of-time route, so the program can run under mpirun:
//   1. tofu-opt applies --pipeline (if any; --partition adds
//      --tofu-partition=gpus=N entry=ENTRY) and prints the module generically;
//   2. tofu-run reads the entry signature, tofu.layout / tofu.partition, and
//      marks the entry with llvm.emit_c_interface;
//   3. tofu-opt lowers it with the project's pipeline file
//      (python/tofu/lowering_passes.txt, shared with python/tofu/mlir_exec.py,
//      or gpu_lowering_passes.txt): TOSA and collectives first, then
//      fusion, bufferization and the upstream lowering;
//   4. mlir-translate -> llc -> clang++ links a generated adapter with
//      libtofu_run_support (npy I/O, scatter/gather, statistics) and
//      libtofu_runtime;
//   5. the program runs directly (--ranks 1) or under `mpirun -np N`, killed
//      with its whole process group after --timeout seconds.
// With --jit, steps 4-5 are replaced: the EntrySpec is written as JSON next
// to lowered.mlir and `tofu-jit lowered.mlir --spec spec.json ...` (MLIR's
// ExecutionEngine, tools/tofu-jit) runs in place of the program, with the
// same arguments, environment, launcher and error handling.
// See docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#include "GPUBackend.h"
#include "RunSupport.h"
#include "SpecJSON.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace mlir;
namespace cl = llvm::cl;

namespace {

struct EmbeddedFile {
  const char *name;
  const char *text;
};
#include "LoweringPasses.inc"

cl::OptionCategory category("tofu-run options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model.mlir>"),
                               cl::Required, cl::cat(category));
cl::opt<int64_t> ranks("ranks",
                       cl::desc("number of ranks (default: the module's "
                                "tofu.partition gpus, else 1)"),
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
             cl::desc("tofu-opt flags applied before the lowering, e.g. "
                      "\"--tofu-partition=...\""),
             cl::cat(category));
cl::opt<unsigned> timeout("timeout",
                          cl::desc("seconds the run may take before the job is "
                                   "killed (default 300)"),
                          cl::init(300), cl::cat(category));
cl::opt<unsigned>
    compileTimeout("compile-timeout",
                   cl::desc("seconds each compile step may take (default 600)"),
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
             "(--tofu-cpu-loop-order), then opt with LLVM's loop vectorizer "
             "for this machine's CPU (generic x86-64 for --backend gpu); "
             "none: the lowering and llc alone (for comparison)"),
    cl::init("vectorize"), cl::cat(category));
cl::opt<bool> jit(
    "jit",
    cl::desc("JIT-compile the lowered module with MLIR's ExecutionEngine "
             "(tofu-jit) instead of building a program ahead of time; needs "
             "LLVM/MLIR where it runs"),
    cl::cat(category));

[[noreturn]] void fatal(const llvm::Twine &message) {
  llvm::errs() << "tofu-run: error: " << message << "\n";
  std::exit(1);
}

//===----------------------------------------------------------------------===//
// Subprocesses with a timeout that kills the whole process group
//===----------------------------------------------------------------------===//

struct Outcome {
  int status = 0; // exit status if exited
  int signal = 0; // terminating signal, 0 if exited
  bool timedOut = false;
};

Outcome runCommand(const std::vector<std::string> &argv,
                   const std::string &logFile, unsigned seconds,
                   const std::vector<std::string> &extraEnv = {}) {
  if (verbose) {
    llvm::errs() << "tofu-run: $";
    for (const std::string &a : argv)
      llvm::errs() << " " << a;
    llvm::errs() << "\n";
  }
  pid_t pid = fork();
  if (pid < 0)
    fatal("fork failed");
  if (pid == 0) {
    setpgid(0, 0);
    for (const std::string &e : extraEnv)
      putenv(strdup(e.c_str()));
    if (!logFile.empty()) {
      int fd = open(logFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
        close(fd);
      }
    }
    std::vector<char *> cargv;
    for (const std::string &a : argv)
      cargv.push_back(const_cast<char *>(a.c_str()));
    cargv.push_back(nullptr);
    execvp(cargv[0], cargv.data());
    std::fprintf(stderr, "tofu-run: cannot execute %s: %s\n", cargv[0],
                 std::strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid);
  Outcome out;
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int status = 0;
  while (true) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid)
      break;
    if (std::chrono::steady_clock::now() > deadline) {
      out.timedOut = true;
      kill(-pid, SIGTERM);
      for (int i = 0; i < 50 && waitpid(pid, &status, WNOHANG) != pid; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // Leftovers of the group (e.g. ranks of a failed mpirun) must not linger.
  kill(-pid, SIGKILL);
  if (WIFEXITED(status))
    out.status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    out.signal = WTERMSIG(status);
  return out;
}

std::string tail(const std::string &path, size_t lines = 30) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return "";
  llvm::SmallVector<llvm::StringRef> all;
  (*buf)->getBuffer().split(all, '\n');
  size_t from = all.size() > lines ? all.size() - lines : 0;
  std::string out;
  for (size_t i = from; i < all.size(); ++i)
    out += "  " + all[i].str() + "\n";
  return out;
}

// Runs a compile step; on failure prints its output and exits.
void step(const char *name, const std::vector<std::string> &argv,
          const std::string &workdir) {
  std::string log = workdir + "/" + name + ".log";
  Outcome o = runCommand(argv, log, compileTimeout);
  if (o.timedOut)
    fatal(llvm::Twine(name) + " timed out after " +
          llvm::Twine(compileTimeout) + " s (see --compile-timeout)");
  if (o.status || o.signal) {
    std::string cmd;
    for (const std::string &a : argv)
      cmd += a + " ";
    fatal(llvm::Twine(name) + " failed (" +
          (o.signal ? "signal " + std::to_string(o.signal)
                    : "exit status " + std::to_string(o.status)) +
          ")\n  command: " + cmd + "\n" + tail(log));
  }
}

//===----------------------------------------------------------------------===//
// Tools and paths
//===----------------------------------------------------------------------===//

std::string selfDir() {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable("tofu-run", &anchor);
  return llvm::sys::path::parent_path(exe).str();
}

std::string findTool(const char *env, const std::string &name,
                     const std::vector<std::string> &dirs) {
  if (const char *value = std::getenv(env); value && *value)
    return value;
  for (const std::string &dir : dirs) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    if (llvm::sys::fs::can_execute(p))
      return p.str().str();
  }
  if (auto found = llvm::sys::findProgramByName(name))
    return *found;
  fatal("cannot find '" + name + "' (set $" + env + ")");
}

// LLVM passes of --cpu-opt vectorize: redundant loads removed and loop
// invariants hoisted (the memref descriptors' fields), loops in canonical
// form, the loop vectorizer, clean-up. As fast as `opt -O2` on the zoo steps
// (MLP 3.19 s vs 3.22 s) at a fraction of its compile time (LSTM step: 20 s
// vs 51 s with llc; bench/cpu/steps.py).
const char *const kVectorizePasses =
    "-passes=function(early-cse<memssa>,loop-simplify,lcssa,loop-mssa(licm),"
    "loop-vectorize,instcombine,simplifycfg)";

// The CPU pipeline file's flags; `vectorize` false drops the loop reordering
// that only serves LLVM's vectorizer (--cpu-opt none).
std::vector<std::string> loweringFlags(bool vectorize) {
  std::vector<std::string> flags =
      tofu_run::pipelineFileFlags(kLoweringPasses[0].text);
  if (!vectorize)
    llvm::erase(flags, "--tofu-cpu-loop-order");
  return flags;
}

std::vector<std::string> splitFlags(const std::string &text) {
  std::vector<std::string> out;
  llvm::SmallVector<const char *> argv;
  llvm::BumpPtrAllocator alloc;
  llvm::StringSaver saver(alloc);
  llvm::cl::TokenizeGNUCommandLine(text, saver, argv);
  for (const char *a : argv)
    out.push_back(a);
  return out;
}

/// "file:line:col" of the first file location inside `loc`, or "".
std::string sourceLocation(Location loc) {
  if (auto flc = loc->findInstanceOf<FileLineColLoc>())
    return (flc.getFilename().str() + ":" + std::to_string(flc.getLine()) +
            ":" + std::to_string(flc.getColumn()));
  return "";
}

/// Fails, at the op's place in the user's file, if the lowered module still
/// holds an op the pipeline did not lower (LLVM's translation would only say
/// that its dialect is unknown, at a line of the temporary file).
void checkFullyLowered(const std::string &path, bool gpu) {
  // Every dialect, so that whatever the pipeline left parses in its custom
  // form.
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects();
  llvm::SourceMgr sourceMgr;
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file)
    fatal("cannot read " + path);
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    fatal("cannot parse the lowered module " + path);
  module->walk([&](Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    if (dialect == "builtin" || dialect == "llvm" ||
        (gpu && (dialect == "gpu" || dialect == "nvvm")))
      return WalkResult::advance();
    std::string where = sourceLocation(op->getLoc());
    fatal((where.empty() ? std::string() : where + ": ") + "'" +
          op->getName().getStringRef().str() + "' is not supported by " +
          "tofu-run's " + (gpu ? "GPU" : "CPU") +
          " lowering (it is left after the pipeline)");
    return WalkResult::interrupt();
  });
}

//===----------------------------------------------------------------------===//
// The entry signature
//===----------------------------------------------------------------------===//

std::string describe(const char *kind, unsigned i, const std::string &name) {
  std::string out = std::string(kind) + " " + std::to_string(i);
  if (!name.empty())
    out += " (" + name + ")";
  return out;
}

std::string printed(Type type) {
  std::string out;
  llvm::raw_string_ostream os(out);
  type.print(os);
  return out;
}

std::vector<int64_t> intArray(Attribute attr, const std::string &what) {
  if (auto dense = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    return std::vector<int64_t>(dense.asArrayRef().begin(),
                                dense.asArrayRef().end());
  if (auto array = dyn_cast_or_null<ArrayAttr>(attr)) {
    std::vector<int64_t> out;
    for (Attribute a : array) {
      auto i = dyn_cast<IntegerAttr>(a);
      if (!i)
        fatal(what + " must be an array of integers");
      out.push_back(i.getInt());
    }
    return out;
  }
  fatal(what + " must be array<i64: ...>");
}

tofu_run::ValueSpec valueSpec(Type type, DictionaryAttr attrs, const char *kind,
                              unsigned index) {
  tofu_run::ValueSpec v;
  if (attrs)
    if (auto name = attrs.getAs<StringAttr>("tofu.name"))
      v.name = name.str();
  std::string what = describe(kind, index, v.name);
  Type element = type;
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    if (!isa<RankedTensorType, MemRefType>(type) || !shaped.hasRank())
      fatal("@" + entry + " " + what + " has type " + printed(type) +
            "; tofu-run supports ranked tensors and "
            "scalars");
    element = shaped.getElementType();
    for (int64_t d : shaped.getShape())
      v.shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
  } else {
    v.isTensor = false;
  }
  if (!tofu_run::dtypeNamed(printed(element), v.dtype))
    fatal("@" + entry + " " + what + " has element type " + printed(element) +
          "; tofu-run supports " + tofu_run::dtypeList());
  // The C ABI passes half and bfloat scalars in vector registers, which the
  // adapter's integer stand-in for them would not match; 0-d tensors work.
  if (!v.isTensor &&
      (v.dtype == tofu_run::DType::F16 || v.dtype == tofu_run::DType::BF16))
    fatal("@" + entry + " " + what + " is a " + printed(element) +
          " scalar; tofu-run passes f16 and bf16 only in tensors (use "
          "tensor<" +
          printed(element) + ">)");
  if (attrs) {
    if (Attribute layout = attrs.get("tofu.layout"))
      v.layout = intArray(layout, what + ": tofu.layout");
    if (Attribute global = attrs.get("tofu.global_shape"))
      v.globalShape = intArray(global, what + ": tofu.global_shape");
  }
  return v;
}

// The C++ type of a value in the adapter.
std::string cxxScalar(tofu_run::DType t) { return tofu_run::cxxScalarName(t); }
std::string cxxType(const tofu_run::ValueSpec &v) {
  if (!v.isTensor)
    return cxxScalar(v.dtype);
  return "MemRef<" + std::to_string(v.shape.size()) + ">";
}
std::string cxxDType(tofu_run::DType t) {
  return std::string("DType::") +
         llvm::StringRef(tofu_run::mlirName(t)).upper();
}
std::string cxxInts(const std::vector<int64_t> &v) {
  std::string out = "{";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "}";
}
std::string cxxString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string cxxSpec(const tofu_run::ValueSpec &v) {
  return "ValueSpec{" + cxxString(v.name) + ", " + cxxDType(v.dtype) + ", " +
         (v.isTensor ? "true" : "false") + ", " + cxxInts(v.shape) + ", " +
         cxxInts(v.layout) + ", " + cxxInts(v.globalShape) + "}";
}

std::string gridString(const std::vector<int64_t> &levels) {
  std::string out;
  for (int64_t k : levels)
    out += (out.empty() ? "" : "x") + std::to_string(k);
  return out;
}

const char *kEntrySymbol = "tofu_run_entry";

std::string adapterSource(const tofu_run::EntrySpec &spec) {
  std::string s;
  s += "// Generated by tofu-run: calls @" + spec.entry +
       " through its C interface.\n#include \"RunSupport.h\"\n"
       "using namespace tofu_run;\nnamespace {\n";
  const auto &res = spec.results;
  bool structResult = res.size() > 1 || (res.size() == 1 && res[0].isTensor);
  if (structResult) {
    s += "struct Results {\n";
    for (size_t k = 0; k < res.size(); ++k)
      s += "  " + cxxType(res[k]) + " r" + std::to_string(k) + ";\n";
    s += "};\n";
  }
  s += "} // namespace\nextern \"C\" ";
  s += res.size() == 1 && !structResult ? cxxType(res[0]) : "void";
  s += std::string(" _mlir_ciface_") + kEntrySymbol + "(";
  std::vector<std::string> params;
  if (structResult)
    params.push_back("Results *");
  for (const auto &a : spec.args)
    params.push_back(a.isTensor ? cxxType(a) + " *" : cxxType(a));
  s += llvm::join(params, ", ") + ");\n\n";

  s += "static std::vector<Array> callEntry(std::vector<Array> &args) {\n";
  std::vector<std::string> operands;
  if (structResult) {
    s += "  Results r;\n";
    operands.push_back("&r");
  }
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const auto &a = spec.args[i];
    std::string n = "a" + std::to_string(i), idx = std::to_string(i);
    if (a.isTensor) {
      s += "  " + cxxType(a) + " " + n + " = toMemRef<" +
           std::to_string(a.shape.size()) + ">(args[" + idx + "]);\n";
      operands.push_back("&" + n);
    } else {
      s += "  " + cxxType(a) + " " + n + " = scalarOf<" + cxxType(a) +
           ">(args[" + idx + "]);\n";
      operands.push_back(n);
    }
  }
  std::string call = std::string("_mlir_ciface_") + kEntrySymbol + "(" +
                     llvm::join(operands, ", ") + ")";
  if (res.size() == 1 && !structResult)
    s += "  " + cxxType(res[0]) + " r0 = " + call + ";\n";
  else
    s += "  " + call + ";\n";
  s += "  std::vector<Array> out;\n";
  for (size_t k = 0; k < res.size(); ++k) {
    std::string field = structResult ? "r.r" + std::to_string(k) : "r0";
    if (res[k].isTensor)
      s += "  out.push_back(fromMemRef<" + std::to_string(res[k].shape.size()) +
           ">(" + field + ", " + cxxDType(res[k].dtype) + "));\n";
    else
      s += "  out.push_back(fromScalar<" + cxxType(res[k]) + ">(" + field +
           ", " + cxxDType(res[k].dtype) + "));\n";
  }
  s += "  return out;\n}\n\nint main(int argc, char **argv) {\n"
       "  EntrySpec spec;\n";
  s += "  spec.entry = " + cxxString(spec.entry) + ";\n";
  s += "  spec.levelSizes = " + cxxInts(spec.levelSizes) + ";\n";
  s += std::string("  spec.partitioned = ") +
       (spec.partitioned ? "true" : "false") + ";\n";
  for (const auto &a : spec.args)
    s += "  spec.args.push_back(" + cxxSpec(a) + ");\n";
  for (const auto &r : res)
    s += "  spec.results.push_back(" + cxxSpec(r) + ");\n";
  s += "  return runMain(argc, argv, spec, callEntry);\n}\n";
  return s;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tofu-run: compile an MLIR module ahead of time and run its entry "
      "function on N ranks (MPI)\n");
  if (!inputsDir.empty() && seed.getNumOccurrences())
    fatal("give either --inputs or --seed, not both");
  if (ranks.getNumOccurrences() && ranks < 1)
    fatal("--ranks must be at least 1");
  if (!llvm::sys::fs::exists(inputFile))
    fatal("no such file: " + inputFile);

  // Work directory.
  std::string workdir = workdirOpt;
  bool keep = !workdir.empty();
  if (keep) {
    if (auto ec = llvm::sys::fs::create_directories(workdir))
      fatal("cannot create " + workdir + ": " + ec.message());
  } else {
    llvm::SmallString<128> tmp;
    if (auto ec = llvm::sys::fs::createUniqueDirectory("tofu-run", tmp))
      fatal("cannot create a temporary directory: " + ec.message());
    workdir = tmp.str().str();
  }
  struct Cleanup {
    std::string dir;
    bool keep;
    ~Cleanup() {
      if (!keep)
        llvm::sys::fs::remove_directories(dir);
    }
  } cleanup{workdir, keep};

  const bool gpu = backend == "gpu";
  if (!gpu && backend != "cpu")
    fatal("unknown --backend '" + backend + "'; use cpu or gpu");
  if (gpu && !tofu_run::gpuBackendAvailable())
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
  if (gpu)
    tofu_run::gpuSetUpEnvironment();
  const std::string bin = selfDir();
  const std::string llvmBin = TOFU_LLVM_TOOLS_DIR;
  const std::string tofuOpt = findTool("TOFU_OPT", "tofu-opt", {bin, llvmBin});
  auto started = std::chrono::steady_clock::now();

  // 1. User passes; generic form so that every dialect parses below.
  std::string stage0 = workdir + "/stage0.mlir";
  {
    std::vector<std::string> argv = {tofuOpt, inputFile};
    for (const std::string &f : splitFlags(pipeline))
      argv.push_back(f);
    if (partition)
      argv.push_back("--tofu-partition=gpus=" + std::to_string(ranks) +
                     " entry=" + entry);
    // With debug info, errors of the later steps point at the user's file
    // (line and column of the op), not at these temporary stages.
    argv.insert(argv.end(), {"--mlir-print-op-generic",
                             "--mlir-print-debuginfo", "-o", stage0});
    step(pipeline.empty() && !partition ? "parse" : "pipeline", argv, workdir);
  }

  // 2. Signature and attributes.
  MLIRContext context;
  context.allowUnregisteredDialects();
  context.loadDialect<func::FuncDialect>();
  llvm::SourceMgr sourceMgr;
  auto file = llvm::MemoryBuffer::getFile(stage0);
  if (!file)
    fatal("cannot read " + stage0);
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    fatal("cannot parse the module after tofu-opt");
  auto func = module->lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal()) {
    std::string names;
    for (auto f : module->getOps<func::FuncOp>())
      if (!f.isExternal())
        names += " @" + f.getSymName().str();
    fatal("the module has no function @" + entry + " (--entry); it defines:" +
          (names.empty() ? std::string(" none") : names));
  }

  tofu_run::EntrySpec spec;
  spec.entry = entry;
  if (Attribute attr = (*module)->getAttr("tofu.partition")) {
    auto dict = dyn_cast<DictionaryAttr>(attr);
    if (!dict || !dict.getAs<IntegerAttr>("gpus"))
      fatal("the module's tofu.partition must be a dictionary with an integer "
            "'gpus'");
    int64_t gpus = dict.getAs<IntegerAttr>("gpus").getInt();
    spec.partitioned = true;
    spec.levelSizes = dict.get("levels") ? intArray(dict.get("levels"),
                                                    "tofu.partition levels")
                                         : std::vector<int64_t>{gpus};
    int64_t product = 1;
    for (int64_t k : spec.levelSizes)
      product *= k;
    if (product != gpus || gpus < 1)
      fatal("tofu.partition: gpus = " + std::to_string(gpus) +
            " but the levels multiply to " + std::to_string(product));
    if (!ranks.getNumOccurrences())
      ranks = gpus;
    else if (ranks != gpus)
      fatal("the module is partitioned for " + std::to_string(gpus) +
            " ranks (tofu.partition gpus = " + std::to_string(gpus) +
            ") but --ranks is " + std::to_string(ranks));
  } else {
    // Unpartitioned: every rank runs the whole function (replicated).
    if (ranks > 1)
      spec.levelSizes = {ranks};
  }
  FunctionType type = func.getFunctionType();
  for (unsigned i = 0; i < type.getNumInputs(); ++i)
    spec.args.push_back(
        valueSpec(type.getInput(i), func.getArgAttrDict(i), "argument", i));
  for (unsigned k = 0; k < type.getNumResults(); ++k)
    spec.results.push_back(
        valueSpec(type.getResult(k), func.getResultAttrDict(k), "result", k));
  auto checkLayouts = [&](std::vector<tofu_run::ValueSpec> &values,
                          const char *kind) {
    for (size_t i = 0; i < values.size(); ++i) {
      if (values[i].layout.empty())
        continue;
      std::string what = describe(kind, i, values[i].name);
      if (!spec.partitioned)
        fatal("@" + entry + " " + what +
              " has a tofu.layout but the module has no tofu.partition");
      std::string why = tofu_run::checkLayout(
          values[i].layout, static_cast<int64_t>(values[i].shape.size()),
          static_cast<int64_t>(spec.levelSizes.size()));
      if (!why.empty())
        fatal("@" + entry + " " + what + ": tofu.layout " + why);
    }
  };
  checkLayouts(spec.args, "argument");
  checkLayouts(spec.results, "result");

  // Inputs are checked before anything is compiled.
  if (!inputsDir.empty()) {
    std::string error;
    if (!tofu_run::checkInputs(spec, inputsDir, error))
      fatal(error);
  }

  // The entry gets a fixed C-interface name (a model's @main must not clash
  // with the program's main).
  for (auto f : llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
    if (f != func &&
        (f.getSymName() == "main" || f.getSymName() == kEntrySymbol))
      if (failed(SymbolTable(*module).rename(
              f, StringAttr::get(&context,
                                 "tofu_run_renamed_" + f.getSymName().str()))))
        fatal("cannot rename @" + f.getSymName().str());
  if (func.getSymName() != kEntrySymbol &&
      failed(SymbolTable(*module).rename(
          func, StringAttr::get(&context, kEntrySymbol))))
    fatal("cannot rename @" + entry);
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(&context));
  std::string stage1 = workdir + "/stage1.mlir";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(stage1, ec);
    if (ec)
      fatal("cannot write " + stage1 + ": " + ec.message());
    OpPrintingFlags flags;
    flags.printGenericOpForm();
    flags.enableDebugInfo();
    module->print(os, flags);
  }

  // 3-4. Lower, translate, compile, link.
  std::string lowered = workdir + "/lowered.mlir", ll = workdir + "/model.ll",
              obj = workdir + "/model.o", adapter = workdir + "/adapter.cpp",
              program = workdir + "/program";
  {
    std::vector<std::string> argv = {tofuOpt, stage1};
    for (const std::string &f : gpu ? tofu_run::gpuLoweringFlags(gpuMemory)
                                    : loweringFlags(cpuOpt == "vectorize"))
      argv.push_back(f);
    argv.insert(argv.end(), {"--mlir-print-debuginfo", "-o", lowered});
    step("lower", argv, workdir);
    checkFullyLowered(lowered, gpu);
  }
  const std::string libDir = bin + "/../lib";
  std::string specFile = workdir + "/spec.json", jitTool;
  if (jit) {
    // The JIT route: tofu-jit translates and compiles lowered.mlir itself.
    jitTool = findTool("TOFU_JIT", "tofu-jit", {bin});
    std::error_code ec;
    llvm::raw_fd_ostream os(specFile, ec);
    if (ec)
      fatal("cannot write " + specFile + ": " + ec.message());
    os << tofu_run::specToJSON(spec);
  } else {
    step("translate",
         {findTool("MLIR_TRANSLATE", "mlir-translate", {llvmBin}),
          "--mlir-to-llvmir", lowered, "-o", ll},
         workdir);
    // LLVM's loop vectorizer (llc alone does not run it); the pipeline's
    // --tofu-cpu-loop-order leaves a parallel loop innermost.
    // The module has no target triple: without one opt has no cost model
    // for vectors. CPU programs run here (native); GPU programs' host code
    // may be carried to another machine (generic x86-64).
    std::string optimized = ll;
    std::string triple = "-mtriple=" + llvm::sys::getProcessTriple();
    std::string cpu = std::string("-mcpu=") + (gpu ? "x86-64" : "native");
    if (cpuOpt == "vectorize") {
      optimized = workdir + "/model.opt.bc";
      step("opt",
           {findTool("OPT", "opt", {llvmBin}), kVectorizePasses, triple, cpu,
            ll, "-o", optimized},
           workdir);
    }
    step("llc",
         {findTool("LLC", "llc", {llvmBin}), "-O2", triple, cpu,
          "-filetype=obj", "-relocation-model=pic", optimized, "-o", obj},
         workdir);
    {
      std::error_code ec;
      llvm::raw_fd_ostream os(adapter, ec);
      if (ec)
        fatal("cannot write " + adapter + ": " + ec.message());
      os << (gpu ? tofu_run::gpuAdapter(adapterSource(spec))
                 : adapterSource(spec));
    }
    if (gpu)
      step("link",
           tofu_run::gpuLinkCommand(findTool("CXX", TOFU_CXX_COMPILER, {}),
                                    adapter, obj, program, libDir),
           workdir);
    else
      step("link",
           {findTool("CXX", TOFU_CXX_COMPILER, {}), "-std=c++17", "-O1",
            "-I" TOFU_RUN_SUPPORT_INCLUDE_DIR, "-I" TOFU_RUNTIME_INCLUDE_DIR,
            adapter, obj, "-o", program, "-L" + libDir, "-ltofu_run_support",
            "-ltofu_runtime", "-L" TOFU_LLVM_LIBRARY_DIR,
            // Only if the model calls them (memrefCopy comes from
            // libtofu_run_support): the runner-utils libraries pull in libMLIR
            // and libLLVM, tens of MiB of every rank's peak RSS.
            "-Wl,--as-needed", "-lmlir_c_runner_utils", "-lmlir_runner_utils",
            "-lm", "-Wl,--no-as-needed",
            "-Wl,-rpath," + libDir + ":" TOFU_LLVM_LIBRARY_DIR},
           workdir);
  }
  if (!bundleDir.empty()) {
    std::string error = tofu_run::writeGpuBundle(bundleDir, program, libDir,
                                                 inputsDir, (long)ranks, seed);
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

  // 5. Run.
  std::vector<std::string> runArgv;
  std::vector<std::string> env;
  if (ranks == 1) {
    env.push_back("TOFU_RT_BACKEND=single");
  } else {
    std::string mpirun =
        mpirunOpt.empty() ? findTool("MPIRUN", "mpirun", {}) : mpirunOpt;
    runArgv = {mpirun, "-np", std::to_string(ranks), "--oversubscribe"};
    if (geteuid() == 0)
      runArgv.push_back("--allow-run-as-root");
    for (const std::string &f : splitFlags(mpirunArgs))
      runArgv.push_back(f);
    env.push_back("TOFU_RT_BACKEND=mpi");
  }
  if (jit) {
    runArgv.insert(runArgv.end(), {jitTool, lowered, "--spec", specFile});
    if (gpu)
      runArgv.insert(runArgv.end(), {"--backend", "gpu"});
    if (verbose)
      runArgv.push_back("-v");
  } else {
    runArgv.push_back(program);
  }
  if (!inputsDir.empty())
    runArgv.insert(runArgv.end(), {"--inputs", inputsDir});
  else
    runArgv.insert(runArgv.end(), {"--seed", std::to_string(seed)});
  if (!outputsDir.empty())
    runArgv.insert(runArgv.end(), {"--outputs", outputsDir});
  if (!rankOutputsDir.empty())
    runArgv.insert(runArgv.end(), {"--rank-outputs", rankOutputsDir});
  if (!saveInputsDir.empty())
    runArgv.insert(runArgv.end(), {"--save-inputs", saveInputsDir});
  if (noReplicaCheck)
    runArgv.push_back("--no-replica-check");
  Outcome o = runCommand(runArgv, /*logFile=*/"", timeout, env);
  if (o.timedOut)
    fatal("the run timed out after " + std::to_string(timeout) +
          " s and was killed (see --timeout)");
  if (o.signal)
    fatal(std::string(ranks == 1
                          ? (jit ? "tofu-jit (rank 0)" : "the program (rank 0)")
                          : "mpirun") +
          " crashed: signal " + std::to_string(o.signal) + " (" +
          strsignal(o.signal) + ")");
  if (o.status) {
    llvm::errs() << "tofu-run: error: the run failed ("
                 << (ranks == 1 ? "rank 0" : "mpirun") << " exit status "
                 << o.status << ")";
    if (o.status >= 128 && ranks == 1)
      llvm::errs() << ", signal " << o.status - 128;
    llvm::errs() << "\n";
    return 1;
  }
  return 0;
}
