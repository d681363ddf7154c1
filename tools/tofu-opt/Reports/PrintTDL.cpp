//===- PrintTDL.cpp - Print the TDL description of every op ---------------===//

#include "Passes.h"
#include "Tofu/Analysis/Description.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUPRINTTDL
#include "Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {
struct TofuPrintTDLPass
    : public tofu::impl::TofuPrintTDLBase<TofuPrintTDLPass> {
  using Base::Base;

  void runOnOperation() override {
    // The shipped library, parsed once per context; user files come
    // from --tdl-load-library.
    if (failed(tdl::getDescriptionLibrary(&getContext())))
      return signalPassFailure();
    // Descriptions are built into a scratch module, printed, and dropped.
    OpBuilder builder(&getContext());
    OwningOpRef<ModuleOp> scratch = ModuleOp::create(getOperation().getLoc());
    builder.setInsertionPointToEnd(scratch->getBody());
    llvm::StringMap<unsigned> counters;
    bool failedAny = false;
    raw_ostream &os = llvm::outs();
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      for (Operation &op : func.getBody().getOps()) {
        if (isStructuralNoOp(&op))
          continue;
        FailureOr<OpDescription> desc = tofu::getDescription(&op);
        if (failed(desc)) {
          failedAny = true;
          continue;
        }
        desc->name += "#" + std::to_string(counters[desc->name]++);
        os << "// " << op.getName() << " in @" << func.getSymName() << " at "
           << op.getLoc() << "\n";
        Operation *tdl = buildTDL(builder, op.getLoc(), *desc);
        tdl->print(os);
        os << "\n";
      }
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
