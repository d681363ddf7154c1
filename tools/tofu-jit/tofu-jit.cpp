//===- tofu-jit.cpp - Run a lowered module through MLIR's ExecutionEngine -===//
//
//   tofu-jit lowered.mlir --spec spec.json [--backend cpu|gpu]
//            [--shared-libs=A.so,B.so] [-v] [PROGRAM OPTIONS]
//
// The JIT half of `tofu-run --jit` (docs/runtime.md). tofu-run lowers the
// module exactly as for its ahead-of-time programs (the entry renamed
// @tofu_run_entry with llvm.emit_c_interface, the CPU or GPU pipeline) and
// writes the EntrySpec as JSON (SpecJSON.h); tofu-jit then
//   1. parses the lowered module (LLVM, GPU and NVVM dialects; the builtin,
//      LLVM, GPU and NVVM translations and the GPU offloading translation,
//      so gpu.binary ops become embedded kernel modules);
//   2. checks the C interface @_mlir_ciface_tofu_run_entry against the spec;
//   3. makes sure every external function the module declares resolves in
//      this process (libtofu_runtime, libtofu_run_support - whose memrefCopy
//      the lowering calls -, libtofu_runtime_gpu, libc, libm, --shared-libs;
//      on the CPU the MLIR runner-utils libraries are loaded only when a
//      symbol is missing, as the AOT link's --as-needed does; for the GPU,
//      libtofu_runtime_gpu and the harness's GPU call libtofu_jit_gpu);
//   4. JIT-compiles it with mlir::ExecutionEngine (LLVM -O2, codegen -O2),
//      runs its global constructors (GPU modules load here, as they do
//      before main in an AOT program), and
//   5. calls tofu_run::runMain with a generic adapter (GenericCall.h) that
//      calls the C interface through its packed wrapper: the same inputs,
//      scatter/gather, outputs and statistics as an AOT program, so the
//      PROGRAM OPTIONS are those of the AOT program (--inputs, --seed,
//      --outputs, --rank-outputs, --save-inputs, --no-replica-check).
//
// Every failure before the call is one `tofu-jit: error:` line (plus MLIR's
// located diagnostics) and exit status 1.
//
//===----------------------------------------------------------------------===//

#include "GPUCall.h"
#include "GenericCall.h"
#include "RunSupport.h"
#include "SignatureChecks.h"
#include "SpecJSON.h"
// tofu-jit runs as an MPI rank; its sanitizer defaults differ from the AOT
// programs' (the header says why).
#define TOFU_RANK_HOSTS_JIT
#include "tofu_rank_sanitizer_options.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <memory>

using namespace mlir;

namespace {

// The entry's name in the lowered module (tofu-run's kEntrySymbol).
constexpr const char *kEntrySymbol = "tofu_run_entry";

bool verbose = false;

[[noreturn]] void fatal(const llvm::Twine &message) {
  llvm::errs() << "tofu-jit: error: " << message << "\n";
  llvm::errs().flush();
  std::exit(1);
}

void note(const llvm::Twine &message) {
  if (verbose) {
    llvm::errs() << "tofu-jit: " << message << "\n";
    llvm::errs().flush();
  }
}

//===----------------------------------------------------------------------===//
// The adapter runMain calls
//===----------------------------------------------------------------------===//

tofu_run::PackedFunction entryFunction = nullptr;
const tofu_run::EntrySpec *entrySpec = nullptr;
bool onGpu = false;

// tofu_run_gpu_call of libtofu_jit_gpu.so (runtime/harness/GPUCall.cpp),
// loaded for --backend gpu.
TofuRunGpuCall gpuCall = nullptr;

std::vector<tofu_run::Array> callEntry(std::vector<tofu_run::Array> &args) {
  if (onGpu) {
    // As AOT GPU programs: inputs in managed memory, optional timing runs on
    // fresh copies (TOFU_RUN_GPU_REPEAT), then the call that counts.
    std::vector<tofu_run::Array> results;
    gpuCall(entrySpec, &args, entryFunction, &results);
    return results;
  }
  tofu_run::PackedCall call(*entrySpec, args, [](tofu_run::Array &a) -> void * {
    return a.bytes.data();
  });
  call.invoke(entryFunction);
  return call.takeResults();
}

// External functions of the module that nothing loaded defines.
std::vector<std::string> unresolvedSymbols(ModuleOp module) {
  std::vector<std::string> missing;
  for (auto f : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!f.isExternal() || f.getSymName().starts_with("llvm."))
      continue;
    std::string name = f.getSymName().str();
    if (!llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name))
      missing.push_back(name);
  }
  return missing;
}

std::string libraryDir() {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable("tofu-jit", &anchor);
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)).str() +
         "/lib";
}

