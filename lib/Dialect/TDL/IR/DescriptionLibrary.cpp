//===- DescriptionLibrary.cpp - The TDL description library ---------------===//
//
// The TDL dialect owns one description library per context. The shipped
// descriptions (lib/Dialect/TDL/Library, embedded at build time) are parsed on
// first use; user libraries are added with TDLDialect::loadLibrary, the one
// entry point behind `--tdl-load-library` and `--tofu-partition`'s
// `library=`. Every op the library names gets the library-backed model of
// the TDL description interface, attached by op name (upstream's
// attachInterface pattern): when the library grows for the dialects already
// loaded, and through a dialect extension for dialects loaded later.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/TDL/IR/DescriptionLibrary.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Support/EmbeddedFile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tdl;

namespace {
using mlir::tofu::EmbeddedFile;
#include "TDLLibrary.inc"
} // namespace

SmallVector<StringRef> DescriptionLibrary::add(OwningOpRef<ModuleOp> module) {
  SmallVector<StringRef> added;
  for (Operation &op : module->getBody()->getOperations()) {
    if (!isa<OperatorOp, OpaqueOp>(op))
      continue;
    auto name = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    entries[name.getValue()] = &op;
    added.push_back(name.getValue());
  }
  modules.push_back(std::move(module));
  return added;
}

SmallVector<StringRef> DescriptionLibrary::names() const {
  SmallVector<StringRef> result;
  for (const auto &entry : entries)
    result.push_back(entry.getKey());
  llvm::sort(result);
  return result;
}

//===----------------------------------------------------------------------===//
// The library-backed model
//===----------------------------------------------------------------------===//

namespace {
/// The description of an op the library names: its entry, instantiated.
/// Looked up at each call, so that a user library loaded later overrides a
/// shipped entry without re-attaching.
struct LibraryDescriptionModel
    : tofu::TDLDescriptionOpInterface::FallbackModel<LibraryDescriptionModel> {
  FailureOr<tofu::OpDescription> getTDLDescription(Operation *op) const {
    FailureOr<const DescriptionLibrary *> library =
        getDescriptionLibrary(op->getContext());
    if (failed(library))
      return failure();
    Operation *entry = (*library)->lookup(op->getName().getStringRef());
    if (!entry)
      return op->emitOpError("has no TDL description");
    return instantiate(entry, op);
  }
};

/// Applied to every dialect as it loads: attaches the model to the ops of
/// that dialect that the library names.
struct LibraryModelExtension : public DialectExtensionBase {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LibraryModelExtension)

  LibraryModelExtension() : DialectExtensionBase(/*dialectNames=*/{}) {}
  void apply(MLIRContext *context,
             MutableArrayRef<Dialect *> dialects) const override {
    auto *tdl = context->getLoadedDialect<TDLDialect>();
    if (!tdl)
      return;
    for (Dialect *dialect : dialects)
      tdl->attachLibraryModels(dialect);
  }
  std::unique_ptr<DialectExtensionBase> clone() const override {
    return std::make_unique<LibraryModelExtension>(*this);
  }
};
} // namespace

void TDLDialect::attachLibraryModels(ArrayRef<StringRef> names) {
  for (StringRef name : names) {
    std::optional<RegisteredOperationName> info =
        RegisteredOperationName::lookup(name, getContext());
    // Unregistered names wait for their dialect (LibraryModelExtension); ops
    // with a model of their own (linalg, tdl.apply) keep it.
    if (info && !info->hasInterface<tofu::TDLDescriptionOpInterface>())
      info->attachInterface<LibraryDescriptionModel>();
  }
}

void TDLDialect::attachLibraryModels(Dialect *dialect) {
  if (!library)
    return;
  std::string prefix = (dialect->getNamespace() + ".").str();
  SmallVector<StringRef> names;
  for (StringRef name : library->names())
    if (name.starts_with(prefix))
      names.push_back(name);
  attachLibraryModels(names);
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

FailureOr<const DescriptionLibrary *> TDLDialect::getLibrary() {
  if (library)
    return library.get();
  MLIRContext *context = getContext();
  // Description bodies use arith and math.
  context->loadDialect<arith::ArithDialect>();
  context->getOrLoadDialect("math");
  auto shipped = std::make_unique<DescriptionLibrary>();
  ParserConfig config(context);
  for (const EmbeddedFile &file : kEmbeddedTDLLibrary) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(file.text, config, file.name);
    if (!module || failed(verify(*module)))
      return failure();
    (void)shipped->add(std::move(module));
  }
  library = std::move(shipped);
  // Attaches the model to the dialects already loaded, and later to the
  // others. A no-op when the tool registered the extension up front.
  DialectRegistry registry;
  registerLibraryDescriptionModels(registry);
  context->appendDialectRegistry(registry);
  attachLibraryModels(library->names());
  return library.get();
}

LogicalResult TDLDialect::loadLibrary(StringRef path, Location loc) {
  if (failed(getLibrary()))
    return failure();
  if (library->hasLoaded(path))
    return success();
  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> buffer = openInputFile(path, &message);
  if (!buffer)
    return emitError(loc) << "cannot load TDL description file '" << path
                          << "': " << message;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  ParserConfig config(getContext());
  // Syntax and verifier errors are located in the library file.
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (!module || failed(verify(*module)))
    return emitError(loc) << "cannot load TDL description file '" << path
                          << "'";
  attachLibraryModels(library->add(std::move(module)));
  library->markLoaded(path);
  return success();
}

void mlir::tdl::registerLibraryDescriptionModels(DialectRegistry &registry) {
  registry.addExtension(TypeID::get<LibraryModelExtension>(),
                        std::make_unique<LibraryModelExtension>());
}

FailureOr<const DescriptionLibrary *>
mlir::tdl::getDescriptionLibrary(MLIRContext *context) {
  return context->getOrLoadDialect<TDLDialect>()->getLibrary();
}

LogicalResult mlir::tdl::loadDescriptionLibrary(MLIRContext *context,
                                                StringRef path, Location loc) {
  return context->getOrLoadDialect<TDLDialect>()->loadLibrary(path, loc);
}
