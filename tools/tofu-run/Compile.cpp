//===- Compile.cpp - tofu-run's in-process compiler -----------------------===//

#include "Compile.h"

#include "EntrySignature.h"
#include "SpecText.h"
#include "Subprocess.h"

#include "Tofu/InitAllDialects.h"
#include "Tofu/InitAllPasses.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

using namespace mlir;

namespace tofu_run {

namespace {

// LLVM passes of --cpu-opt vectorize: redundant loads removed and loop
// invariants hoisted (the memref descriptors' fields), loops in canonical
// form, the loop vectorizer, clean-up. As fast as `opt -O2` on the zoo steps
// (MLP 3.19 s vs 3.22 s) at a fraction of its compile time (LSTM step: 20 s
// vs 51 s with llc; bench/cpu/steps.py). InstCombine as in LLVM's own -O
// pipelines: "instcombine" in a textual pipeline checks that one iteration
// reached a fixpoint and is a fatal error where it did not, which valid
// programs hit (test/Integration/Run/instcombine-fixpoint.test).
const char *const kVectorizePasses =
    "function(early-cse<memssa>,loop-simplify,lcssa,loop-mssa(licm),"
    "loop-vectorize,instcombine<no-verify-fixpoint>,simplifycfg)";

void registerPasses() {
  static bool done = [] {
    // What tofu-opt registers, less its reports and test-only passes, so
    // that --pipeline takes the same flags.
    registerAllPasses();
    tofu::registerAllTofuPasses();
    return true;
  }();
  (void)done;
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
/// that it cannot translate it).
void checkFullyLowered(ModuleOp module, bool gpu) {
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

/// The options of a pass as "name=value" words (its textual form's braces).
std::vector<std::string> optionWords(StringRef text) {
  std::vector<std::string> words;
  size_t open = text.find('{');
  if (open == StringRef::npos || !text.ends_with("}"))
    return words;
  StringRef body = text.slice(open + 1, text.size() - 1);
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= body.size(); ++i) {
    char c = i < body.size() ? body[i] : ' ';
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    if (c == ' ' && depth == 0) {
      if (i > start)
        words.push_back(body.slice(start, i).str());
      start = i + 1;
    }
  }
  return words;
}

std::string textOf(Pass &pass) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pass.printAsTextualPipeline(os);
  return text;
}

/// `pm` as the tofu-opt flags that would build it, each option shown only
/// where it differs from the pass's default (for -v).
std::string flagsOf(OpPassManager &pm) {
  std::string out;
  for (Pass &pass : pm.getPasses()) {
    std::string text = textOf(pass);
    const PassInfo *info = PassInfo::lookup(pass.getArgument());
    if (pass.getArgument().empty() || !info) {
      out += " " + text; // a nested pass manager, e.g. func.func(...)
      continue;
    }
    OpPassManager defaults(*pm.getOpName());
    std::vector<std::string> defaultWords;
    if (succeeded(info->addToPipeline(
            defaults, "", [](const Twine &) { return failure(); })) &&
        defaults.size() == 1)
      defaultWords = optionWords(textOf(*defaults.getPasses().begin()));
    std::string changed;
    for (const std::string &w : optionWords(text))
      if (!llvm::is_contained(defaultWords, w))
        changed += (changed.empty() ? "" : " ") + w;
    std::string flag = "--" + pass.getArgument().str() +
                       (changed.empty() ? "" : "=" + changed);
    out +=
        " " + (flag.find(' ') == std::string::npos ? flag : "'" + flag + "'");
  }
  return out;
}

// The entry's packed wrapper, `void _mlir_<name>(void **operands)`, as
// mlir::ExecutionEngine makes it for tofu-jit: operand i points to argument
// i, a result is stored through the operand after the last argument. The
// harness's generic call (GenericCall.h) calls it.
void addPackedWrapper(llvm::Module &m, llvm::StringRef name) {
  llvm::Function *f = m.getFunction(name);
  if (!f || f->isDeclaration())
    fatal("the lowered module defines no @" + name);
  llvm::LLVMContext &ctx = m.getContext();
  llvm::IRBuilder<> b(ctx);
  auto *type = llvm::FunctionType::get(b.getVoidTy(), b.getPtrTy(), false);
  auto *wrapper = llvm::Function::Create(
      type, llvm::GlobalValue::ExternalLinkage, "_mlir_" + name, m);
  b.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", wrapper));
  llvm::Value *operands = wrapper->getArg(0);
  auto operand = [&](uint64_t i) {
    llvm::Value *slot = b.CreateGEP(b.getPtrTy(), operands, b.getInt64(i));
    return b.CreateLoad(b.getPtrTy(), slot);
  };
  llvm::SmallVector<llvm::Value *> args;
  for (llvm::Argument &arg : f->args())
    args.push_back(b.CreateLoad(arg.getType(), operand(arg.getArgNo())));
  llvm::Value *result = b.CreateCall(f, args);
  if (!result->getType()->isVoidTy())
    b.CreateStore(result, operand(f->arg_size()));
  b.CreateRetVoid();
}

// CPU programs run here (this machine's CPU and its features, as
// -mcpu=native); GPU programs' host code may be carried to another machine
// (generic x86-64). Position-independent code, for PIE programs.
std::unique_ptr<llvm::TargetMachine> targetMachine(bool gpu,
                                                   std::string &cpuFlag) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::Triple triple(llvm::sys::getProcessTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    fatal("no LLVM target for " + triple.str() + ": " + error);
  std::string cpu = gpu ? "x86-64" : llvm::sys::getHostCPUName().str();
  llvm::SubtargetFeatures features;
  if (!gpu)
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      features.AddFeature(feature.getKey(), feature.getValue());
  cpuFlag = gpu ? "x86-64" : "native";
  llvm::TargetOptions options;
  options.UseInitArray = true; // as llc: constructors in .init_array
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features.getString(), options, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Default));
  if (!machine)
    fatal("cannot create an LLVM target machine for " + triple.str());
  return machine;
}

