//===- StableHLODialect.td - StableHLO subset dialect ------*- tablegen -*-===//
//
// The dialect, its enums and its attributes. Spellings follow the StableHLO
// specification (openxla/stablehlo docs/spec.md) so that the text JAX prints
// parses unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_STABLEHLO_STABLEHLODIALECT_TD
#define TOFU_DIALECT_STABLEHLO_STABLEHLODIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/CommonAttrConstraints.td"

def StableHLO_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::mlir::stablehlo_subset";
  let summary = "The subset of StableHLO used by JAX training steps";
  let description = [{
    MLIR 22 ships no StableHLO dialect and the upstream project pins another
    LLVM, so Tofu-MLIR defines the ops that JAX MLP, CNN and transformer
    training steps use, with the pretty syntax JAX prints
    (`jax.jit(f).lower(...).as_text()`). `gather`, `scatter`, `reduce_window`
    and `select_and_scatter` are parsed in the generic form JAX prints for
    them. Module and function attributes JAX attaches (`mhlo.*`, `jax.*`) are
    discardable attributes and are kept as they are.

    `--convert-stablehlo-to-linalg` lowers the subset to linalg, tensor, arith
    and math so that Tofu's TDL descriptions, the partition search and CPU
    execution apply. Any other StableHLO op is rejected by the parser with a
    located diagnostic naming it.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 0;
}

class StableHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<StableHLO_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def StableHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction of stablehlo.compare", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo_subset";
}
def StableHLO_ComparisonDirectionAttr
    : EnumAttr<StableHLO_Dialect, StableHLO_ComparisonDirection,
               "comparison_direction">;

def StableHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "comparison type of stablehlo.compare", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo_subset";
}
def StableHLO_ComparisonTypeAttr
    : EnumAttr<StableHLO_Dialect, StableHLO_ComparisonType, "comparison_type">;

def StableHLO_Precision : I32EnumAttr<"Precision",
    "precision of dot_general and convolution operands", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::stablehlo_subset";
}
def StableHLO_PrecisionAttr
    : EnumAttr<StableHLO_Dialect, StableHLO_Precision, "precision">;

def StableHLO_PrecisionConfigAttr
    : TypedArrayAttrBase<StableHLO_PrecisionAttr, "precision config">;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class StableHLO_Attr<string name, string attrMnemonic>
    : AttrDef<StableHLO_Dialect, name> {
  let mnemonic = attrMnemonic;
}

// A list of dimension numbers printed as `[0, 1]` (and omitted when empty).
def HLO_DimsParameter : OptionalArrayRefParameter<"int64_t"> {
  let parser = "::mlir::stablehlo_subset::parseDimList($_parser)";
  let printer = "::mlir::stablehlo_subset::printDimList($_printer, $_self)";
}

def StableHLO_GatherDimensionNumbers
    : StableHLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "dimension numbers of stablehlo.gather";
  let parameters = (ins
    HLO_DimsParameter:$offset_dims,
    HLO_DimsParameter:$collapsed_slice_dims,
    HLO_DimsParameter:$operand_batching_dims,
    HLO_DimsParameter:$start_indices_batching_dims,
    HLO_DimsParameter:$start_index_map,
    "int64_t":$index_vector_dim);
  let assemblyFormat = "`<` struct(params) `>`";
}

def StableHLO_ScatterDimensionNumbers
    : StableHLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "dimension numbers of stablehlo.scatter";
  let parameters = (ins
    HLO_DimsParameter:$update_window_dims,
    HLO_DimsParameter:$inserted_window_dims,
    HLO_DimsParameter:$input_batching_dims,
    HLO_DimsParameter:$scatter_indices_batching_dims,
    HLO_DimsParameter:$scatter_dims_to_operand_dims,
    "int64_t":$index_vector_dim);
  let assemblyFormat = "`<` struct(params) `>`";
}

def StableHLO_ConvDimensionNumbers
    : StableHLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "dimension numbers of stablehlo.convolution";
  let description = [{
    Printed as in StableHLO: `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` names
    the role of each dimension of the input, the kernel and the output
    (`b` batch, `f` feature, `i`/`o` kernel input/output feature, integers
    the spatial dimensions in order).
  }];
  let parameters = (ins
    "int64_t":$input_batch_dimension,
    "int64_t":$input_feature_dimension,
    ArrayRefParameter<"int64_t">:$input_spatial_dimensions,
    "int64_t":$kernel_input_feature_dimension,
    "int64_t":$kernel_output_feature_dimension,
    ArrayRefParameter<"int64_t">:$kernel_spatial_dimensions,
    "int64_t":$output_batch_dimension,
    "int64_t":$output_feature_dimension,
    ArrayRefParameter<"int64_t">:$output_spatial_dimensions);
  let hasCustomAssemblyFormat = 1;
}

#endif // TOFU_DIALECT_STABLEHLO_STABLEHLODIALECT_TD
