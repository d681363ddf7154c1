//===- TDLOps.td - TDL operations --------------------------*- tablegen -*-===//
#ifndef TOFU_DIALECT_TDL_TDLOPS_TD
#define TOFU_DIALECT_TDL_TDLOPS_TD

include "Tofu/Dialect/TDL/IR/TDLDialect.td"
include "Tofu/Dialect/TDL/IR/TDLAttrs.td"
include "Tofu/Interfaces/TDLDescriptionInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TDL_OperatorOp : TDL_Op<"operator", [Symbol, IsolatedFromAbove]> {
  let summary = "describes an operator as a lambda over output coordinates";
  let description = [{
    The iteration space is `dims` (the output dimensions, in order) followed by
    `reduction_dims`, whose values are combined with `reducer`. Each entry of
    `inputs` maps iteration coordinates to coordinates of one input: an
    `affine_map` (constant strides, offsets, dilations, `floordiv`/`mod` by
    constants), a `#tdl.guarded<...>` map, or — in rank-generic descriptions —
    an access pattern. The optional `output` map places iteration coordinates
    in the output (default: the output dimensions in order); a result `0`
    keeps a reduced dimension of extent 1.

    Symbols of the access maps are bound, in order, by `params`: *parameter
    references* read from the described operation when a description is
    instantiated: `attr.NAME`, `attr.NAME[k]`, `operand.N[k]` (a constant
    operand), `in.N.shape[k]`, `out.shape[k]`; in rank-generic descriptions
    `k` may be an affine expression of the dimension position `i`, such as
    `2*i+1`.

    Extents are inferred from the shapes of the operands that a dimension
    indexes directly; the attribute `extents = {kh = "attr.kernel[0]"}` gives
    the others (parameter references, or integers in concrete descriptions).

    The body receives one element per input and yields the value that is
    reduced (for operators without reduction: the output element);
    `tdl.index` reads an iteration coordinate. The attribute `init = N`
    makes input `N` (read through the output map) the initial accumulator.
    A description without a body describes accesses only.

    `dims ["..."]` makes the description rank-generic: one output dimension
    per dimension of the described op's result (of its first input when it
    reduces); its reduction dimensions are then parameter references naming
    positions, such as `["attr.axis"]`.

    The paper's `conv1d`:

    ```mlir
    tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
        inputs [affine_map<(b, co, x, ci, dx) -> (b, ci, x + dx)>,
                affine_map<(b, co, x, ci, dx) -> (ci, co, dx)>] {
    ^bb0(%data: f32, %filter: f32):
      %0 = arith.mulf %data, %filter : f32
      tdl.yield %0 : f32
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       StrArrayAttr:$dims,
                       OptionalAttr<TDL_Reducer>:$reducer,
                       OptionalAttr<StrArrayAttr>:$reduction_dims,
                       ArrayAttr:$inputs,
                       OptionalAttr<AffineMapAttr>:$output,
                       OptionalAttr<StrArrayAttr>:$params,
                       OptionalAttr<I64Attr>:$init,
                       OptionalAttr<DictionaryAttr>:$extents);
  let regions = (region AnyRegion:$body);
  let assemblyFormat = [{
    $sym_name `dims` $dims (`reduce` $reducer^ $reduction_dims)?
    `inputs` $inputs (`output` $output^)? (`params` $params^)?
    attr-dict-with-keyword ($body^)?
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// True for `dims ["..."]` descriptions.
    bool isRankGeneric();
    /// Number of dimensions of the iteration space (not rank-generic only).
    unsigned getNumLoops();
    /// All dimension names: output dimensions, then reduction dimensions.
    ::llvm::SmallVector<::llvm::StringRef> getLoopNames();
  }];
}

def TDL_OpaqueOp : TDL_Op<"opaque", [Symbol]> {
  let summary = "describes an operator TDL cannot express";
  let description = [{
    An opaque operator is splittable only along its `batch` dimensions. Each
    entry of `inputs` lists, per input dimension, the output dimension that
    indexes it or `":"` for the whole dimension — the paper's `x[b, :, :]`.

    ```mlir
    tdl.opaque @batch_cholesky dims ["b", "i", "j"] batch ["b"]
        inputs [["b", ":", ":"]]
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrArrayAttr:$dims,
                       StrArrayAttr:$batch,
                       TypedArrayAttrBase<StrArrayAttr, "slices">:$inputs);
  let assemblyFormat = [{
    $sym_name `dims` $dims `batch` $batch `inputs` $inputs attr-dict
  }];
  let hasVerifier = 1;
}

def TDL_YieldOp : TDL_Op<"yield", [Pure, Terminator,
                                   HasParent<"OperatorOp">]> {
  let summary = "yields the body's scalar value";
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def TDL_IndexOp : TDL_Op<"index", [Pure, HasParent<"OperatorOp">]> {
  let summary = "the value of one iteration coordinate inside a body";
  let description = [{
    ```mlir
    %x = tdl.index 2
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$dim attr-dict";
  let hasVerifier = 1;
}

def TDL_ApplyOp : TDL_Op<"apply", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<TDLDescriptionOpInterface>]> {
  let summary = "computes a TDL-described operator on tensors";
  let description = [{
    Applies a `tdl.operator` or `tdl.opaque` description to tensor operands.
    Attributes on the op are visible to the description's parameter
    references as `attr.NAME`. Its TDL description (the
    `TDLDescriptionOpInterface`, implemented natively) is the callee
    instantiated for the operands' shapes.

    ```mlir
    %b = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyRankedTensor>:$operands);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, $result)
  }];
}

#endif // TOFU_DIALECT_TDL_TDLOPS_TD
