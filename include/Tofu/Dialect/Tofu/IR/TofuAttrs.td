//===- TofuAttrs.td - The plan's attributes -----------------*- tablegen -*-===//
#ifndef TOFU_DIALECT_TOFU_TOFUATTRS_TD
#define TOFU_DIALECT_TOFU_TOFUATTRS_TD

include "Tofu/Dialect/Tofu/IR/TofuDialect.td"

def Tofu_Reducer : I32EnumAttr<"Reducer",
    "how the partial values of a level combine", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"mul", 1>,
    I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>,
    // C++ reserves and, or and xor: the enumerators are bit_and, ...
    I32EnumAttrCase<"bit_and", 4, "and">, I32EnumAttrCase<"bit_or", 5, "or">,
    I32EnumAttrCase<"bit_xor", 6, "xor">]> {
  let cppNamespace = "::mlir::tofu";
  let genSpecializedAttr = 0;
}

// `[a, b, ...]` of integers (the plan's levels).
def Tofu_IntList : ArrayRefParameter<"int64_t", "list of integers"> {
  let parser = "::mlir::tofu::parseIntList($_parser)";
  let printer = "::mlir::tofu::printIntList($_printer, $_self)";
}

// `[l0, l1, ...]` of level placements (see LayoutAttr).
def Tofu_LevelLayoutList
    : ArrayRefParameter<"::mlir::tofu::LevelLayout", "per level placement"> {
  let parser = "::mlir::tofu::parseLevelLayouts($_parser)";
  let printer = "::mlir::tofu::printLevelLayouts($_printer, $_self)";
}

// `[l0, l1, ...]` of loop indices or `replicated` (see StrategyAttr).
def Tofu_LoopList : ArrayRefParameter<"int64_t", "per level split loop"> {
  let parser = "::mlir::tofu::parseLoopList($_parser)";
  let printer = "::mlir::tofu::printLoopList($_printer, $_self)";
}

def Tofu_LayoutAttr : Tofu_Attr<"Layout", "layout"> {
  let summary = "how a tensor is placed on the workers, level by level";
  let description = [{
    One entry per recursion level of the plan (level 0 first), each one of

    - `N`: the level splits dimension `N` evenly among the members of its
      group (each holds one block);
    - `padded<N>`: the level splits dimension `N`, which its group size does
      not divide, into blocks of the rounded-up size, the last block(s)
      padded (the padding holds no data; docs/materialization.md);
    - `replicated`: every member holds the same values;
    - `partial<R>`: every member holds a partial value; the whole is their
      combination by `R` (`add`, `mul`, `max`, `min`, `and`, `or`, `xor`).

    A worker with coordinates `(c_0, ..., c_{L-1})` holds, of a dimension
    split at several levels, block `c_0` of the whole, then block `c_1` of
    that, and so on (row-major, level 0 most significant). A layout with no
    entries is that of a plan of one worker.

    ```mlir
    #tofu.layout<[0, 1]>                          // rows at level 0, columns at 1
    #tofu.layout<[1, replicated]>
    #tofu.layout<[0, partial<add>, padded<2>]>
    ```
  }];
  let parameters = (ins Tofu_LevelLayoutList:$levels);
  let assemblyFormat = "`<` $levels `>`";
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<int64_t>":$codes), [{
      return $_get($_ctxt, ::mlir::tofu::levelLayoutsFromCodes(codes));
    }]>
  ];
  let extraClassDeclaration = [{
    unsigned getNumLevels() const { return getLevels().size(); }
    /// The layout as the materializer's codes: per level the split
    /// dimension, LevelLayout::kReplicatedCode or LevelLayout::kPartialCode.
    ::llvm::SmallVector<int64_t> getCodes() const;
    /// True if no level splits the tensor or holds partial values.
    bool isReplicated() const;
    /// Checks the layout against a value of `rank` in a plan of `numLevels`
    /// levels; returns an explanation ("" if it fits).
    std::string check(int64_t rank, int64_t numLevels) const;
  }];
}

