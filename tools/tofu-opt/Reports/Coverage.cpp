//===- Coverage.cpp - Operator coverage of descriptions and lowerings -----===//
//
// --tofu-coverage: for every op registered by a dialect (tosa, stablehlo or
// linalg), takes the first instance in the input module (a corpus with one
// static-shape instance per op), isolates it into a module of its own and
// computes, by running the project's code on it:
//
//   - its category (tensor op, shape op, constant, control flow, ...);
//   - whether it has a TDL description (tofu::getDescription), directly or,
//     for StableHLO, for every op its conversion to linalg produces;
//   - whether it is partitionable (at least one basic 2-way strategy);
//   - whether it lowers to the CPU (front-end conversion, then the project's
//     CPU pipeline --tofu-lower-to-llvm-cpu, down to the LLVM dialect only);
//   - whether it lowers for the GPU (a passes file given with gpu-passes=,
//     else upstream GPU mapping of the linalg form, see docs/coverage.md).
//
// Nothing about individual ops is hard-coded here: an op without an instance
// in the corpus is reported as not covered.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"
#include "Tofu/Analysis/Strategy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUCOVERAGE
#include "Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

/// Flags ("--name=options" or "--name", one a line, '#' comments) to a
/// textual pipeline element list ("name{options},...").
std::string flagsToPipeline(StringRef text) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  std::string out;
  for (StringRef line : lines) {
    line = line.trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    line = line.ltrim('-');
    auto [name, options] = line.split('=');
    if (!out.empty())
      out += ",";
    out += name.str();
    if (!options.empty())
      out += "{" + options.str() + "}";
  }
  return out;
}

struct Row {
  std::string op;
  std::string category = "—";
  bool inCorpus = false;
  bool described = false;
  std::string descKind; // "library", "derived", "opaque", "access only", ...
  bool partitionable = false;
  unsigned strategies = 0;
  bool viaLinalg = false; // every op of the linalg form described
  bool cpu = false;
  bool gpu = false;
  std::string note;
};

std::string firstLine(ArrayRef<std::string> messages) {
  for (const std::string &m : messages) {
    StringRef s(m);
    s = s.split('\n').first.trim();
    if (!s.empty())
      return s.size() > 110 ? (s.take_front(107) + "...").str() : s.str();
  }
  return "";
}