void loadLibrary(const std::string &name) {
  // An absolute path, so that dlopen does not search the library path.
  llvm::SmallString<256> absolute(name);
  llvm::sys::fs::make_absolute(absolute);
  std::string path = absolute.str().str();
  if (!llvm::sys::fs::exists(path))
    fatal("cannot load shared library " + name + ": no such file");
  std::string error;
  if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(path.c_str(), &error))
    fatal("cannot load shared library " + name + ": " + error);
  note("loaded " + path);
}

std::string errorText(llvm::Error error) {
  std::string out = llvm::toString(std::move(error));
  return llvm::StringRef(out).trim().str();
}

void usage() {
  llvm::errs()
      << "usage: tofu-jit LOWERED.mlir --spec SPEC.json [--backend cpu|gpu]\n"
         "                [--shared-libs=A.so,B.so] [-v] [--inputs DIR | "
         "--seed S]\n"
         "                [--outputs DIR] [--rank-outputs DIR] "
         "[--save-inputs DIR]\n"
         "                [--no-replica-check]\n"
         "Runs a module lowered by `tofu-run --jit` through MLIR's "
         "ExecutionEngine\n(docs/runtime.md).\n";
}

struct Arguments {
  std::string input, specPath, backend = "cpu";
  std::vector<std::string> sharedLibs;
  std::vector<char *> programArgv; // what runMain parses
};

// tofu-jit's own options; everything else goes to runMain.
Arguments parseArguments(int argc, char **argv) {
  Arguments args;
  args.programArgv = {argv[0]};
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef a = argv[i];
    auto value = [&](llvm::StringRef name, std::string &into) {
      if (a == name) {
        if (i + 1 >= argc)
          fatal(name + " needs a value");
        into = argv[++i];
        return true;
      }
      if (a.starts_with((name + "=").str())) {
        into = a.drop_front(name.size() + 1).str();
        return true;
      }
      return false;
    };
    std::string libs;
    if (value("--spec", args.specPath) || value("--backend", args.backend))
      continue;
    if (value("--shared-libs", libs)) {
      llvm::SmallVector<llvm::StringRef> parts;
      llvm::StringRef(libs).split(parts, ',', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef p : parts)
        args.sharedLibs.push_back(p.str());
      continue;
    }
    if (a == "-v") {
      verbose = true;
      continue;
    }
    if (a == "--help" || a == "-h") {
      usage();
      std::exit(0);
    }
    if (args.input.empty() && !a.starts_with("-")) {
      args.input = a.str();
      continue;
    }
    args.programArgv.push_back(argv[i]);
  }
  if (args.input.empty()) {
    usage();
    fatal("no lowered module given");
  }
  if (args.specPath.empty())
    fatal("no --spec given (the EntrySpec JSON tofu-run --jit writes)");
  if (args.backend != "cpu" && args.backend != "gpu")
    fatal("unknown --backend '" + args.backend + "'; use cpu or gpu");
  return args;
}

tofu_run::EntrySpec readSpec(const std::string &path) {
  tofu_run::EntrySpec spec;
  auto text = llvm::MemoryBuffer::getFile(path);
  if (!text)
    fatal("cannot read the spec " + path + ": " + text.getError().message());
  std::string error;
  if (!tofu_run::specFromJSON((*text)->getBuffer().str(), spec, error))
    fatal(path + ": " + error);
  return spec;
}

// The entry's C interface and expanded function must fit the spec; GPU
// binaries need --backend gpu. Returns the C interface's name.
std::string checkModule(ModuleOp module, const tofu_run::EntrySpec &spec,
                        const Arguments &args) {
  const std::string &input = args.input;
  const std::string ciface = std::string("_mlir_ciface_") + kEntrySymbol;
  auto entry = module.lookupSymbol<LLVM::LLVMFuncOp>(ciface);
  if (!entry || entry.isExternal())
    fatal(input + " defines no function @" + ciface + " (the C interface of @" +
          spec.entry + ", renamed @" + kEntrySymbol +
          " with llvm.emit_c_interface by tofu-run)");
  if (std::string why = tofu_jit::checkSignature(entry, spec); !why.empty())
    fatal(args.specPath + " does not match @" + ciface + " in " + input + ": " +
          why);
  auto expanded = module.lookupSymbol<LLVM::LLVMFuncOp>(kEntrySymbol);
  if (!expanded || expanded.isExternal())
    fatal(input + " defines no function @" + kEntrySymbol +
          " (the entry, which @" + ciface + " calls)");
  if (std::string why = tofu_jit::checkRanks(expanded, spec); !why.empty())
    fatal(args.specPath + " does not match " + input + ": " + why);
  size_t gpuBinaries = llvm::range_size(module.getOps<gpu::BinaryOp>());
  if (gpuBinaries && !onGpu)
    fatal(input + " holds " + std::to_string(gpuBinaries) +
          " gpu.binary op(s): run it with --backend gpu");
  note("parsed " + input + ": @" + ciface + ", " + std::to_string(gpuBinaries) +
       " gpu.binary op(s)");
  return ciface;
}

