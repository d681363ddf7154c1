//===- TofuPython.cpp - The tofu package's native module ------------------===//
//
// tofu._tofu: the MLIR side of the Python package (python/tofu), in-process.
// It parses a module with every dialect tofu-opt knows, runs a pass pipeline
// on it (the same registered passes and pipelines as tofu-opt, e.g.
// `tofu-partition{gpus=4}`, on the module), and prints it. Every MLIR
// diagnostic is collected with its location and handed back as a list of
// dicts; the Python side (tofu/_api.py) turns errors into TofuError. The
// native side raises no exception of its own, so LLVM's code (built without
// exceptions) never unwinds.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/InitAllDialects.h"
#include "Tofu/InitAllPasses.h"
#include "Tofu/Support/DiagnosticKind.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>

#include <memory>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace nb = nanobind;
using namespace mlir;

namespace {

/// Registers every upstream and Tofu pass once per process (the pass
/// registry is global, as in tofu-opt's main).
void registerPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerAllPasses();
    tofu::registerAllTofuPasses();
  });
}

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  tofu::registerAllTofuDialects(registry);
  auto ctx = std::make_unique<MLIRContext>(registry);
  // Pass pipelines load what they need; parsing needs every dialect a
  // module may name.
  ctx->loadAllAvailableDialects();
  return ctx;
}

const char *severityName(DiagnosticSeverity s) {
  switch (s) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Remark:
    return "remark";
  case DiagnosticSeverity::Note:
    return "note";
  }
  return "error";
}

/// One diagnostic, kept as plain C++ data: the handler may run while the
/// GIL is released (during a pass pipeline) and on the pass manager's
/// threads, so Python objects are made only afterwards.
struct CollectedDiagnostic {
  std::string severity, message, file, location;
  /// What the error means to a program (Support/DiagnosticKind.h), or
  /// empty.
  std::string kind;
  unsigned line = 0, column = 0;
  std::vector<CollectedDiagnostic> notes;

  static CollectedDiagnostic of(Diagnostic &diag) {
    CollectedDiagnostic d;
    d.severity = severityName(diag.getSeverity());
    d.message = diag.str();
    d.kind = tofu::getDiagnosticKind(diag).str();
    FileLineColLoc loc = dyn_cast<FileLineColLoc>(diag.getLocation());
    if (auto fused = dyn_cast<FusedLoc>(diag.getLocation()))
      for (Location inner : fused.getLocations())
        if ((loc = dyn_cast<FileLineColLoc>(inner)))
          break;
    if (loc) {
      d.file = loc.getFilename().str();
      d.line = loc.getLine();
      d.column = loc.getColumn();
    }
    llvm::raw_string_ostream os(d.location);
    diag.getLocation().print(os);
    for (Diagnostic &note : diag.getNotes())
      d.notes.push_back(of(note));
    return d;
  }

  nb::dict toPython() const {
    nb::dict d;
    d["severity"] = severity;
    d["message"] = message;
    d["file"] = file;
    d["line"] = line;
    d["column"] = column;
    d["location"] = location;
    d["kind"] = kind;
    nb::list list;
    for (const CollectedDiagnostic &note : notes)
      list.append(note.toPython());
    d["notes"] = list;
    return d;
  }
};

/// Collects every diagnostic of `ctx` while it lives.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *ctx)
      : handler(ctx, [this](Diagnostic &diag) {
          std::lock_guard<std::mutex> lock(mutex);
          diagnostics.push_back(CollectedDiagnostic::of(diag));
          return success();
        }) {}

  /// A diagnostic without a location (a pass pipeline that does not parse).
  void addUnlocated(StringRef message) {
    CollectedDiagnostic d;
    d.severity = "error";
    d.message = message.str();
    std::lock_guard<std::mutex> lock(mutex);
    diagnostics.push_back(std::move(d));
  }

  bool empty() {
    std::lock_guard<std::mutex> lock(mutex);
    return diagnostics.empty();
  }

  nb::list toPython() {
    std::lock_guard<std::mutex> lock(mutex);
    nb::list list;
    for (const CollectedDiagnostic &d : diagnostics)
      list.append(d.toPython());
    return list;
  }

private:
  std::mutex mutex;
  std::vector<CollectedDiagnostic> diagnostics;
  ScopedDiagnosticHandler handler;
};

/// A parsed module and the context that owns it. Modules planned from it
/// share the context (a plan is a clone of the module in the same context).
class NativeModule {
public:
  NativeModule(std::shared_ptr<MLIRContext> ctx, OwningOpRef<ModuleOp> module)
      : ctx(std::move(ctx)), module(std::move(module)) {}