struct TofuCoveragePass
    : public tofu::impl::TofuCoverageBase<TofuCoveragePass> {
  using Base::Base;

  std::vector<std::string> diagnostics;

  /// Copies `op` into a fresh module: a function @isolated whose arguments
  /// are the op's non-constant operands; constant operands are cloned;
  /// module-level non-function ops (e.g. tosa.variable) come along.
  OwningOpRef<ModuleOp> isolate(Operation *op) {
    MLIRContext *ctx = &getContext();
    OpBuilder b(ctx);
    OwningOpRef<ModuleOp> module = ModuleOp::create(op->getLoc());
    b.setInsertionPointToEnd(module->getBody());
    for (Operation &top : getOperation().getBody()->getOperations())
      if (!isa<func::FuncOp>(top))
        b.clone(top);
    SmallVector<Type> argTypes;
    SmallVector<Value> argValues;
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (def && def->hasTrait<OpTrait::ConstantLike>())
        continue;
      if (!llvm::is_contained(argValues, v)) {
        argValues.push_back(v);
        argTypes.push_back(v.getType());
      }
    }
    auto func =
        func::FuncOp::create(b, op->getLoc(), "isolated",
                             b.getFunctionType(argTypes, op->getResultTypes()));
    Block *entry = func.addEntryBlock();
    b.setInsertionPointToEnd(entry);
    IRMapping mapping;
    for (auto [v, arg] : llvm::zip(argValues, entry->getArguments()))
      mapping.map(v, arg);
    for (Value v : op->getOperands())
      if (!mapping.contains(v))
        mapping.map(v, b.clone(*v.getDefiningOp())->getResult(0));
    Operation *copy = b.clone(*op, mapping);
    func::ReturnOp::create(b, op->getLoc(), copy->getResults());
    return module;
  }

  LogicalResult runPipeline(ModuleOp module, StringRef pipeline) {
    PassManager pm(&getContext(), ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
    std::string error;
    llvm::raw_string_ostream es(error);
    // Split at top-level commas; nested pipelines ("func.func(...)") are
    // parsed as text, single passes added through the registry so that
    // op-specific passes nest implicitly (as mlir-opt's flags do).
    SmallVector<std::string> elements;
    int depth = 0;
    std::string current;
    for (char c : pipeline) {
      if (c == '(' || c == '{')
        ++depth;
      else if (c == ')' || c == '}')
        --depth;
      if (c == ',' && depth == 0) {
        elements.push_back(current);
        current.clear();
        continue;
      }
      current += c;
    }
    if (!current.empty())
      elements.push_back(current);
    for (StringRef element : elements) {
      element = element.trim();
      if (element.empty())
        continue;
      LogicalResult added = success();
      if (element.contains('(')) {
        added = parsePassPipeline(element, pm, es);
      } else {
        auto [name, rest] = element.split('{');
        StringRef options = rest.empty() ? rest : rest.drop_back();
        auto onError = [&](const Twine &msg) {
          es << msg;
          return failure();
        };
        if (const PassInfo *info = PassInfo::lookup(name))
          added = info->addToPipeline(pm, options, onError);
        else if (const PassPipelineInfo *info = PassPipelineInfo::lookup(name))
          added = info->addToPipeline(pm, options, onError);
        else
          added = onError("unknown pass '" + name + "'");
      }
      if (failed(added)) {
        diagnostics.push_back("cannot build pipeline: " + error);
        return failure();
      }
    }
    return pm.run(module);
  }

  /// StableHLO and chlo: measured through --convert-stablehlo-to-linalg.
  bool isHLO() const {
    return dialect == CoverageDialect::StableHLO ||
           dialect == CoverageDialect::CHLO;
  }

  /// The measured dialect's namespace.
  StringRef dialectName() const {
    switch (dialect) {
    case CoverageDialect::Tosa:
      return "tosa";
    case CoverageDialect::StableHLO:
      return "stablehlo";
    case CoverageDialect::CHLO:
      return "chlo";
    case CoverageDialect::Linalg:
      return "linalg";
    }
    llvm_unreachable("unknown dialect");
  }

  std::string frontEnd() const {
    if (dialect == CoverageDialect::Tosa)
      return "tofu-import-tosa";
    if (isHLO())
      return "inline,convert-stablehlo-to-linalg,canonicalize";
    return "";
  }

  static std::string join(StringRef a, StringRef b) {
    if (a.empty())
      return b.str();
    if (b.empty())
      return a.str();
    return (a + "," + b).str();
  }

  /// Every non-structural op of the module's functions described; returns
  /// the smallest strategy count among them (0 if any has none).
  bool describeAll(ModuleOp module, unsigned &minStrategies, unsigned &count) {
    bool all = true;
    minStrategies = ~0u;
    count = 0;
    module.walk([&](Operation *op) {
      if (!op->getParentOfType<func::FuncOp>() || isStructuralNoOp(op))
        return;
      if (isa<linalg::YieldOp, linalg::IndexOp>(op) ||
          op->getParentOfType<linalg::LinalgOp>())
        return;
      // Scalar ops (arith/math on scalars) compute nothing to partition.
      if (llvm::none_of(op->getResultTypes(),
                        [](Type t) { return isa<RankedTensorType>(t); }))
        return;
      ++count;
      FailureOr<OpDescription> desc = tofu::getDescription(op);
      if (failed(desc)) {
        all = false;
        minStrategies = 0;
        return;
      }
      std::string error;
      FailureOr<std::vector<Strategy>> s = discoverStrategies(*desc, 0, error);
      unsigned n = succeeded(s) ? s->size() : 0;
      // Ops with nothing to split (every extent 1, e.g. a rank-0 fill) do
      // not make the op unpartitionable.
      bool splittable =
          llvm::any_of(desc->extents, [](int64_t e) { return e > 1; });
      if (n || splittable || failed(s))
        minStrategies = std::min(minStrategies, n);
    });
    if (minStrategies == ~0u)
      minStrategies = 0;
    return all;
  }

  static bool onlyDialects(ModuleOp module, ArrayRef<StringRef> allowed) {
    bool ok = true;
    module.walk([&](Operation *op) {
      if (op == module.getOperation())
        return;
      StringRef ns = op->getName().getDialectNamespace();
      if (!llvm::is_contained(allowed, ns))
        ok = false;
    });
    return ok;
  }

  std::string category(Operation *op) {
    for (Type t :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
      if (auto rt = dyn_cast<RankedTensorType>(t)) {
        if (rt.getEncoding())
          return "sparse";
        if (!rt.hasStaticShape())
          return "dynamic";
      }
    }
    if (op->hasTrait<OpTrait::IsTerminator>())
      return "terminator";
    if (op->hasTrait<OpTrait::ConstantLike>() || isa<SymbolOpInterface>(op))
      return "constant";
    // Control flow: regions that receive whole tensors (reducer and body
    // regions of structured ops see scalars or rank-0 tensors only).
    if (isa<RegionBranchOpInterface>(op))
      return "control flow";
    for (Region &region : op->getRegions())
      for (BlockArgument arg : region.getArguments())
        if (auto t = dyn_cast<RankedTensorType>(arg.getType());
            t && t.getRank() > 0)
          return "control flow";
    if (!isMemoryEffectFree(op) && !isa<linalg::LinalgOp>(op))
      return "stateful";
    if (op->getNumResults() == 0)
      return "stateful";
    if (llvm::none_of(op->getResultTypes(),
                      [](Type t) { return isa<TensorType>(t); }))
      return "shape/scalar";
    return "tensor";
  }

  void analyse(Operation *instance, Row &row, StringRef cpuPasses,
               StringRef gpuPasses) {
    row.inCorpus = true;
    row.category = category(instance);
    OwningOpRef<ModuleOp> module = isolate(instance);
    diagnostics.clear();
    if (failed(verify(*module))) {
      row.note = "instance cannot be isolated: " + firstLine(diagnostics);
      return;
    }
    Operation *op = &*module->lookupSymbol<func::FuncOp>("isolated")
                          .getBody()
                          .front()
                          .getOperations()
                          .rbegin();
    op = op->getPrevNode(); // the op before the return

    // Description and strategies of the op itself (TOSA, linalg).
    std::string descNote;
    if (!isHLO() && !isStructuralNoOp(op)) {
      diagnostics.clear();
      FailureOr<OpDescription> desc = tofu::getDescription(op);
      if (succeeded(desc)) {
        row.described = true;
        auto src = dyn_cast_or_null<tdl::OperatorOp>(desc->source);
        if (desc->opaque)
          row.descKind = "opaque";
        else if (desc->linalgOp)
          row.descKind = "derived";
        else if (src && src.getBody().empty())
          row.descKind = "accesses";
        else
          row.descKind = "library";
        std::string error;
        FailureOr<std::vector<Strategy>> s =
            discoverStrategies(*desc, 0, error);
        row.strategies = succeeded(s) ? s->size() : 0;
        row.partitionable = row.strategies > 0;
        if (failed(s))
          descNote = error;
      } else {
        descNote = firstLine(diagnostics);
      }
    }

    // The linalg form: front-end conversion only.
    OwningOpRef<ModuleOp> linalgForm = module->clone();
    diagnostics.clear();
    std::string fe = frontEnd();
    bool converted = fe.empty() || succeeded(runPipeline(*linalgForm, fe));
    std::string convertNote = converted ? "" : firstLine(diagnostics);
    if (converted) {
      unsigned minStrategies = 0, count = 0;
      diagnostics.clear();
      row.viaLinalg = describeAll(*linalgForm, minStrategies, count);
      if (isHLO()) {
        row.described = row.viaLinalg;
        row.descKind = !row.described ? ""
                       : count        ? "via linalg"
                                      : "via linalg (no op left)";
        row.strategies = minStrategies;
        // Nothing left to place (a no-op conversion) counts as partitionable.
        row.partitionable = row.described && (count == 0 || minStrategies > 0);
        if (!row.described)
          descNote = count ? firstLine(diagnostics) : "nothing to describe";
      }
    }

    // CPU: front end + the project's lowering, down to LLVM only.
    if (converted) {
      OwningOpRef<ModuleOp> cpu = linalgForm->clone();
      diagnostics.clear();
      row.cpu = succeeded(runPipeline(*cpu, cpuPasses)) &&
                onlyDialects(*cpu, {"llvm"});
      if (!row.cpu && row.note.empty())
        row.note =
            "CPU: " + (diagnostics.empty() ? std::string("non-LLVM ops remain")
                                           : firstLine(diagnostics));
      // GPU: the project's GPU passes when given, else upstream mapping of
      // the linalg form to gpu.launch kernels.
      OwningOpRef<ModuleOp> gpu = linalgForm->clone();
      diagnostics.clear();
      bool ok = succeeded(runPipeline(*gpu, gpuPasses));
      std::string leftover;
      gpu->walk([&](Operation *o) {
        StringRef ns = o->getName().getDialectNamespace();
        if (leftover.empty() &&
            (ns == "linalg" || ns == "tosa" || ns == "stablehlo" ||
             ns == "chlo" || isa<scf::ParallelOp>(o)))
          leftover = o->getName().getStringRef().str();
      });
      row.gpu = ok && leftover.empty();
      if (!row.gpu && row.note.empty())
        row.note = "GPU: " + (!ok ? firstLine(diagnostics)
                                  : "'" + leftover + "' left unmapped");
    } else if (row.note.empty()) {
      row.note = "conversion: " + convertNote;
    }
    if (!row.described && row.category == "tensor" && row.note.empty())
      row.note = descNote.empty() ? "no description" : descNote;
    else if (!row.described && row.category == "tensor")
      row.note = descNote + (descNote.empty() ? "" : "; ") + row.note;
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    // The shipped library, parsed once per context; user files come
    // from --tdl-load-library.
    if (failed(tdl::getDescriptionLibrary(ctx)))
      return signalPassFailure();

    std::string gpuText;
    if (!gpuPassesFile.empty()) {
      auto buffer = llvm::MemoryBuffer::getFile(gpuPassesFile);
      if (!buffer) {
        emitError(getOperation().getLoc())
            << "--tofu-coverage: cannot read gpu-passes file '" << gpuPassesFile
            << "'";
        return signalPassFailure();
      }
      gpuText = flagsToPipeline((*buffer)->getBuffer());
    } else {
      gpuText = "one-shot-bufferize{bufferize-function-boundaries},"
                "func.func(convert-linalg-to-parallel-loops,"
                "gpu-map-parallel-loops,convert-parallel-loops-to-gpu),"
                "gpu-kernel-outlining";
    }
    // The registered pipeline tofu-run lowers with (include/Tofu/Pipelines).
    std::string cpuText = "tofu-lower-to-llvm-cpu";

    // Every op the dialect registers, sorted by name.
    ctx->getOrLoadDialect(dialectName());
    SmallVector<std::string> names;
    for (RegisteredOperationName name : ctx->getRegisteredOperations())
      if (name.getDialectNamespace() == dialectName())
        names.push_back(name.getStringRef().str());
    llvm::sort(names);

    // The first instance directly in a function body; else (terminators,
    // ops only used in reducer regions) the first anywhere.
    llvm::StringMap<Operation *> firstInstance, firstNested;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa_and_nonnull<func::FuncOp>(op->getParentOp()))
        firstInstance.try_emplace(op->getName().getStringRef(), op);
      else
        firstNested.try_emplace(op->getName().getStringRef(), op);
    });
    for (auto &entry : firstNested)
      firstInstance.try_emplace(entry.getKey(), entry.getValue());

    std::vector<Row> rows;
    {
      // Collect the diagnostics of every trial instead of printing them.
      ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &d) {
        diagnostics.push_back(d.str());
        return success();
      });
      for (const std::string &name : names) {
        Row row;
        row.op = name;
        if (Operation *instance = firstInstance.lookup(name))
          analyse(instance, row, cpuText, gpuText);
        else
          row.note = "no instance in the corpus";
        rows.push_back(std::move(row));
      }
    }
    print(rows);
  }

  void print(ArrayRef<Row> rows) {
    raw_ostream &os = llvm::outs();
    unsigned tensorOps = 0, described = 0, partitionable = 0, cpu = 0, gpu = 0,
             missing = 0;
    // Ops without an instance count as tensor ops not covered.
    for (const Row &r : rows) {
      if (!r.inCorpus) {
        ++missing;
        ++tensorOps;
        continue;
      }
      if (r.category != "tensor")
        continue;
      ++tensorOps;
      described += r.described;
      partitionable += r.partitionable;
      cpu += r.cpu;
      gpu += r.gpu;
    }
    auto pct = [&](unsigned n) {
      return tensorOps ? llvm::formatv("{0:F1}", 100.0 * n / tensorOps).str()
                       : std::string("-");
    };
    if (format == CoverageFormat::Json) {
      llvm::json::Array array;
      for (const Row &r : rows)
        array.push_back(
            llvm::json::Object{{"op", r.op},
                               {"in_corpus", r.inCorpus},
                               {"category", r.category},
                               {"described", r.described},
                               {"description", r.descKind},
                               {"strategies", r.strategies},
                               {"partitionable", r.partitionable},
                               {"described_via_linalg", r.viaLinalg},
                               {"cpu", r.cpu},
                               {"gpu", r.gpu},
                               {"note", r.note}});
      llvm::json::Object summary{{"dialect", dialectName()},
                                 {"ops", rows.size()},
                                 {"not_in_corpus", missing},
                                 {"tensor_ops", tensorOps},
                                 {"described", described},
                                 {"partitionable", partitionable},
                                 {"cpu", cpu},
                                 {"gpu", gpu}};
      os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                       {"summary", std::move(summary)},
                                       {"ops", std::move(array)}}))
         << "\n";
      return;
    }
    auto mark = [](bool b) { return b ? "yes" : "no"; };
    os << "Summary (" << dialectName() << "): " << rows.size()
       << " registered ops, " << missing << " without an instance in the "
       << "corpus; " << tensorOps << " static tensor ops (those without an "
       << "instance included), of which " << described << " described ("
       << pct(described) << "%), " << partitionable << " partitionable ("
       << pct(partitionable) << "%), " << cpu << " lower to CPU (" << pct(cpu)
       << "%), " << gpu << " lower for GPU (" << pct(gpu) << "%).\n\n";
    os << "| op | category | TDL | strategies | linalg form described | CPU "
          "| GPU | note |\n";
    os << "|---|---|---|---|---|---|---|---|\n";
    for (const Row &r : rows) {
      os << "| `" << r.op << "` | " << r.category << " | ";
      if (!r.inCorpus) {
        os << "— | — | — | — | — | " << r.note << " |\n";
        continue;
      }
      os << (r.described ? r.descKind : std::string("no")) << " | "
         << r.strategies << " | " << mark(r.viaLinalg) << " | " << mark(r.cpu)
         << " | " << mark(r.gpu) << " | ";
      std::string note = r.note;
      for (char &c : note)
        if (c == '|' || c == '\n')
          c = ' ';
      os << note << " |\n";
    }
  }
};

} // namespace
