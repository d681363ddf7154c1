//===- StableHLOOps.td - StableHLO subset operations -------*- tablegen -*-===//
//
// Semantics: the StableHLO specification. Syntax: what JAX prints. Where the
// pretty syntax cannot be expressed declaratively (constant, dot_general,
// convolution, reduce) the op has a hand-written parser and printer in
// StableHLOOps.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_STABLEHLO_STABLEHLOOPS_TD
#define TOFU_DIALECT_STABLEHLO_STABLEHLOOPS_TD

include "Tofu/Dialect/StableHLO/IR/StableHLODialect.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/OpAsmInterface.td"

// StableHLO's integers are signless (read as signed) or unsigned (`ui8`,
// `ui32`, `ui64`, as jax.random emits them); the conversion reads the
// unsigned ones as signless bits with unsigned semantics where it matters
// (Unsigned.cpp).
def HLO_Int : AnyTypeOf<[AnySignlessInteger, AnyUnsignedInteger]>;
def HLO_Element : AnyTypeOf<[AnyFloat, HLO_Int]>;
def HLO_Tensor : RankedTensorOf<[AnyFloat, HLO_Int]>;
def HLO_FpTensor : RankedTensorOf<[AnyFloat]>;
def HLO_PredTensor : RankedTensorOf<[I1]>;
def HLO_IntTensor : RankedTensorOf<[HLO_Int]>;
def HLO_IndexTensor : RankedTensorOf<[HLO_Int]>;
def HLO_ScalarTensor : 0DTensorOf<[AnyFloat, HLO_Int]>;

//===----------------------------------------------------------------------===//
// Element-wise operations
//===----------------------------------------------------------------------===//

