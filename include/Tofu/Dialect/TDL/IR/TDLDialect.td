//===- TDLDialect.td - Tensor Description Language dialect -*- tablegen -*-===//
#ifndef TOFU_DIALECT_TDL_TDLDIALECT_TD
#define TOFU_DIALECT_TDL_TDLDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def TDL_Dialect : Dialect {
  let name = "tdl";
  let cppNamespace = "::mlir::tdl";
  let summary = "Tensor Description Language: operator semantics as index maps";
  let description = [{
    TDL describes what a tensor operator computes as a side-effect-free lambda
    over the coordinates of its output, after Tofu (EuroSys'19). A description
    is an *iteration space* (the output dimensions, then reduction dimensions
    combined by a reducer), one affine *access* per input that maps iteration
    coordinates to input coordinates, and a scalar *body* that combines the
    accessed elements. Operators TDL cannot express are *opaque*: they are
    splittable only along declared batch dimensions.

    The Tofu analyses never look at an operator's implementation; they read
    its TDL description, obtained through `tofu::getDescription`, which
    derives one for every linalg structured op, resolves `tdl.apply`, and
    instantiates the shipped description library for TOSA and tensor ops.
  }];
  let useDefaultAttributePrinterParser = 1;
}

class TDL_Op<string mnemonic, list<Trait> traits = []>
    : Op<TDL_Dialect, mnemonic, traits>;

class TDL_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TDL_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TOFU_DIALECT_TDL_TDLDIALECT_TD
