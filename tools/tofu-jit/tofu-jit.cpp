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
//      libtofu_runtime_gpu and the GPU adapter libtofu_jit_gpu);
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

#include "GenericCall.h"
#include "RunSupport.h"
#include "SpecJSON.h"

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

// libtofu_jit_gpu.so (JitGPU.cpp): the GPU adapter, loaded for --backend gpu.
using GpuCall = void (*)(const tofu_run::EntrySpec *,
                         std::vector<tofu_run::Array> *,
                         tofu_run::PackedFunction,
                         std::vector<tofu_run::Array> *);
GpuCall gpuCall = nullptr;

std::vector<tofu_run::Array> callEntry(std::vector<tofu_run::Array> &args) {
  if (onGpu) {
    // As the AOT GPU adapter: inputs in managed memory, optional timing runs
    // on fresh copies (TOFU_RUN_GPU_REPEAT), then the call that counts.
    std::vector<tofu_run::Array> results;
    gpuCall(entrySpec, &args, entryFunction, &results);
    return results;
  }
  tofu_run::PackedCall call(*entrySpec, args, [](tofu_run::Array &a) -> void * {
    return a.bytes.data();
  });
  call.invoke(entryFunction);
  return call.results();
}

//===----------------------------------------------------------------------===//
// Checks of the lowered module against the spec
//===----------------------------------------------------------------------===//

std::string scalarName(Type t) {
  std::string out;
  llvm::raw_string_ostream os(out);
  t.print(os);
  return out;
}

bool scalarMatches(Type t, tofu_run::DType d) {
  tofu_run::DType named;
  return tofu_run::dtypeNamed(scalarName(t), named) && named == d;
}

// Why the C interface's LLVM signature does not fit the spec, or "".
std::string checkSignature(LLVM::LLVMFuncOp f,
                           const tofu_run::EntrySpec &spec) {
  LLVM::LLVMFunctionType type = f.getFunctionType();
  tofu_run::ResultLayout layout = tofu_run::resultLayout(spec.results);
  size_t expected = spec.args.size() + (layout.viaStruct ? 1 : 0);
  if (type.getNumParams() != expected)
    return "it takes " + std::to_string(type.getNumParams()) +
           " parameters, the spec needs " + std::to_string(expected) + " (" +
           std::to_string(spec.args.size()) + " arguments" +
           (layout.viaStruct ? " and the pointer to the results)" : ")");
  unsigned p = 0;
  if (layout.viaStruct && !isa<LLVM::LLVMPointerType>(type.getParamType(p++)))
    return "parameter 0 (the results) is not a pointer";
  for (size_t i = 0; i < spec.args.size(); ++i, ++p) {
    Type t = type.getParamType(p);
    const tofu_run::ValueSpec &v = spec.args[i];
    if (v.isTensor && !isa<LLVM::LLVMPointerType>(t))
      return "argument " + std::to_string(i) + " is " + scalarName(t) +
             " in the module, a tensor (a descriptor pointer) in the spec";
    if (!v.isTensor && !scalarMatches(t, v.dtype))
      return "argument " + std::to_string(i) + " is " + scalarName(t) +
             " in the module, " + tofu_run::mlirName(v.dtype) + " in the spec";
  }
  Type result = type.getReturnType();
  if (!layout.viaStruct && spec.results.size() == 1) {
    if (!scalarMatches(result, spec.results[0].dtype))
      return "it returns " + scalarName(result) + ", the spec says " +
             tofu_run::mlirName(spec.results[0].dtype);
  } else if (!isa<LLVM::LLVMVoidType>(result)) {
    return "it returns " + scalarName(result) +
           ", the spec expects void (results through the leading pointer)";
  }
  return "";
}

// The rank of a memref descriptor struct {ptr, ptr, i64[, [R x i64],
// [R x i64]]}, or -1.
int64_t descriptorRank(Type t) {
  auto s = dyn_cast<LLVM::LLVMStructType>(t);
  if (!s || s.isOpaque())
    return -1;
  ArrayRef<Type> body = s.getBody();
  if (body.size() == 3)
    return 0;
  if (body.size() != 5)
    return -1;
  auto sizes = dyn_cast<LLVM::LLVMArrayType>(body[3]);
  return sizes ? static_cast<int64_t>(sizes.getNumElements()) : -1;
}

