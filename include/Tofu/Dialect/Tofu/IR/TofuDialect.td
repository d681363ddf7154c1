//===- TofuDialect.td - The Tofu dialect: the partition plan -*- tablegen -*-===//
#ifndef TOFU_DIALECT_TOFU_TOFUDIALECT_TD
#define TOFU_DIALECT_TOFU_TOFUDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Tofu_Dialect : Dialect {
  let name = "tofu";
  let cppNamespace = "::mlir::tofu";
  let summary = "The partition plan and the names Tofu gives to ops";
  let description = [{
    The Tofu dialect has no operations. It owns the attributes that say how a
    program is partitioned over workers (the *plan*) and the naming
    attributes the model zoo and autodiff attach, so
    that every pass reads and writes them through generated accessors and the
    dialect verifies them once.

    The plan (written by `--tofu-partition`, read by `--tofu-materialize` and
    `tofu-run`):

    | Attribute | On | Value |
    |---|---|---|
    | `tofu.partition` | the module | `#tofu.plan<...>`: workers, levels, how it was found, estimates |
    | `tofu.strategy` | each planned op | `#tofu.strategy<...>`: per level, the loop the op is split along |
    | `tofu.layouts` | each planned op | `[#tofu.layout<...>, ...]`: per result, how the plan lays it out |
    | `tofu.layout` | function arguments and results | `#tofu.layout<...>` |
    | `tofu.global_shape` | function arguments and results | `array<i64: ...>`: the whole tensor's shape |

    ```mlir
    module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2],
                                                   function = "main">} {
      func.func @main(%x: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0, 1]>},
                      %w: tensor<4x6xf32> {tofu.layout = #tofu.layout<[replicated, replicated]>})
          -> tensor<8x6xf32> {
        ...
        %y = linalg.matmul {tofu.strategy = #tofu.strategy<[0, 2]>,
                            tofu.layouts = [#tofu.layout<[0, 1]>]} ...
    ```

    The naming attributes hold builtin values:

    | Attribute | On | Value |
    |---|---|---|
    | `tofu.name` | ops, function arguments | string: a unique, deterministic name |
    | `tofu.param` | function arguments | unit: a trained parameter |
    | `tofu.lr` | function arguments | unit: the learning rate of a training step |
    | `tofu.batch_dim` | function arguments | integer: the dimension of a data argument that walks the batch (default 0; an RNN's `[steps, batch, ...]` inputs have 1); pipelining cuts it into microbatches |
    | `tofu.step` | ops | integer: the RNN timestep the op belongs to |
    | `tofu.fwd` | ops | string: the forward op a backward op differentiates |
    | `tofu.grad_of` | ops | string: the value (`<op>#<result>` or `arg<N>`) whose gradient the op computes |
    | `tofu.update_of` | ops | string: the parameter an SGD update writes |
    | `tofu.fusion` | functions | `{before = N, after = M}`: linalg ops before and after fusion |

    The verifier checks each attribute's value, and, against the plan on the
    nearest enclosing op that has one: that a layout or strategy has one entry
    per level of the plan, that split dimensions are within the value's rank,
    and that an op has one layout per result. Any other `tofu.*` attribute is
    an error.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;

  // Generates TofuDialect::<Name>AttrHelper: the attribute's name (one
  // spelling, here) and typed get/set/remove on ops. Function argument and
  // result attributes use the helpers' getNameStr().
  let discardableAttrs = (ins
    "::mlir::tofu::PlanAttr":$partition,
    "::mlir::tofu::StrategyAttr":$strategy,
    "::mlir::ArrayAttr":$layouts,
    "::mlir::tofu::LayoutAttr":$layout,
    "::mlir::DenseI64ArrayAttr":$global_shape,
    "::mlir::StringAttr":$name,
    "::mlir::UnitAttr":$param,
    "::mlir::UnitAttr":$lr,
    "::mlir::IntegerAttr":$batch_dim,
    "::mlir::IntegerAttr":$step,
    "::mlir::StringAttr":$fwd,
    "::mlir::StringAttr":$grad_of,
    "::mlir::StringAttr":$update_of,
    "::mlir::DictionaryAttr":$fusion
  );
  let extraClassDeclaration = [{
    /// The names of every attribute the dialect defines ("tofu.name", ...).
    static ::llvm::ArrayRef<::llvm::StringLiteral> getAttributeNames();
  }];
}

class Tofu_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tofu_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TOFU_DIALECT_TOFU_TOFUDIALECT_TD
