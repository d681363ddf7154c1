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
    its TDL description through the `TDLDescriptionOpInterface`
    (`tofu::getDescription`), which is derived for every linalg structured
    op, implemented by `tdl.apply`, and backed by the description library
    for TOSA, tensor and user-described ops.

    The dialect owns the description library of its context: the shipped
    TOSA/tensor descriptions, parsed once on first use, and the user
    libraries added with `--tdl-load-library` (or `--tofu-partition`'s
    `library=`). Every op the library names gets the library-backed model
    of the interface, attached by op name when the library grows and when
    the op's dialect is loaded.
  }];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// The description library: the shipped descriptions, parsed on the
    /// first call, plus every user library loaded since. Fails (reported
    /// through the context) when a shipped file does not parse.
    ::mlir::FailureOr<const DescriptionLibrary *> getLibrary();

    /// Parses the user library at `path` and adds its descriptions, which
    /// override earlier ones of the same name. A path is parsed once per
    /// context. Errors are located at `loc` (a file that cannot be read) or
    /// in the file (syntax, verifier).
    ::mlir::LogicalResult loadLibrary(::llvm::StringRef path,
                                      ::mlir::Location loc);

  private:
    std::unique_ptr<DescriptionLibrary> library;
    /// Attaches the library-backed description model to the registered ops
    /// of `names` that have no model yet.
    void attachLibraryModels(::llvm::ArrayRef<::llvm::StringRef> names);

  public:
    /// Attaches the model to the library's ops in `dialect` (just loaded).
    void attachLibraryModels(::mlir::Dialect *dialect);
  }];
}

class TDL_Op<string mnemonic, list<Trait> traits = []>
    : Op<TDL_Dialect, mnemonic, traits>;

class TDL_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TDL_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TOFU_DIALECT_TDL_TDLDIALECT_TD