// Why the expanded entry (@tofu_run_entry: every memref argument as
// allocated, aligned, offset, sizes..., strides...) does not fit the ranks
// of the spec's tensors, or "". The C interface passes descriptors by
// pointer, so only here do the ranks show: a wrong rank would make the
// generated code read past the descriptor.
std::string checkRanks(LLVM::LLVMFuncOp f, const tofu_run::EntrySpec &spec) {
  LLVM::LLVMFunctionType type = f.getFunctionType();
  unsigned p = 0, n = type.getNumParams();
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const tofu_run::ValueSpec &v = spec.args[i];
    if (!v.isTensor) {
      ++p;
      continue;
    }
    // ptr, ptr, then the offset, sizes and strides (i64 up to the next ptr
    // or scalar).
    unsigned start = p;
    if (p + 1 >= n || !isa<LLVM::LLVMPointerType>(type.getParamType(p)) ||
        !isa<LLVM::LLVMPointerType>(type.getParamType(p + 1)))
      return "argument " + std::to_string(i) +
             " is not a memref descriptor in @" + f.getSymName().str();
    p += 2;
    unsigned ints = 0;
    while (p < n && type.getParamType(p).isInteger(64) &&
           ints < 1 + 2 * v.shape.size()) {
      ++p;
      ++ints;
    }
    if (ints != 1 + 2 * v.shape.size() ||
        (p < n && type.getParamType(p).isInteger(64) &&
         i + 1 < spec.args.size() && spec.args[i + 1].isTensor))
      return "argument " + std::to_string(i) + " is a memref of another rank " +
             "in @" + f.getSymName().str() + ": the spec says rank " +
             std::to_string(v.shape.size()) + " (" +
             std::to_string(3 + 2 * v.shape.size()) +
             " descriptor parameters), the module has " +
             std::to_string(p - start);
  }
  if (p != n)
    return "@" + f.getSymName().str() + " takes " + std::to_string(n) +
           " parameters once memrefs are expanded, the spec accounts for " +
           std::to_string(p);
  std::vector<Type> results;
  Type ret = type.getReturnType();
  if (spec.results.size() > 1) {
    auto s = dyn_cast<LLVM::LLVMStructType>(ret);
    if (!s || s.isOpaque() || s.getBody().size() != spec.results.size())
      return "@" + f.getSymName().str() + " does not return a struct of " +
             std::to_string(spec.results.size()) + " results";
    results.assign(s.getBody().begin(), s.getBody().end());
  } else if (spec.results.size() == 1) {
    results.push_back(ret);
  }
  for (size_t k = 0; k < results.size(); ++k) {
    const tofu_run::ValueSpec &v = spec.results[k];
    if (!v.isTensor)
      continue;
    int64_t rank = descriptorRank(results[k]);
    if (rank != static_cast<int64_t>(v.shape.size()))
      return "result " + std::to_string(k) + " is " +
             (rank < 0 ? std::string("not a memref")
                       : "a rank-" + std::to_string(rank) + " memref") +
             " in @" + f.getSymName().str() + ", the spec says rank " +
             std::to_string(v.shape.size());
  }
  return "";
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

} // namespace

int main(int argc, char **argv) {
  // No llvm::InitLLVM: its signal handlers would print a stack dump of
  // tofu-jit for every model that aborts; tofu-run reports the signal.

  // tofu-jit's own options; everything else goes to runMain.
  std::string input, specPath, backend = "cpu";
  std::vector<std::string> sharedLibs;
  std::vector<char *> programArgv = {argv[0]};
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
    if (value("--spec", specPath) || value("--backend", backend))
      continue;
    if (value("--shared-libs", libs)) {
      llvm::SmallVector<llvm::StringRef> parts;
      llvm::StringRef(libs).split(parts, ',', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef p : parts)
        sharedLibs.push_back(p.str());
      continue;
    }
    if (a == "-v") {
      verbose = true;
      continue;
    }
    if (a == "--help" || a == "-h") {
      usage();
      return 0;
    }
    if (input.empty() && !a.starts_with("-")) {
      input = a.str();
      continue;
    }
    programArgv.push_back(argv[i]);
  }
  if (input.empty()) {
    usage();
    fatal("no lowered module given");
  }
  if (specPath.empty())
    fatal("no --spec given (the EntrySpec JSON tofu-run --jit writes)");
  if (backend != "cpu" && backend != "gpu")
    fatal("unknown --backend '" + backend + "'; use cpu or gpu");
  onGpu = backend == "gpu";
#ifndef TOFU_JIT_HAVE_GPU
  if (onGpu)
    fatal("--backend gpu: tofu-jit was built without the GPU runtime (CUDA, "
          "cuBLAS and NCCL were not found; see TOFU_ENABLE_GPU)");
