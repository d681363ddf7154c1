//===- LoadLibrary.cpp - Add user TDL description files -------------------===//
//
// The one way to extend the description library from the command line: the
// library lives in the TDL dialect, so one pass run first serves every later
// pass, instead of each pass having its own `library=` option (the shape of
// upstream's --transform-preload-library).
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Dialect/TDL/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::tdl {
#define GEN_PASS_DEF_TDLLOADLIBRARY
#include "Tofu/Dialect/TDL/Transforms/Passes.h.inc"
} // namespace mlir::tdl

using namespace mlir;

namespace {
struct TDLLoadLibraryPass
    : public tdl::impl::TDLLoadLibraryBase<TDLLoadLibraryPass> {
  using Base::Base;

  void runOnOperation() override {
    for (const std::string &path : paths)
      if (failed(tdl::loadDescriptionLibrary(&getContext(), path,
                                             getOperation().getLoc())))
        return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