// LLVM's loop vectorizer (the code generator alone does not run it); the
// CPU pipeline's loop reordering leaves a parallel loop innermost.
void optimize(llvm::Module &m, llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm;
  if (llvm::Error e = builder.parsePassPipeline(mpm, kVectorizePasses))
    fatal("cannot build LLVM's pipeline: " + llvm::toString(std::move(e)));
  mpm.run(m, mam);
}

void emit(llvm::Module &m, llvm::TargetMachine &machine,
          const std::string &path) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    fatal("cannot write " + path + ": " + ec.message());
  llvm::legacy::PassManager codegen;
  codegen.add(
      new llvm::TargetLibraryInfoWrapperPass(machine.getTargetTriple()));
  if (machine.addPassesToEmitFile(codegen, os, nullptr,
                                  llvm::CodeGenFileType::ObjectFile))
    fatal("LLVM cannot emit an object file for " +
          machine.getTargetTriple().str());
  codegen.run(m);
}

// The lowered functions keep the front ends' argument and result attributes
// (tofu.name, tofu.param, tofu.layout, ...). LLVM IR has no place for them:
// the translation warns about each one and prints the whole function with
// it. Their work is done by now (the entry's spec is read before lowering),
// so only the LLVM dialect's own attributes are kept.
void dropForeignArgumentAttributes(ModuleOp module) {
  auto llvmOnly = [](DictionaryAttr dict) {
    SmallVector<NamedAttribute> kept;
    if (dict)
      for (NamedAttribute a : dict)
        if (a.getName().strref().starts_with("llvm."))
          kept.push_back(a);
    return kept;
  };
  module.walk([&](LLVM::LLVMFuncOp f) {
    for (unsigned i = 0; i < f.getNumArguments(); ++i)
      f.setArgAttrs(i, llvmOnly(f.getArgAttrDict(i)));
    for (unsigned i = 0; i < f.getNumResults(); ++i)
      f.setResultAttrs(i, llvmOnly(f.getResultAttrDict(i)));
  });
}

void note(const Twine &message) {
  if (verboseOutput) {
    llvm::errs() << "tofu-run: " << message << "\n";
    llvm::errs().flush();
  }
}

} // namespace

struct Compiler::Diagnostics {
  Diagnostics(llvm::SourceMgr &sourceMgr, MLIRContext *context)
      : handler(sourceMgr, context) {}
  SourceMgrDiagnosticHandler handler;
};

Compiler::Compiler() {
  registerPasses();
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  // The GPU pipeline serializes GPU modules in-process; the translation of
  // the lowered module needs the LLVM, GPU offloading and NVVM translations.
  registerAllToLLVMIRTranslations(registry);
  tofu::registerAllTofuDialects(registry);
  context = std::make_unique<MLIRContext>(registry);
  diagnostics = std::make_unique<Diagnostics>(sourceMgr, context.get());
}

Compiler::~Compiler() = default;

OwningOpRef<ModuleOp> Compiler::parse(const std::string &path) {
  std::string error;
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file)
    fatal("cannot read " + path + ": " + file.getError().message());
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, context.get());
  if (!module)
    fatal("cannot parse " + path);
  return module;
}

