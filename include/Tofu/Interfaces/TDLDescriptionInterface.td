//===- TDLDescriptionInterface.td - An op's TDL description -*- tablegen -*-===//
#ifndef TOFU_INTERFACES_TDLDESCRIPTIONINTERFACE_TD
#define TOFU_INTERFACES_TDLDESCRIPTIONINTERFACE_TD

include "mlir/IR/OpBase.td"

def TDLDescriptionOpInterface : OpInterface<"TDLDescriptionOpInterface"> {
  let cppNamespace = "::mlir::tofu";
  let description = [{
    What an operation computes, as a TDL description instantiated for this
    operation's shapes and attributes: an iteration space with concrete
    extents, one affine access per tensor input, and an output map. Every
    Tofu analysis reads operations through this interface only.

    Three models implement it:
    - linalg structured ops (external model, `lib/Analysis/Description.cpp`):
      derived from the indexing maps and iterator types;
    - ops described by the TDL description library (external model attached
      by op name, `lib/Dialect/TDL/IR/DescriptionLibrary.cpp`): the shipped
      TOSA/tensor descriptions and any user library;
    - `tdl.apply` (native): the `tdl.operator` or `tdl.opaque` it calls.

    Use `tofu::getDescription(op)`, which also reports ops without a model.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the description of this op, or emits a located error (the
        description does not fit the op's operands, shapes or attributes)
        and fails.
      }],
      "::mlir::FailureOr<::mlir::tofu::OpDescription>", "getTDLDescription">,
  ];
}

#endif // TOFU_INTERFACES_TDLDESCRIPTIONINTERFACE_TD
