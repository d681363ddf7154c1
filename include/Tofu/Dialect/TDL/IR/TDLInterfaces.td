//===- TDLInterfaces.td - TDL attribute interfaces ---------*- tablegen -*-===//
#ifndef TOFU_DIALECT_TDL_TDLINTERFACES_TD
#define TOFU_DIALECT_TDL_TDLINTERFACES_TD

include "mlir/IR/OpBase.td"

def TDL_AccessPatternAttrInterface
    : AttrInterface<"AccessPatternAttrInterface"> {
  let cppNamespace = "::mlir::tdl";
  let description = [{
    A rank-generic access of a `tdl.operator` (`#tdl.broadcast`,
    `#tdl.shift<...>`, ...): instantiated, for one input of one described
    op, into an affine map over the op's iteration space. Each pattern
    attribute implements its own expansion, so adding a pattern is adding an
    attribute.
  }];
  let methods = [
    InterfaceMethod<[{
        Expands the pattern for the input described by `site` into a map
        from the `site.numLoops` iteration coordinates to the input's
        coordinates, or emits a located error at `site.op` and fails.
      }],
      "::mlir::FailureOr<::mlir::AffineMap>", "expand",
      (ins "::mlir::tdl::PatternSite &":$site)>,
    InterfaceMethod<[{
        True if reads may fall outside the input (they read padding).
      }],
      "bool", "isGuardedAccess", (ins), "", "return false;">,
    InterfaceMethod<[{
        True if the input is read whole by every iteration (every dimension
        is the paper's `:`).
      }],
      "bool", "readsWhole", (ins), "", "return false;">,
    InterfaceMethod<[{
        True if the pattern, as the last access of a description, also
        serves every further operand (a variadic concatenation).
      }],
      "bool", "isVariadic", (ins), "", "return false;">,
  ];
}

#endif // TOFU_DIALECT_TDL_TDLINTERFACES_TD
