//===- TDLAttrs.td - TDL attributes ------------------------*- tablegen -*-===//
#ifndef TOFU_DIALECT_TDL_TDLATTRS_TD
#define TOFU_DIALECT_TDL_TDLATTRS_TD

include "Tofu/Dialect/TDL/IR/TDLDialect.td"
include "Tofu/Dialect/TDL/IR/TDLInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def TDL_Reducer : I32EnumAttr<"Reducer", "reduction combiner", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"prod", 3>]> {
  let cppNamespace = "::mlir::tdl";
}

//===----------------------------------------------------------------------===//
// Access patterns: rank-generic accesses instantiated from an op's shapes and
// attributes. They let one library description serve every rank of an op.
//===----------------------------------------------------------------------===//

def TDL_GuardedAttr : TDL_Attr<"Guarded", "guarded"> {
  let summary = "an access that may fall outside its input (reads padding)";
  let description = [{
    Wraps another access. Coordinates outside the input's extent read the
    operator's padding value instead of an element; interval analysis clamps
    the regions it computes to the input. Used by padded convolutions, `pad`
    and `concat`.

    ```mlir
    #tdl.guarded<affine_map<(x, dx) -> (x + dx - 1)>>
    ```
  }];
  let parameters = (ins "::mlir::Attribute":$access);
  let assemblyFormat = "`<` $access `>`";
  let genVerifyDecl = 1;
}

def TDL_BroadcastAttr : TDL_Attr<"Broadcast", "broadcast",
    [DeclareAttrInterfaceMethods<TDL_AccessPatternAttrInterface>]> {
  let summary = "identity access with numpy broadcasting";
  let description = [{
    Input dimension `j` of an input of rank `r` is read at iteration
    coordinate `j + (R - r)` where `R` is the rank of the iteration space,
    except that a dimension of extent 1 facing a larger one is read at 0.
    Element-wise operators use it for all their inputs.
  }];
}

def TDL_PermuteAttr : TDL_Attr<"Permute", "permute",
    [DeclareAttrInterfaceMethods<TDL_AccessPatternAttrInterface>]> {
  let summary = "transpose access: output dim i reads input dim perms[i]";
  let description = [{
    `#tdl.permute<"attr.perms">`: the permutation is read from the op through
    the parameter reference (see `tdl.operator`).
  }];
  let parameters = (ins "::mlir::StringAttr":$perms);
  let assemblyFormat = "`<` $perms `>`";
}

def TDL_ReshapeAttr : TDL_Attr<"Reshape", "reshape",
    [DeclareAttrInterfaceMethods<TDL_AccessPatternAttrInterface>]> {
  let summary = "row-major reshape access (linearize, then delinearize)";
  let description = [{
    The iteration coordinates are linearized in row-major order over the
    output shape and delinearized over the input shape, with `floordiv` and
    `mod` by constants.
  }];
}

def TDL_ShiftAttr : TDL_Attr<"Shift", "shift",
    [DeclareAttrInterfaceMethods<TDL_AccessPatternAttrInterface>]> {
  let summary = "strided, offset access: input[i * stride + scale * offset[i]]";
  let description = [{
    `#tdl.shift<offsets = "operand.1[i]">` reads input coordinate
    `i * stride[i] + scale * offset[i]` for each iteration coordinate `i`.
    Offsets and strides are parameter references; `scale` is `1` or `-1`
    (a negated offset describes low padding). When the input and the
    iteration space differ in rank (rank-reducing `extract_slice`,
    rank-expanding `insert_slice`), `sizes` names the slice sizes of the
    larger side, whose unit dimensions are dropped to align the two; a dropped
    input dimension is read at its offset.

    ```mlir
    #tdl.shift<offsets = "operand.1[i]">                // tosa.slice
    #tdl.shift<offsets = "operand.1[2*i]", scale = -1>  // tosa.pad (low)
    #tdl.shift<offsets = "attr.static_offsets[i]",
               strides = "attr.static_strides[i]">
    ```
  }];
  let parameters = (ins "::mlir::StringAttr":$offsets,
                        OptionalParameter<"::mlir::StringAttr">:$strides,
                        OptionalParameter<"::mlir::StringAttr">:$sizes,
                        DefaultValuedParameter<"int64_t", "1">:$scale);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TDL_TileAttr : TDL_Attr<"Tile", "tile",
    [DeclareAttrInterfaceMethods<TDL_AccessPatternAttrInterface>]> {
  let summary = "tiling access: input[i mod D] for each dimension";
}

def TDL_ConcatAttr : TDL_Attr<"Concat", "concat",
    [DeclareAttrInterfaceMethods<TDL_AccessPatternAttrInterface,
                                 ["isGuardedAccess", "isVariadic"]>]> {
  let summary = "concatenation access along an axis";
  let description = [{
    `#tdl.concat<"attr.axis">`: input `k` is read along the axis at
    `i - (sum of the extents of inputs 0..k-1)`, guarded, and at `i`
    along every other dimension.
  }];
  let parameters = (ins "::mlir::StringAttr":$axis);
  let assemblyFormat = "`<` $axis `>`";
}

def TDL_ReverseAttr : TDL_Attr<"Reverse", "reverse",
    [DeclareAttrInterfaceMethods<TDL_AccessPatternAttrInterface>]> {
  let summary = "reversal along one axis";
  let description = [{
    `#tdl.reverse<"attr.axis">`: input coordinate `D - 1 - i` along the axis
    (`D` its extent), `i` along every other dimension (`tosa.reverse`).
  }];
  let parameters = (ins "::mlir::StringAttr":$axis);
  let assemblyFormat = "`<` $axis `>`";
}

def TDL_WholeAttr : TDL_Attr<"Whole", "whole",
    [DeclareAttrInterfaceMethods<TDL_AccessPatternAttrInterface,
                                 ["readsWhole"]>]> {
  let summary = "the whole input, read by every iteration";
  let description = [{
    Every dimension of the input is read whole (the paper's `:`), as by a
    data-dependent lookup (`tosa.table`'s table). Splits never divide it.
  }];
}

#endif // TOFU_DIALECT_TDL_TDLATTRS_TD