// Libraries are loaded into the process (RTLD_GLOBAL), where the engine's
// process-wide symbol generator finds them, rather than passed as
// ExecutionEngineOptions::sharedLibPaths: that path only prints a warning
// and goes on when a library does not load, so a missing runtime would
// surface as an unresolved symbol (or an abort) much later.
void loadLibraries(ModuleOp module, const Arguments &args) {
  // The process itself (tofu-jit's own libraries, libc, libm) first: the
  // symbol checks below search what the engine's generator searches.
  std::string processError;
  if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr, &processError))
    fatal("cannot search this process for symbols: " + processError);
  for (const std::string &lib : args.sharedLibs)
    loadLibrary(lib);
  if (onGpu) {
    // The mgpu* functions, cuBLAS/cuDNN calls and GPU collectives of the
    // module, and the GPU call. Loaded only here: CPU runs do not carry the
    // CUDA libraries in their resident memory.
    loadLibrary(libraryDir() + "/libtofu_runtime_gpu.so");
    loadLibrary(libraryDir() + "/libtofu_jit_gpu.so");
    gpuCall = reinterpret_cast<TofuRunGpuCall>(
        llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
            "tofu_run_gpu_call"));
    if (!gpuCall)
      fatal(libraryDir() + "/libtofu_jit_gpu.so defines no tofu_run_gpu_call");
  }
  std::vector<std::string> missing = unresolvedSymbols(module);
  if (!missing.empty() && !onGpu) {
    // Like the AOT link's --as-needed: only when the model calls them (they
    // define e.g. printMemrefF32 and the sparse/complex helpers).
    note("loading the MLIR runner-utils libraries for @" + missing.front());
    loadLibrary(TOFU_LLVM_LIBRARY_DIR "/libmlir_c_runner_utils.so");
    loadLibrary(TOFU_LLVM_LIBRARY_DIR "/libmlir_runner_utils.so");
    missing = unresolvedSymbols(module);
  }
  if (!missing.empty())
    fatal(args.input + " calls functions that no loaded library defines: @" +
          llvm::join(missing, ", @") +
          (onGpu ? "" : " (add the library with --shared-libs)"));
}

// JIT-compiles the module (LLVM -O2, codegen -O2) and runs its global
// constructors (GPU modules load here, as they do before main in an AOT
// program).
std::unique_ptr<ExecutionEngine>
compile(ModuleOp module, const std::string &input, const std::string &ciface) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  ExecutionEngineOptions options;
  auto transformer = makeOptimizingTransformer(/*optLevel=*/2,
                                               /*sizeLevel=*/0, nullptr);
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  options.enableGDBNotificationListener = false;
  options.enablePerfNotificationListener = false;
  auto created = ExecutionEngine::create(module, options);
  if (!created)
    fatal("cannot JIT-compile " + input + ": " +
          errorText(created.takeError()));
  std::unique_ptr<ExecutionEngine> engine = std::move(*created);
  auto packed = engine->lookupPacked(ciface);
  if (!packed)
    fatal("cannot JIT-compile @" + ciface + " of " + input + ": " +
          errorText(packed.takeError()));
  entryFunction = *packed;
  note("compiled @" + ciface + " (LLVM -O2)");
  note("running the module's global constructors");
  engine->initialize();
  return engine;
}

} // namespace

int main(int argc, char **argv) {
  // No llvm::InitLLVM: its signal handlers would print a stack dump of
  // tofu-jit for every model that aborts; tofu-run reports the signal.
  Arguments args = parseArguments(argc, argv);
  onGpu = args.backend == "gpu";
#ifndef TOFU_JIT_HAVE_GPU
  if (onGpu)
    fatal("--backend gpu: tofu-jit was built without the GPU runtime (CUDA, "
          "cuBLAS and NCCL were not found; see TOFU_ENABLE_GPU)");
#endif

  // 1. The spec.
  tofu_run::EntrySpec spec = readSpec(args.specPath);
  entrySpec = &spec;

  // 2. The module.
  DialectRegistry registry;
  registry.insert<LLVM::LLVMDialect, gpu::GPUDialect, NVVM::NVVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  auto file = llvm::MemoryBuffer::getFile(args.input);
  if (!file)
    fatal("cannot read " + args.input + ": " + file.getError().message());
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    fatal("cannot parse " + args.input +
          " (a module lowered to the LLVM dialect by tofu-run --jit)");
  std::string ciface = checkModule(*module, spec, args);

  // 3-4. Libraries, then the compile.
  loadLibraries(*module, args);
  std::unique_ptr<ExecutionEngine> engine =
      compile(*module, args.input, ciface);

  // 5. Run: the same driver as an AOT program.
  int programArgc = static_cast<int>(args.programArgv.size());
  args.programArgv.push_back(nullptr);
  return tofu_run::runMain(programArgc, args.programArgv.data(), spec,
                           callEntry);
}
