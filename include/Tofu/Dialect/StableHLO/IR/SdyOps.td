//===- SdyOps.td - Shardy's annotations, as text ------------*- tablegen -*-===//
//
// The `sdy` namespace of OpenXLA's Shardy, which MLIR 22 does not ship, only
// as far as --tofu-export-sharding writes it: `sdy.mesh` and
// `sdy.sharding_constraint` as generic (unregistered) ops of the dialect, and
// `#sdy.mesh<..>` / `#sdy.sharding<..>` attributes kept as their text. XLA's
// parser (which has the real dialect) reads the generic form.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_STABLEHLO_SDYOPS_TD
#define TOFU_DIALECT_STABLEHLO_SDYOPS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::mlir::sdy_subset";
  let summary = "Shardy's sharding annotations as XLA reads them";
  let description = [{
    What `--tofu-export-sharding="dialect=sdy"` writes into a StableHLO
    module for XLA's Shardy partitioner. Tofu does not interpret Shardy:
    ops of this dialect are unknown ops (printed in the generic form, which
    XLA parses), and its attributes keep their text (`#sdy.sharding<@mesh,
    [{"a"}, {} ]>` prints back as written).

    ```mlir
    "sdy.mesh"() {mesh = #sdy.mesh<["a"=2, "b"=2]>, sym_name = "mesh"} : () -> ()
    %1 = "sdy.sharding_constraint"(%0) {sharding = #sdy.sharding<@mesh, [{"a"}, {} ]>}
        : (tensor<8x6xf32>) -> tensor<8x6xf32>
    ```
  }];
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

def Sdy_TextAttr : AttrDef<Sdy_Dialect, "Text"> {
  let mnemonic = "text";
  let hasCustomAssemblyFormat = 1;
  let summary = "a Shardy attribute, as its text";
  let description = [{
    The body of `#sdy.<body>` (`mesh<["a"=2]>`, `sharding<@mesh, [{} ]>`),
    printed back verbatim.
  }];
  let parameters = (ins StringRefParameter<"the attribute's text">:$text);
}

#endif // TOFU_DIALECT_STABLEHLO_SDYOPS_TD