def Tofu_StrategyAttr : Tofu_Attr<"Strategy", "strategy"> {
  let summary = "how an op is partitioned, level by level";
  let description = [{
    One entry per recursion level of the plan: the loop of the op's
    iteration space (its TDL description's output dimensions, then its
    reduction dimensions) that the level splits, `replicated` when every
    member of the level's group computes the whole op, or `linear` when
    every member computes the whole op on the partial sums its operands
    hold there (the op is linear in them) and its results are partial sums,
    combined into each result's layout unless that layout is partial (one
    combination of the result instead of one per operand).
    `stage` names the pipeline stage that runs the op.

    ```mlir
    #tofu.strategy<[0, 2]>
    #tofu.strategy<[replicated, 1]>
    #tofu.strategy<[linear]>
    #tofu.strategy<[0], stage = 1>
    ```
  }];
  let parameters = (ins Tofu_LoopList:$loops,
                    OptionalParameter<"std::optional<int64_t>">:$stage);
  let assemblyFormat = "`<` $loops (`,` `stage` `=` $stage^)? `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<int64_t>":$loops), [{
      return $_get($_ctxt, loops, std::nullopt);
    }]>
  ];
  let extraClassDeclaration = [{
    /// The code of a level that replicates the op.
    static constexpr int64_t kReplicatedLoop = -1;
    /// The code of a level that computes the op whole on partial operands.
    static constexpr int64_t kLinearLoop = -2;
    unsigned getNumLevels() const { return getLoops().size(); }
    /// True if no level splits the op.
    bool isReplicated() const;
  }];
}

def Tofu_MaterializedAttr : Tofu_Attr<"Materialized", "materialized"> {
  let summary = "what materializing a plan did";
  let description = [{
    Recorded in the plan by `--tofu-materialize`: the ops computed on blocks
    of their iteration space, the ops every worker computes whole, and the
    collectives inserted. Its presence says that the function named by the
    plan is the per-worker (SPMD) program.

    ```mlir
    #tofu.materialized<partitioned_ops = 3, replicated_ops = 1, collectives = 2>
    ```
  }];
  let parameters = (ins "int64_t":$partitioned_ops, "int64_t":$replicated_ops,
                    "int64_t":$collectives);
  let assemblyFormat = "`<` struct(params) `>`";
}

def Tofu_PlanAttr : Tofu_Attr<"Plan", "plan"> {
  let summary = "a program's partition over workers";
  let description = [{
    The module's `tofu.partition`. `workers` is the number of workers (MPI
    ranks, GPUs), `levels` the factors of the recursive partition (their
    product is `workers`; none for one worker). The optional fields say how
    the plan was found and what it costs:

    - `strategy`: the search (`"tofu"`, `"equal-chop"`, ...);
    - `machine`: the machine model the search costed with;
    - `function`: the function the plan partitions (default: the only one);
    - `comm_bytes`: the search's estimate of the bytes communicated;
    - `materialized`: set when the function is the SPMD program (see
      `#tofu.materialized`);
    - `stages`, `microbatches`, `schedule`: pipeline parallelism. `stages`
      is the number of pipeline stages; it is then the first entry of
      `levels` (level 0 is the stage axis: every op runs whole on its stage,
      named by `stage` in its `#tofu.strategy`, and values are replicated
      along it), the other levels partition each stage's ops over its
      devices. `microbatches` is the number of pieces the step's batch is
      cut into, `schedule` the order the stages run them in (`"gpipe"`,
      `"1f1b"`, `"interleaved"`). See docs/pipeline.md.
    - `virtual_stages`: with `schedule = "interleaved"` (and only then),
      the model chunks per stage rank, 2 or more: the ops' `stage`s are
      then chunks 0 .. stages * virtual_stages - 1, and rank r runs chunks
      r, r + stages, ... (Megatron-LM's interleaved 1F1B).

    ```mlir
    #tofu.plan<workers = 4, levels = [2, 2], strategy = "tofu",
               machine = "k80-pcie", function = "main", comm_bytes = 4096>
    ```
  }];
  let parameters = (ins
    "int64_t":$workers,
    Tofu_IntList:$levels,
    OptionalParameter<"::mlir::StringAttr">:$strategy,
    OptionalParameter<"::mlir::StringAttr">:$machine,
    OptionalParameter<"::mlir::StringAttr">:$function,
    OptionalParameter<"std::optional<int64_t>">:$comm_bytes,
    OptionalParameter<"::mlir::tofu::MaterializedAttr">:$materialized,
    OptionalParameter<"std::optional<int64_t>">:$microbatches,
    OptionalParameter<"::mlir::StringAttr">:$schedule,
    OptionalParameter<"std::optional<int64_t>">:$stages,
    OptionalParameter<"std::optional<int64_t>">:$virtual_stages
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getNumLevels() const { return getLevels().size(); }
    /// The plan with `materialized` set to `stats`.
    PlanAttr withMaterialized(MaterializedAttr stats) const;
  }];
}

#endif // TOFU_DIALECT_TOFU_TOFUATTRS_TD