void Compiler::runUserPasses(ModuleOp module,
                             const std::vector<std::string> &flags) {
  if (flags.empty())
    return;
  PassManager pm(context.get(), ModuleOp::getOperationName(),
                 OpPassManager::Nesting::Implicit);
  auto error = [&](const Twine &message) {
    llvm::errs() << message << "\n";
    return failure();
  };
  for (const std::string &flag : flags) {
    StringRef text = flag;
    if (!text.consume_front("--") && !text.consume_front("-"))
      fatal("--pipeline: '" + flag + "' is not a tofu-opt flag");
    auto [name, options] = text.split('=');
    if (name == "pass-pipeline") {
      StringRef inner = options;
      if (inner.consume_front("builtin.module(") && inner.consume_back(")"))
        options = inner;
      if (failed(parsePassPipeline(options, pm, llvm::errs())))
        fatal("--pipeline: cannot parse " + flag);
      continue;
    }
    const PassRegistryEntry *entry = PassInfo::lookup(name);
    if (!entry)
      entry = PassPipelineInfo::lookup(name);
    if (!entry)
      fatal("--pipeline: '" + flag + "' is not a pass or pipeline of tofu-opt");
    if (failed(entry->addToPipeline(pm, options, error)))
      fatal("--pipeline: bad options in " + flag);
  }
  note("passes in process:" + flagsOf(pm));
  if (failed(pm.run(module)))
    fatal("the --pipeline passes failed");
}

void Compiler::lower(ModuleOp module, const Target &target) {
  PassManager pm(context.get(), ModuleOp::getOperationName(),
                 OpPassManager::Nesting::Implicit);
  if (target.gpu) {
    tofu::GPULoweringOptions options;
    options.memory = target.gpuMemory == "device" ? tofu::GPUMemory::Device
                                                  : tofu::GPUMemory::Managed;
    tofu::buildGPULoweringPipeline(pm, options);
  } else {
    tofu::CPULoweringOptions options;
    options.loopOrder = target.vectorize;
    options.blas = target.blas;
    tofu::buildCPULoweringPipeline(pm, options);
  }
  note(std::string("lowering in process, --tofu-lower-to-llvm-") +
       (target.gpu ? "gpu" : "cpu") + ":" + flagsOf(pm));
  if (failed(pm.run(module)))
    fatal(std::string("the ") + (target.gpu ? "GPU" : "CPU") +
          " lowering failed");
  checkFullyLowered(module, target.gpu);
}

void Compiler::write(ModuleOp module, const std::string &path) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    fatal("cannot write " + path + ": " + ec.message());
  OpPrintingFlags flags;
  flags.enableDebugInfo();
  module->print(os, flags);
}

void Compiler::emitObject(ModuleOp module, const EntrySpec &spec,
                          const Target &target, const std::string &path) {
  llvm::LLVMContext llvmContext;
  note("translating to LLVM IR in process (mlir-translate --mlir-to-llvmir)");
  dropForeignArgumentAttributes(module);
  std::unique_ptr<llvm::Module> m =
      translateModuleToLLVMIR(module, llvmContext, "tofu-run");
  if (!m)
    fatal("cannot translate the lowered module to LLVM IR");
  addPackedWrapper(*m, std::string("_mlir_ciface_") + kEntrySymbol);
  // The spec the harness's main reads (EntryMain.cpp, SpecText.h).
  llvm::Constant *text =
      llvm::ConstantDataArray::getString(llvmContext, specToText(spec));
  new llvm::GlobalVariable(*m, text->getType(), /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage, text,
                           "tofu_run_entry_spec");
  std::string cpuFlag;
  std::unique_ptr<llvm::TargetMachine> machine =
      targetMachine(target.gpu, cpuFlag);
  // Without a triple LLVM has no cost model for vectors.
  m->setTargetTriple(machine->getTargetTriple());
  m->setDataLayout(machine->createDataLayout());
  std::string targetFlags =
      " -mtriple=" + machine->getTargetTriple().str() + " -mcpu=" + cpuFlag;
  if (llvm::verifyModule(*m, &llvm::errs()))
    fatal("the translated LLVM IR does not verify");
  if (target.vectorize) {
    note(std::string("optimizing in process, as opt -passes=") +
         kVectorizePasses + targetFlags);
    optimize(*m, *machine);
  }
  note("generating code in process, as llc -O2" + targetFlags +
       " -filetype=obj -relocation-model=pic -o " + path);
  emit(*m, *machine, path);
}

} // namespace tofu_run