// Element-wise ops print `: T` when every operand and the result share one
// type, and a function type otherwise (as StableHLO does).
class HLO_UnaryOp<string mnemonic, Type tensorType, string formula,
                  list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat(traits,
          [Pure, SameOperandsAndResultType, Elementwise])> {
  let summary = "element-wise " # mnemonic;
  let description = !strconcat("Computes `", formula,
      "` for every element of `operand` (StableHLO spec: `", mnemonic, "`).\n\n",
      "```mlir\n%r = stablehlo.", mnemonic, " %x : tensor<4x8xf32>\n```");
  let arguments = (ins tensorType:$operand);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

class HLO_BinaryOp<string mnemonic, Type tensorType, string formula,
                   list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat(traits,
          [Pure, SameOperandsAndResultType, Elementwise])> {
  let summary = "element-wise " # mnemonic;
  let description = !strconcat("Computes `", formula,
      "` for every pair of elements of `lhs` and `rhs` (StableHLO spec: `",
      mnemonic, "`). Operands and result have one type; JAX inserts ",
      "`broadcast_in_dim` for implicit broadcasting.\n\n",
      "```mlir\n%r = stablehlo.", mnemonic, " %a, %b : tensor<4x8xf32>\n```");
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

def StableHLO_NegateOp : HLO_UnaryOp<"negate", HLO_Tensor, "-x">;
def StableHLO_AbsOp : HLO_UnaryOp<"abs", HLO_Tensor, "|x|">;
def StableHLO_SignOp : HLO_UnaryOp<"sign", HLO_Tensor, "sign(x)">;
def StableHLO_ExpOp : HLO_UnaryOp<"exponential", HLO_FpTensor, "exp(x)">;
def StableHLO_LogOp : HLO_UnaryOp<"log", HLO_FpTensor, "log(x)">;
def StableHLO_TanhOp : HLO_UnaryOp<"tanh", HLO_FpTensor, "tanh(x)">;
def StableHLO_LogisticOp
    : HLO_UnaryOp<"logistic", HLO_FpTensor, "1 / (1 + exp(-x))">;
def StableHLO_SqrtOp : HLO_UnaryOp<"sqrt", HLO_FpTensor, "sqrt(x)">;
def StableHLO_RsqrtOp : HLO_UnaryOp<"rsqrt", HLO_FpTensor, "1 / sqrt(x)">;
def StableHLO_FloorOp : HLO_UnaryOp<"floor", HLO_FpTensor, "floor(x)">;
def StableHLO_CeilOp : HLO_UnaryOp<"ceil", HLO_FpTensor, "ceil(x)">;
def StableHLO_CosineOp : HLO_UnaryOp<"cosine", HLO_FpTensor, "cos(x)">;
def StableHLO_SineOp : HLO_UnaryOp<"sine", HLO_FpTensor, "sin(x)">;
def StableHLO_Log1pOp : HLO_UnaryOp<"log_plus_one", HLO_FpTensor, "log(1 + x)">;
def StableHLO_Expm1Op
    : HLO_UnaryOp<"exponential_minus_one", HLO_FpTensor, "exp(x) - 1">;
def StableHLO_NotOp : HLO_UnaryOp<"not", HLO_IntTensor, "~x">;

def StableHLO_TanOp : HLO_UnaryOp<"tan", HLO_FpTensor, "tan(x)">;
def StableHLO_CbrtOp : HLO_UnaryOp<"cbrt", HLO_FpTensor, "cbrt(x)">;
def StableHLO_RoundNearestEvenOp : HLO_UnaryOp<"round_nearest_even",
    HLO_FpTensor, "x rounded to the nearest integer, ties to even">;
def StableHLO_RoundNearestAfzOp : HLO_UnaryOp<"round_nearest_afz",
    HLO_FpTensor, "x rounded to the nearest integer, ties away from zero">;
def StableHLO_PopcntOp : HLO_UnaryOp<"popcnt", HLO_IntTensor,
    "the number of set bits of x">;
def StableHLO_ClzOp : HLO_UnaryOp<"count_leading_zeros", HLO_IntTensor,
    "the number of leading zero bits of x (the bit width for 0)">;

def StableHLO_IsFiniteOp : StableHLO_Op<"is_finite",
    [Pure, SameOperandsAndResultShape, Elementwise]> {
  let summary = "element-wise test for finite values";
  let description = [{
    True where `x` is neither infinite nor NaN.

    ```mlir
    %p = stablehlo.is_finite %x : (tensor<3x4xf32>) -> tensor<3x4xi1>
    ```
  }];
  let arguments = (ins HLO_FpTensor:$x);
  let results = (outs HLO_PredTensor:$y);
  let assemblyFormat = [{
    $x attr-dict `:` custom<SameOperandsAndResultType>(type($x), type($y))
  }];
}

def StableHLO_AddOp : HLO_BinaryOp<"add", HLO_Tensor, "lhs + rhs", [Commutative]>;
def StableHLO_SubtractOp : HLO_BinaryOp<"subtract", HLO_Tensor, "lhs - rhs">;
def StableHLO_MulOp
    : HLO_BinaryOp<"multiply", HLO_Tensor, "lhs * rhs", [Commutative]>;
def StableHLO_DivOp : HLO_BinaryOp<"divide", HLO_Tensor, "lhs / rhs">;
def StableHLO_RemOp : HLO_BinaryOp<"remainder", HLO_Tensor, "lhs % rhs">;
def StableHLO_MaxOp
    : HLO_BinaryOp<"maximum", HLO_Tensor, "max(lhs, rhs)", [Commutative]>;
def StableHLO_MinOp
    : HLO_BinaryOp<"minimum", HLO_Tensor, "min(lhs, rhs)", [Commutative]>;
def StableHLO_PowOp : HLO_BinaryOp<"power", HLO_Tensor, "lhs ^ rhs">;
def StableHLO_AndOp
    : HLO_BinaryOp<"and", HLO_IntTensor, "lhs & rhs", [Commutative]>;
def StableHLO_OrOp
    : HLO_BinaryOp<"or", HLO_IntTensor, "lhs | rhs", [Commutative]>;
def StableHLO_XorOp
    : HLO_BinaryOp<"xor", HLO_IntTensor, "lhs ^ rhs (bitwise)", [Commutative]>;

def StableHLO_Atan2Op : HLO_BinaryOp<"atan2", HLO_FpTensor, "atan2(lhs, rhs)">;
def StableHLO_ShiftLeftOp : HLO_BinaryOp<"shift_left", HLO_IntTensor,
    "lhs << rhs (0 when rhs is negative or at least the bit width)">;
def StableHLO_ShiftRightArithmeticOp : HLO_BinaryOp<"shift_right_arithmetic",
    HLO_IntTensor,
    "lhs >> rhs, sign-filling (the sign when rhs is negative or at least the "
    "bit width)">;
def StableHLO_ShiftRightLogicalOp : HLO_BinaryOp<"shift_right_logical",
    HLO_IntTensor,
    "lhs >> rhs, zero-filling (0 when rhs is negative or at least the bit "
    "width)">;

def StableHLO_ClampOp : StableHLO_Op<"clamp", [Pure]> {
  let summary = "element-wise clamp to [min, max]";
  let description = [{
    `min(max(operand, min), max)`; `min` and `max` have the operand's shape or
    are scalar tensors.

    ```mlir
    %r = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:`
      custom<SameOperandsAndResultType>(type($min), type($operand), type($max),
                                        type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_ConvertOp : StableHLO_Op<"convert",
    [Pure, SameOperandsAndResultShape, Elementwise]> {
  let summary = "element-wise element-type conversion";
  let description = [{
    Converts every element to the result element type (float/integer/pred,
    as StableHLO's `convert`). JAX prints `: T` when the types coincide.

    ```mlir
    %r = stablehlo.convert %x : (tensor<3x4xf32>) -> tensor<3x4xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert",
    [Pure, SameOperandsAndResultShape, Elementwise]> {
  let summary = "element-wise reinterpretation of the bits";
  let description = [{
    Every element's bits read as the result element type (StableHLO spec:
    `bitcast_convert`). The subset has only the form of equal bit widths
    (the verifier refuses others), which jax.random emits to turn 32 random
    bits into a float in [1, 2).

    ```mlir
    %f = stablehlo.bitcast_convert %bits : (tensor<5x6xui32>) -> tensor<5x6xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_CompareOp : StableHLO_Op<"compare",
    [Pure, SameOperandsAndResultShape, SameTypeOperands, Elementwise]> {
  let summary = "element-wise comparison";
  let description = [{
    Compares `lhs` and `rhs` element-wise with `comparison_direction`;
    `compare_type` says how (FLOAT, SIGNED, UNSIGNED, TOTALORDER; absent: by
    element type). The result is a tensor of `i1`.

    ```mlir
    %p = stablehlo.compare GT, %a, %b, FLOAT
        : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<5x16xi1>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      StableHLO_ComparisonDirectionAttr:$comparison_direction,
      OptionalAttr<StableHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    `` $comparison_direction `,` $lhs `,` $rhs (`,` `` $compare_type^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SelectOp : StableHLO_Op<"select", [Pure]> {
  let summary = "element-wise choice by a predicate";
  let description = [{
    `on_true` where `pred` holds, else `on_false`. `pred` is a tensor of `i1`
    of the shape of the operands, or a scalar tensor choosing whole operands.

    ```mlir
    %r = stablehlo.select %p, %a, %b : tensor<5x16xi1>, tensor<5x16xf32>
    ```
  }];
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
      HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants and generators
//===----------------------------------------------------------------------===//

def StableHLO_ConstantOp : StableHLO_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "output"]>,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "a constant tensor";
  let description = [{
    ```mlir
    %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
}

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "indices along one dimension";
  let description = [{
    Every element is its index along `iota_dimension`.

    ```mlir
    %i = stablehlo.iota dim = 0 : tensor<3xi32>
    ```
  }];
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcast along mapped dimensions";
  let description = [{
    Dimension `i` of `operand` becomes dimension `broadcast_dimensions[i]` of
    the result; an operand dimension of size 1 is repeated.

    ```mlir
    %b = stablehlo.broadcast_in_dim %x, dims = [1]
        : (tensor<16xf32>) -> tensor<5x16xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
      DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "reshape in row-major order";
  let description = [{
    ```mlir
    %r = stablehlo.reshape %x : (tensor<16xf32>) -> tensor<1x16xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose", [Pure]> {
  let summary = "permute dimensions";
  let description = [{
    Result dimension `i` is operand dimension `permutation[i]`.

    ```mlir
    %t = stablehlo.transpose %x, dims = [1, 0]
        : (tensor<4x16xf32>) -> tensor<16x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $permutation attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SliceOp : StableHLO_Op<"slice", [Pure]> {
  let summary = "static strided slice";
  let description = [{
    `[start:limit]` or `[start:limit:stride]` per dimension.

    ```mlir
    %s = stablehlo.slice %x [1:3, 0:4] : (tensor<6x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$start_indices,
      DenseI64ArrayAttr:$limit_indices, DenseI64ArrayAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate", [Pure]> {
  let summary = "concatenate along one dimension";
  let description = [{
    ```mlir
    %c = stablehlo.concatenate %a, %b, dim = 0
        : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_PadOp : StableHLO_Op<"pad", [Pure]> {
  let summary = "edge and interior padding";
  let description = [{
    Pads with the scalar `padding_value`: `edge_padding_low`/`high` elements
    before/after each dimension (negative values cut), `interior_padding`
    elements between neighbours.

    ```mlir
    %p = stablehlo.pad %x, %zero, low = [1, 0], high = [0, 2], interior = [0, 0]
        : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x6xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_ScalarTensor:$padding_value,
      DenseI64ArrayAttr:$edge_padding_low, DenseI64ArrayAttr:$edge_padding_high,
      DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,`
      `high` `=` $edge_padding_high `,` `interior` `=` $interior_padding
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse",
    [Pure, AllTypesMatch<["operand", "result"]>]> {
  let summary = "reverse the order of elements along dimensions";
  let description = [{
    ```mlir
    %r = stablehlo.reverse %x, dims = [1] : tensor<3x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dimensions attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice", [Pure]> {
  let summary = "slice at run-time start indices";
  let description = [{
    A `slice_sizes` slice of `operand` starting at the scalar
    `start_indices`, one per dimension. Each start is clamped to
    `[0, dim - size]`, so the slice always lies inside the operand.

    ```mlir
    %s = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 4]
        : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
      Variadic<0DTensorOf<[HLO_Int]>>:$start_indices,
      DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandWithAttribute>($start_indices)
      `sizes` `=` $slice_sizes attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicUpdateSliceOp
    : StableHLO_Op<"dynamic_update_slice", [Pure]> {
  let summary = "overwrite a slice at run-time start indices";
  let description = [{
    `operand` with `update` written at the scalar `start_indices`; each start
    is clamped to `[0, dim - update dim]`.

    ```mlir
    %u = stablehlo.dynamic_update_slice %x, %row, %i, %j
        : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
      Variadic<0DTensorOf<[HLO_Int]>>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_GatherOp : StableHLO_Op<"gather", [Pure]> {
  let summary = "gather slices at computed offsets (generic form)";
  let description = [{
    StableHLO `gather`. JAX prints it in generic form:

    ```mlir
    %g = "stablehlo.gather"(%table, %idx) <{dimension_numbers =
        #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
        start_index_map = [0], index_vector_dim = 1>,
        indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}>
        : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_IndexTensor:$start_indices,
      StableHLO_GatherDimensionNumbers:$dimension_numbers,
      DenseI64ArrayAttr:$slice_sizes,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure]> {
  let summary = "general tensor contraction";
  let description = [{
    Contracts `lhs_contracting_dimensions` with `rhs_contracting_dimensions`
    over shared `*_batching_dimensions`. The result dimensions are the batch
    dimensions, then the free dimensions of `lhs`, then those of `rhs`.

    ```mlir
    %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
        contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT]
        : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      DenseI64ArrayAttr:$lhs_batching_dimensions,
      DenseI64ArrayAttr:$rhs_batching_dimensions,
      DenseI64ArrayAttr:$lhs_contracting_dimensions,
      DenseI64ArrayAttr:$rhs_contracting_dimensions,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure]> {
  let summary = "N-d convolution with arbitrary dimension layouts";
  let description = [{
    StableHLO `convolution`: `dim_numbers` gives the role of each dimension,
    `window` the strides, padding, dilations and kernel reversal per spatial
    dimension (all optional).

    ```mlir
    %y = stablehlo.convolution(%x, %w)
        dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
        window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1],
                  rhs_dilate = [1, 1], reverse = [false, false]}
        {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
        : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      StableHLO_ConvDimensionNumbers:$dimension_numbers,
      ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
      ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    `(` operands `)` `dim_numbers` `=` custom<ConvDimensions>($dimension_numbers)
      `,` `window` `=` custom<WindowAttributes>($window_strides, $padding,
          $lhs_dilation, $rhs_dilation, $window_reversal)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Ops with a reducer region
//===----------------------------------------------------------------------===//

def StableHLO_ReduceOp : StableHLO_Op<"reduce",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduce dimensions with a reducer region";
  let description = [{
    Reduces `dimensions` of each input with the `body` (block arguments: the
    accumulators, then the input elements, all scalar tensors), starting from
    `init_values`. JAX prints a single-op reducer in short form:

    ```mlir
    %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add
        across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
    ```

    and any other reducer in region form:

    ```mlir
    %s = stablehlo.reduce(%x init: %zero) across dimensions = [1]
        : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
     reducer(%acc: tensor<f32>, %v: tensor<f32>) {
      %m = stablehlo.maximum %acc, %v : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_ScalarTensor>:$init_values,
      DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduce sliding windows (generic form)";
  let description = [{
    Pooling: each result element reduces one window of the (padded, dilated)
    input with `body`. JAX prints it in generic form:

    ```mlir
    %p = "stablehlo.reduce_window"(%x, %ninf) <{padding = dense<0> : tensor<4x2xi64>,
        window_dimensions = array<i64: 1, 2, 2, 1>,
        window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }) : (tensor<2x8x8x4xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_ScalarTensor>:$init_values,
      DenseI64ArrayAttr:$window_dimensions,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
      OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
      OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter",
    [RecursiveMemoryEffects]> {
  let summary = "scatter to the selected element of each window (generic form)";
  let description = [{
    The gradient of max pooling: in each window of `operand`, `select` picks
    one element; the matching element of `source` is combined into it with
    `scatter`, starting from `init_value`.

    ```mlir
    %g = "stablehlo.select_and_scatter"(%x, %dy, %zero) <{
        window_dimensions = array<i64: 1, 2, 2, 1>,
        window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<2x8x8x4xf32>, tensor<2x4x4x4xf32>, tensor<f32>) -> tensor<2x8x8x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$source,
      HLO_ScalarTensor:$init_value,
      OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "combine updates into slices at computed offsets (generic form)";
  let description = [{
    StableHLO `scatter`; the gradient of `gather`. JAX prints it in generic
    form:

    ```mlir
    %s = "stablehlo.scatter"(%zeros, %idx, %upd) <{indices_are_sorted = false,
        scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1],
        inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      HLO_IndexTensor:$scatter_indices, Variadic<HLO_Tensor>:$updates,
      StableHLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

def StableHLO_SortOp : StableHLO_Op<"sort",
    [RecursiveMemoryEffects, SameOperandsAndResultShape]> {
  let summary = "sort along one dimension with a comparator (generic form)";
  let description = [{
    Sorts the `inputs` (all of one shape) together along `dimension`: the
    `comparator` region receives two elements of every input (`lhs0, rhs0,
    lhs1, rhs1, ...`, scalar tensors) and returns `i1`, true when the left
    element goes first. `is_stable` keeps equal elements in input order.
    JAX prints it in generic form:

    ```mlir
    %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
      %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }) : (tensor<3x4xf32>, tensor<3x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

def StableHLO_CaseOp : StableHLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "run one of several branches chosen by an index (generic form)";
  let description = [{
    Runs branch `index` (the last branch when `index` is out of range) and
    returns what it returns. Branches take no arguments; they use values
    defined above. JAX prints it in generic form (`lax.switch`, `lax.cond`):

    ```mlir
    %r = "stablehlo.case"(%k) ({
      stablehlo.return %a : tensor<4xf32>
    }, {
      %n = stablehlo.negate %a : tensor<4xf32>
      stablehlo.return %n : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

def StableHLO_WhileOp : StableHLO_Op<"while", [RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "loop while a condition holds";
  let description = [{
    Runs `body` on the loop-carried values as long as `cond` returns true; the
    results are the final values. Both regions take the loop-carried values
    as arguments. JAX's `fori_loop` and `scan` print:

    ```mlir
    %r:2 = stablehlo.while(%iterArg = %zero, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %c = stablehlo.constant dense<5> : tensor<i32>
      %p = stablehlo.compare LT, %iterArg, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %c = stablehlo.constant dense<1> : tensor<i32>
      %i = stablehlo.add %iterArg, %c : tensor<i32>
      %y = stablehlo.negate %iterArg_0 : tensor<4xf32>
      stablehlo.return %i, %y : tensor<i32>, tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operand);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator]> {
  let summary = "terminator of reducer, comparator, branch and loop regions";
  let description = [{
    Ends a region of `reduce`, `reduce_window`, `select_and_scatter`,
    `scatter`, `sort`, `case` or `while`; inside any other op the verifier
    names that op (which is then not part of the subset).

    ```mlir
    stablehlo.return %m : tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$results);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ValueRange()); }]>];
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Annotations for XLA
//===----------------------------------------------------------------------===//

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call"> {
  let summary = "a call XLA resolves by its target's name";
  let description = [{
    Only written, never lowered: `--tofu-export-sharding="dialect=gspmd"`
    fixes an intermediate tensor's sharding for XLA's GSPMD partitioner with
    a call of `@Sharding` carrying an `mhlo.sharding` string, as JAX's
    `with_sharding_constraint` does. `--convert-stablehlo-to-linalg` reports
    it as outside the subset.

    ```mlir
    %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"}
        : (tensor<8x6xf32>) -> tensor<8x6xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       StrAttr:$call_target_name);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    custom<CallTarget>($call_target_name) `(` $inputs `)` attr-dict `:`
      functional-type($inputs, $results)
  }];
}

#endif // TOFU_DIALECT_STABLEHLO_STABLEHLOOPS_TD