#endif

  // 1. The spec.
  tofu_run::EntrySpec spec;
  {
    auto text = llvm::MemoryBuffer::getFile(specPath);
    if (!text)
      fatal("cannot read the spec " + specPath + ": " +
            text.getError().message());
    std::string error;
    if (!tofu_run::specFromJSON((*text)->getBuffer().str(), spec, error))
      fatal(specPath + ": " + error);
  }
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
  {
    auto file = llvm::MemoryBuffer::getFile(input);
    if (!file)
      fatal("cannot read " + input + ": " + file.getError().message());
    sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  }
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    fatal("cannot parse " + input +
          " (a module lowered to the LLVM dialect by tofu-run --jit)");
  const std::string ciface = std::string("_mlir_ciface_") + kEntrySymbol;
  auto entry = module->lookupSymbol<LLVM::LLVMFuncOp>(ciface);
  if (!entry || entry.isExternal())
    fatal(input + " defines no function @" + ciface + " (the C interface of @" +
          spec.entry + ", renamed @" + kEntrySymbol +
          " with llvm.emit_c_interface by tofu-run)");
  if (std::string why = checkSignature(entry, spec); !why.empty())
    fatal(specPath + " does not match @" + ciface + " in " + input + ": " +
          why);
  auto expanded = module->lookupSymbol<LLVM::LLVMFuncOp>(kEntrySymbol);
  if (!expanded || expanded.isExternal())
    fatal(input + " defines no function @" + kEntrySymbol +
          " (the entry, which @" + ciface + " calls)");
  if (std::string why = checkRanks(expanded, spec); !why.empty())
    fatal(specPath + " does not match " + input + ": " + why);
  size_t gpuBinaries = 0;
  for (auto b : module->getOps<gpu::BinaryOp>()) {
    (void)b;
    ++gpuBinaries;
  }
  if (gpuBinaries && !onGpu)
    fatal(input + " holds " + std::to_string(gpuBinaries) +
          " gpu.binary op(s): run it with --backend gpu");
  note("parsed " + input + ": @" + ciface + ", " + std::to_string(gpuBinaries) +
       " gpu.binary op(s)");

  // 3. Libraries. They are loaded into the process (RTLD_GLOBAL), where the
  // engine's process-wide symbol generator finds them, rather than passed as
  // ExecutionEngineOptions::sharedLibPaths: that path only prints a warning
  // and goes on when a library does not load, so a missing runtime would
  // surface as an unresolved symbol (or an abort) much later.
  // The process itself (tofu-jit's own libraries, libc, libm) first: the
  // symbol checks below search what the engine's generator searches.
  std::string processError;
  if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr, &processError))
    fatal("cannot search this process for symbols: " + processError);
  for (const std::string &lib : sharedLibs)
    loadLibrary(lib);
  if (onGpu) {
    // The mgpu* functions, cuBLAS/cuDNN calls and GPU collectives of the
    // module, and the GPU adapter. Loaded only here: CPU runs do not carry
    // the CUDA libraries in their resident memory.
    loadLibrary(libraryDir() + "/libtofu_runtime_gpu.so");
    loadLibrary(libraryDir() + "/libtofu_jit_gpu.so");
    gpuCall = reinterpret_cast<GpuCall>(
        llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
            "tofu_jit_gpu_call"));
    if (!gpuCall)
      fatal(libraryDir() + "/libtofu_jit_gpu.so defines no tofu_jit_gpu_call");
  }
  std::vector<std::string> missing = unresolvedSymbols(*module);
  if (!missing.empty() && !onGpu) {
    // Like the AOT link's --as-needed: only when the model calls them (they
    // define e.g. printMemrefF32 and the sparse/complex helpers).
    note("loading the MLIR runner-utils libraries for @" + missing.front());
    loadLibrary(TOFU_LLVM_LIBRARY_DIR "/libmlir_c_runner_utils.so");
    loadLibrary(TOFU_LLVM_LIBRARY_DIR "/libmlir_runner_utils.so");
    missing = unresolvedSymbols(*module);
  }
  if (!missing.empty())
    fatal(input + " calls functions that no loaded library defines: @" +
          llvm::join(missing, ", @") +
          (onGpu ? "" : " (add the library with --shared-libs)"));

  // 4. Compile.
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  ExecutionEngineOptions options;
  auto transformer = makeOptimizingTransformer(/*optLevel=*/2,
                                               /*sizeLevel=*/0, nullptr);
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  options.enableGDBNotificationListener = false;
  options.enablePerfNotificationListener = false;
  auto created = ExecutionEngine::create(*module, options);
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
  // Global constructors: the kernel modules of gpu.binary ops load here.
  note("running the module's global constructors");
  engine->initialize();

  // 5. Run: the same driver as an AOT program.
  int programArgc = static_cast<int>(programArgv.size());
  programArgv.push_back(nullptr);
  return tofu_run::runMain(programArgc, programArgv.data(), spec, callEntry);
}