  /// Parses `text`; returns (module or None, diagnostics).
  static nb::tuple parse(const std::string &text, const std::string &name) {
    std::shared_ptr<MLIRContext> ctx = makeContext();
    DiagnosticCollector collector(ctx.get());
    llvm::SourceMgr sources;
    sources.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name),
                               llvm::SMLoc());
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(sources, ParserConfig(ctx.get()));
    // (The parser verifies what it parsed.)
    if (!module) {
      if (collector.empty())
        collector.addUnlocated("cannot parse '" + name + "' as an MLIR module");
      return nb::make_tuple(nb::none(), collector.toPython());
    }
    auto result = std::make_shared<NativeModule>(ctx, std::move(module));
    return nb::make_tuple(nb::cast(result), collector.toPython());
  }

  /// Calls `parse` and returns what it wrote to stderr. A pass option's
  /// value that does not parse (an unknown name of an enumerated option, a
  /// negative count) is reported by llvm::cl on stderr, not through
  /// parsePassPipeline's error stream, so without this the Python error
  /// would not say what was wrong. The text goes to an anonymous in-memory
  /// file for the call's duration.
  static std::string captureStderr(llvm::function_ref<void()> parse) {
    llvm::errs().flush();
    int saved = dup(2);
    int sink = memfd_create("tofu-option-errors", 0);
    if (saved < 0 || sink < 0) {
      if (saved >= 0)
        close(saved);
      if (sink >= 0)
        close(sink);
      parse();
      return "";
    }
    dup2(sink, 2);
    parse();
    llvm::errs().flush();
    dup2(saved, 2);
    close(saved);
    std::string text;
    char buffer[4096];
    lseek(sink, 0, SEEK_SET);
    for (ssize_t n; (n = read(sink, buffer, sizeof buffer)) > 0;)
      text.append(buffer, n);
    close(sink);
    // llvm::cl names the program first, and the module has none.
    StringRef message = StringRef(text).trim();
    message.consume_front(": ");
    return message.str();
  }

  /// Runs `pipeline`, passes on the module written as tofu-opt's
  /// --pass-pipeline inside its `builtin.module(...)` (e.g.
  /// `tofu-partition{gpus=4}`), on a clone of the module; returns (the
  /// transformed module or None, diagnostics).
  nb::tuple runPipeline(const std::string &pipeline) const {
    registerPassesOnce();
    DiagnosticCollector collector(ctx.get());
    PassManager pm(ctx.get(), ModuleOp::getOperationName());
    std::string parseError;
    llvm::raw_string_ostream errors(parseError);
    LogicalResult parsed = failure();
    std::string optionErrors = captureStderr(
        [&] { parsed = parsePassPipeline(pipeline, pm, errors); });
    if (failed(parsed)) {
      collector.addUnlocated("invalid pass pipeline '" + pipeline + "': " +
                             (optionErrors.empty()
                                  ? parseError
                                  : optionErrors + "\n" + parseError));
      return nb::make_tuple(nb::none(), collector.toPython());
    }
    OwningOpRef<ModuleOp> copy(module.get().clone());
    LogicalResult result = success();
    {
      // The search and the lowerings take seconds to minutes: let other
      // Python threads run meanwhile.
      nb::gil_scoped_release release;
      result = pm.run(*copy);
    }
    if (failed(result)) {
      if (collector.empty())
        collector.addUnlocated("the pass pipeline '" + pipeline + "' failed");
      return nb::make_tuple(nb::none(), collector.toPython());
    }
    auto out = std::make_shared<NativeModule>(ctx, std::move(copy));
    return nb::make_tuple(nb::cast(out), collector.toPython());
  }

  /// The arguments of the function `name` with a body, as the Python side
  /// checks run inputs against them: per argument a dict of its printed
  /// `type`, its `element` type, its `shape` (a list, None for a dynamic
  /// extent, empty for a scalar; None for a type that is neither a ranked
  /// tensor, a memref nor a scalar) and its `name` (tofu.name, or "").
  /// None when there is no such function.
  nb::object arguments(const std::string &name) const {
    auto func = module.get().lookupSymbol<func::FuncOp>(name);
    if (!func || func.isExternal())
      return nb::none();
    nb::list list;
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      nb::dict arg;
      arg["type"] = printed(type);
      Type element = type;
      nb::object shape = nb::list();
      if (auto shaped = dyn_cast<ShapedType>(type)) {
        element = shaped.getElementType();
        if (isa<RankedTensorType, MemRefType>(type)) {
          nb::list extents;
          for (int64_t d : shaped.getShape())
            extents.append(ShapedType::isDynamic(d) ? nb::none() : nb::cast(d));
          shape = extents;
        } else {
          shape = nb::none();
        }
      } else if (!type.isIntOrIndexOrFloat()) {
        shape = nb::none();
      }
      arg["element"] = printed(element);
      arg["shape"] = shape;
      auto argName = func.getArgAttrOfType<StringAttr>(i, tofu::kNameAttrName);
      arg["name"] = argName ? argName.str() : std::string();
      list.append(arg);
    }
    return list;
  }

  std::string text(bool generic) const {
    std::string s;
    llvm::raw_string_ostream os(s);
    OpPrintingFlags flags;
    if (generic)
      flags.printGenericOpForm();
    module.get().print(os, flags);
    return s;
  }

private:
  static std::string printed(Type type) {
    std::string s;
    llvm::raw_string_ostream os(s);
    type.print(os);
    return s;
  }

  std::shared_ptr<MLIRContext> ctx;
  OwningOpRef<ModuleOp> module;
};

} // namespace

NB_MODULE(_tofu, m) {
  m.doc() = "Tofu-MLIR's native module: parse, run pass pipelines, print";
  nb::class_<NativeModule>(m, "NativeModule")
      .def_static("parse", &NativeModule::parse, nb::arg("text"),
                  nb::arg("name"),
                  "Parses MLIR text; returns (module or None, diagnostics)")
      .def("run_pipeline", &NativeModule::runPipeline, nb::arg("pipeline"),
           "Runs a textual pass pipeline on a copy; returns (module or None, "
           "diagnostics)")
      .def("arguments", &NativeModule::arguments, nb::arg("name"),
           "The arguments of a function (type, element, shape, name), or "
           "None")
      .def("text", &NativeModule::text, nb::arg("generic") = false);
}
