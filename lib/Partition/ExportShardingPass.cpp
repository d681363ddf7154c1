//===- ExportShardingPass.cpp - Tofu's plan as XLA sharding annotations ---===//
//
// --tofu-export-sharding: plans a StableHLO module (a stamped copy of it,
// imported into linalg and searched) and writes the plan into the StableHLO
// module itself as Shardy (sdy) or GSPMD (mhlo.sharding) annotations, so that
// XLA executes Tofu's partition. The StableHLO text stays what JAX wrote:
// only annotations are added. See docs/xla.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Dialect/StableHLO/IR/Sdy.h"
#include "Tofu/Dialect/StableHLO/IR/StableHLO.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"

#include <map>

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUEXPORTSHARDING
#include "Tofu/Partition/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

constexpr StringLiteral kStampPrefix = "tofu.export#";
constexpr StringLiteral kMeshName = "mesh";

/// A tensor's sharding over the mesh: per dimension the mesh axes (level
/// indices, outermost first) that split it.
using DimAxes = SmallVector<SmallVector<unsigned>>;

/// The stamp index of `loc` (the op of the entry it was made for), if any.
std::optional<unsigned> stampOf(Location loc) {
  std::optional<unsigned> found;
  loc->walk([&](Location inner) {
    auto name = dyn_cast<NameLoc>(inner);
    unsigned index;
    if (name && name.getName().getValue().starts_with(kStampPrefix) &&
        !name.getName()
             .getValue()
             .drop_front(kStampPrefix.size())
             .getAsInteger(10, index)) {
      found = index;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// The layouts the search gave the values of the StableHLO entry: its
/// arguments, its results and (op index, result index) of its ops.
struct PlannedLayouts {
  SmallVector<int64_t> levels;
  SmallVector<LayoutAttr> arguments, results;
  std::map<std::pair<unsigned, unsigned>, LayoutAttr> values;
};

/// True if a user of `v` outside the ops made for stamp `stamp` reads it: the
/// value stands for the StableHLO op's result.
bool leavesStamp(Value v, unsigned stamp) {
  for (Operation *user : v.getUsers())
    if (isa<func::ReturnOp>(user) || stampOf(user->getLoc()) != stamp)
      return true;
  return false;
}

/// The layout of a value of the planned (linalg) entry.
LayoutAttr layoutOf(Value v, func::FuncOp planned) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return planned.getArgAttrOfType<LayoutAttr>(arg.getArgNumber(),
                                                kLayoutAttrName);
  Operation *def = v.getDefiningOp();
  auto layouts = def->getAttrOfType<ArrayAttr>(kLayoutsAttrName);
  unsigned index = cast<OpResult>(v).getResultNumber();
  if (!layouts || index >= layouts.size())
    return {};
  return dyn_cast<LayoutAttr>(layouts[index]);
}

/// Maps the planned entry's layouts back to the StableHLO entry `func`.
FailureOr<PlannedLayouts> readLayouts(ModuleOp planned, func::FuncOp func) {
  auto plan = planned->getAttrOfType<PlanAttr>(kPartitionAttrName);
  auto pfunc = planned.lookupSymbol<func::FuncOp>(func.getSymName());
  if (!plan || !pfunc || pfunc.getNumArguments() != func.getNumArguments() ||
      pfunc.getNumResults() != func.getNumResults())
    return func.emitError()
           << "the imported entry does not keep @" << func.getSymName()
           << "'s signature, so its plan cannot be written back";
  PlannedLayouts out;
  out.levels.assign(plan.getLevels().begin(), plan.getLevels().end());
  for (unsigned i = 0; i < pfunc.getNumArguments(); ++i)
    out.arguments.push_back(
        pfunc.getArgAttrOfType<LayoutAttr>(i, kLayoutAttrName));
  Operation *ret = pfunc.getBody().front().getTerminator();
  for (Value v : ret->getOperands())
    out.results.push_back(layoutOf(v, pfunc));

  SmallVector<Operation *> ops;
  for (Operation &op : func.getBody().front().without_terminator())
    ops.push_back(&op);
  for (Operation &op : pfunc.getBody().front().without_terminator()) {
    std::optional<unsigned> stamp = stampOf(op.getLoc());
    if (!stamp || *stamp >= ops.size() || !op.hasAttr(kLayoutsAttrName))
      continue;
    Operation *original = ops[*stamp];
    for (OpResult r : op.getResults()) {
      LayoutAttr layout = layoutOf(r, pfunc);
      if (!layout || !leavesStamp(r, *stamp))
        continue;
      // The StableHLO result of the same type: the last value made under
      // the stamp wins for a one-result op; a multi-result op's results are
      // taken in order.
      for (OpResult o : original->getResults()) {
        if (o.getType() != r.getType())
          continue;
        auto key = std::make_pair(*stamp, o.getResultNumber());
        if (original->getNumResults() == 1 || !out.values.count(key)) {
          out.values[key] = layout;
          break;
        }
      }
    }
  }
  return out;
}

/// Plans a stamped copy of the module (nested in it while the pipeline
/// runs, then erased) and reads its layouts back.
FailureOr<PlannedLayouts>
planCopy(ModuleOp module, func::FuncOp func, const TofuSearchOptions &search,
         llvm::function_ref<LogicalResult(OpPassManager &, Operation *)> run) {
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto copy = ModuleOp::create(b, module.getLoc());
  OpBuilder inner = OpBuilder::atBlockEnd(copy.getBody());
  IRMapping mapping;
  for (Operation &op : module.getBody()->getOperations())
    if (&op != copy.getOperation())
      inner.clone(op, mapping);
  auto cfunc = copy.lookupSymbol<func::FuncOp>(func.getSymName());
  unsigned index = 0;
  for (Operation &op : cfunc.getBody().front().without_terminator()) {
    std::string name = (kStampPrefix + Twine(index++)).str();
    op.setLoc(
        NameLoc::get(StringAttr::get(module.getContext(), name), op.getLoc()));
  }
  OpPassManager pm(ModuleOp::getOperationName());
  pm.addPass(createTofuLowerStableHLO());
  pm.addPass(createTofuSearch(search));
  FailureOr<PlannedLayouts> layouts = failure();
  if (succeeded(run(pm, copy)))
    layouts = readLayouts(copy, func);
  copy.erase();
  return layouts;
}

/// What an annotation of one value says, or an error naming the value.
struct ValueSharding {
  DimAxes dims;
  /// A level holds partial sums: an intermediate gets no constraint.
  bool partial = false;
};

/// `loc` if it points into a file, else `fallback` (JAX names arguments
/// `loc("x")`, which no file position goes with).
Location located(Location loc, Location fallback) {
  bool inFile = false;
  loc->walk([&](Location inner) {
    inFile |= isa<FileLineColLoc>(inner);
    return inFile ? WalkResult::interrupt() : WalkResult::advance();
  });
  return inFile ? loc : fallback;
}

/// A readable name of argument/result `index` (JAX's location name if any).
std::string describe(StringRef kind, unsigned index, Location loc) {
  std::string text = (kind + " " + Twine(index)).str();
  if (auto name = dyn_cast<NameLoc>(loc))
    text += " ('" + name.getName().str() + "')";
  return text;
}

FailureOr<ValueSharding> shardingOf(LayoutAttr layout, ShapedType type,
                                    bool boundary, Location loc,
                                    StringRef what) {
  ValueSharding out;
  out.dims.resize(type.getRank());
  if (!layout)
    return out;
  for (auto [level, l] : llvm::enumerate(layout.getLevels())) {
    if (l.isPartial()) {
      out.partial = true;
      continue;
    }
    if (!l.isSplit())
      continue;
    if (l.isPadded() && boundary)
      return emitError(loc)
             << what << " (" << type << "): Tofu's plan splits dimension "
             << l.getDim() << " unevenly at level " << level
             << " (padded); JAX's in_shardings and out_shardings take even "
                "splits only: plan with levels whose sizes divide it";
    out.dims[l.getDim()].push_back(level);
  }
  return out;
}

/// `[{"a"}, {}]`: Shardy's dimension shardings.
std::string sdyDims(const DimAxes &dims, ArrayRef<std::string> axes) {
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(dims)) {
    text += i ? ", {" : "{";
    for (auto [j, a] : llvm::enumerate(d))
      text += (j ? ", \"" : "\"") + axes[a] + "\"";
    text += "}";
  }
  return text + "]";
}

/// GSPMD's sharding string: the tile assignment, devices listed in the
/// order of the tiles (mesh coordinates row-major, level 0 outermost).
std::string gspmdSharding(const DimAxes &dims, ArrayRef<int64_t> sizes) {
  int64_t devices = 1, tiled = 1;
  for (int64_t s : sizes)
    devices *= s;
  SmallVector<int64_t> tiles;
  SmallVector<bool> used(sizes.size(), false);
  for (const auto &d : dims) {
    int64_t t = 1;
    for (unsigned a : d) {
      t *= sizes[a];
      used[a] = true;
    }
    tiles.push_back(t);
    tiled *= t;
  }
  if (tiled == 1)
    return "{replicated}";
  // A tile's index: per dimension its axes' coordinates (outermost first),
  // then the unused axes' (the replicated last dimension).
  SmallVector<SmallVector<unsigned>> groups(dims.begin(), dims.end());
  groups.emplace_back();
  for (unsigned a = 0; a < sizes.size(); ++a)
    if (!used[a])
      groups.back().push_back(a);
  SmallVector<int64_t> order(devices);
  for (int64_t dev = 0; dev < devices; ++dev) {
    SmallVector<int64_t> coord(sizes.size());
    for (int64_t a = sizes.size() - 1, rest = dev; a >= 0; --a) {
      coord[a] = rest % sizes[a];
      rest /= sizes[a];
    }
    int64_t tile = 0;
    for (const auto &g : groups)
      for (unsigned a : g)
        tile = tile * sizes[a] + coord[a];
    order[tile] = dev;
  }
  std::string text = "{devices=[";
  for (auto [i, t] : llvm::enumerate(tiles))
    text += (i ? "," : "") + std::to_string(t);
  if (tiled != devices)
    text += "," + std::to_string(devices / tiled);
  text += "]";
  for (auto [i, d] : llvm::enumerate(order))
    text += (i ? "," : "") + std::to_string(d);
  if (tiled != devices)
    text += " last_tile_dim_replicate";
  return text + "}";
}

class ExportShardingPass
    : public tofu::impl::TofuExportShardingBase<ExportShardingPass> {
public:
  using Base::Base;

  /// The dialects of the pipeline run on the copy, which must be loaded
  /// before any pass runs.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createTofuLowerStableHLO());
    pm.addPass(createTofuSearch());
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override;

private:
  func::FuncOp findEntry(ModuleOp module);
  Attribute annotation(const DimAxes &dims);
  void constrain(OpBuilder &b, Value v, const DimAxes &dims);
  LogicalResult annotate(func::FuncOp func, const PlannedLayouts &layouts,
                         llvm::json::Object &summary);
  void writeMesh(ModuleOp module);

  SmallVector<std::string> axisNames;
  SmallVector<int64_t> axisSizes;
};

func::FuncOp ExportShardingPass::findEntry(ModuleOp module) {
  if (!entry.empty()) {
    auto f = module.lookupSymbol<func::FuncOp>(entry);
    if (!f || f.isExternal())
      module.emitError() << "entry=" << entry
                         << ": no function with a body of that name";
    return f && !f.isExternal() ? f : func::FuncOp();
  }
  auto f = module.lookupSymbol<func::FuncOp>("main");
  if (f && !f.isExternal())
    return f;
  for (auto candidate : module.getOps<func::FuncOp>())
    if (candidate.isPublic() && !candidate.isExternal())
      return candidate;
  module.emitError() << "no public function with a body to annotate";
  return {};
}

Attribute ExportShardingPass::annotation(const DimAxes &dims) {
  MLIRContext *ctx = &getContext();
  if (dialect == ShardingDialect::gspmd)
    return StringAttr::get(ctx, gspmdSharding(dims, axisSizes));
  return sdy_subset::TextAttr::get(ctx, "sharding<@" + kMeshName.str() + ", " +
                                            sdyDims(dims, axisNames) + ">");
}

void ExportShardingPass::constrain(OpBuilder &b, Value v, const DimAxes &dims) {
  Operation *c;
  if (dialect == ShardingDialect::gspmd) {
    c = stablehlo_subset::CustomCallOp::create(
        b, v.getLoc(), TypeRange{v.getType()}, ValueRange{v},
        b.getStringAttr("Sharding"));
    c->setAttr("mhlo.sharding", annotation(dims));
  } else {
    OperationState state(v.getLoc(), "sdy.sharding_constraint");
    state.addOperands(v);
    state.addTypes(v.getType());
    state.addAttribute("sharding", annotation(dims));
    c = b.create(state);
  }
  v.replaceAllUsesExcept(c->getResult(0), c);
}

/// [["a"], []]: a sharding's axis names per dimension, for the JSON summary.
llvm::json::Array jsonDims(const DimAxes &dims, ArrayRef<std::string> axes) {
  llvm::json::Array out;
  for (const auto &d : dims) {
    llvm::json::Array names;
    for (unsigned a : d)
      names.push_back(axes[a]);
    out.push_back(std::move(names));
  }
  return out;
}

LogicalResult ExportShardingPass::annotate(func::FuncOp func,
                                           const PlannedLayouts &layouts,
                                           llvm::json::Object &summary) {
  StringRef attrName =
      dialect == ShardingDialect::gspmd ? "mhlo.sharding" : "sdy.sharding";
  llvm::json::Array args, results;
  for (auto [i, arg] : llvm::enumerate(func.getArguments())) {
    auto type = cast<ShapedType>(arg.getType());
    FailureOr<ValueSharding> s =
        shardingOf(layouts.arguments[i], type, /*boundary=*/true,
                   located(arg.getLoc(), func.getLoc()),
                   describe("argument", i, arg.getLoc()));
    if (failed(s))
      return failure();
    func.setArgAttr(i, attrName, annotation(s->dims));
    args.push_back(jsonDims(s->dims, axisNames));
  }
  Operation *ret = func.getBody().front().getTerminator();
  for (auto [i, v] : llvm::enumerate(ret->getOperands())) {
    auto type = cast<ShapedType>(v.getType());
    FailureOr<ValueSharding> s =
        shardingOf(layouts.results[i], type, /*boundary=*/true, ret->getLoc(),
                   describe("result", i, ret->getLoc()));
    if (failed(s))
      return failure();
    func.setResultAttr(i, attrName, annotation(s->dims));
    results.push_back(jsonDims(s->dims, axisNames));
  }
  SmallVector<Operation *> ops;
  for (Operation &op : func.getBody().front().without_terminator())
    ops.push_back(&op);
  int64_t written = 0, partial = 0;
  for (const auto &[key, layout] : layouts.values) {
    if (!constraints)
      break;
    Value v = ops[key.first]->getResult(key.second);
    auto type = dyn_cast<ShapedType>(v.getType());
    if (!type)
      continue;
    FailureOr<ValueSharding> s =
        shardingOf(layout, type, /*boundary=*/false, v.getLoc(), "");
    if (failed(s))
      return failure();
    if (s->partial) {
      ++partial;
      continue;
    }
    OpBuilder b(ops[key.first]->getContext());
    b.setInsertionPointAfter(ops[key.first]);
    constrain(b, v, s->dims);
    ++written;
  }
  summary["arguments"] = std::move(args);
  summary["results"] = std::move(results);
  summary["constraints"] = written;
  summary["unconstrained_partial"] = partial;
  return success();
}

void ExportShardingPass::writeMesh(ModuleOp module) {
  MLIRContext *ctx = &getContext();
  Builder b(ctx);
  int64_t workers = 1;
  for (int64_t s : axisSizes)
    workers *= s;
  module->setAttr("mhlo.num_partitions", b.getI32IntegerAttr(workers));
  module->setAttr("mhlo.num_replicas", b.getI32IntegerAttr(1));
  if (dialect != ShardingDialect::sdy)
    return;
  std::string mesh = "mesh<[";
  for (auto [i, name] : llvm::enumerate(axisNames))
    mesh += (i ? ", \"" : "\"") + name + "\"=" + std::to_string(axisSizes[i]);
  mesh += "]>";
  OperationState state(module.getLoc(), "sdy.mesh");
  state.addAttribute("sym_name", b.getStringAttr(kMeshName));
  state.addAttribute("mesh", sdy_subset::TextAttr::get(ctx, mesh));
  OpBuilder ob = OpBuilder::atBlockBegin(module.getBody());
  ob.create(state);
}

/// Refuses what the pass cannot annotate before any search runs.
LogicalResult checkInput(ModuleOp module, func::FuncOp func) {
  if (module->hasAttr(kPartitionAttrName))
    return module.emitError()
           << "--tofu-export-sharding takes the StableHLO module JAX "
              "lowered, not a planned one (it plans the module itself)";
  if (module.lookupSymbol(kMeshName))
    return module.emitError() << "the module already has a symbol @"
                              << kMeshName << " (annotated already?)";
  bool stablehlo = false;
  for (Operation &op : func.getBody().front())
    stablehlo |= op.getName().getDialectNamespace() == "stablehlo";
  if (!stablehlo)
    return func.emitError()
           << "@" << func.getSymName()
           << " holds no StableHLO op: --tofu-export-sharding annotates "
              "modules JAX lowered (jax.jit(f).lower(...).as_text())";
  for (Type t :
       llvm::concat<const Type>(func.getArgumentTypes(), func.getResultTypes()))
    if (!isa<RankedTensorType>(t))
      return func.emitError()
             << "@" << func.getSymName() << " takes or returns " << t
             << ", not a ranked tensor";
  return success();
}

/// Axis names Shardy and JAX accept: identifiers, each once.
LogicalResult checkAxes(ModuleOp module, ArrayRef<std::string> axes,
                        ArrayRef<unsigned> levels) {
  llvm::StringSet<> seen;
  for (const std::string &a : axes) {
    bool ok = !a.empty() && (isalpha(a[0]) || a[0] == '_') &&
              llvm::all_of(a, [](char c) { return isalnum(c) || c == '_'; });
    if (!ok)
      return module.emitError() << "axes=: '" << a
                                << "' is not an axis name (letters, digits "
                                   "and '_', not starting with a digit)";
    if (!seen.insert(a).second)
      return module.emitError() << "axes=: '" << a << "' is named twice";
  }
  if (!axes.empty() && !levels.empty() && axes.size() != levels.size())
    return module.emitError() << "axes= names " << axes.size()
                              << " mesh axes, levels= has " << levels.size();
  return success();
}

void ExportShardingPass::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<std::string> axisList(axes.begin(), axes.end());
  SmallVector<unsigned> levelList(levels.begin(), levels.end());
  if (failed(checkAxes(module, axisList, levelList)))
    return signalPassFailure();
  func::FuncOp func = findEntry(module);
  if (!func || failed(checkInput(module, func)))
    return signalPassFailure();
  TofuSearchOptions search;
  search.gpus = gpus;
  search.levels.assign(levels.begin(), levels.end());
  search.strategy = strategy;
  search.machine = machine;
  search.objective = objective;
  search.partials = partials;
  search.entry = func.getSymName().str();
  search.report = report;
  FailureOr<PlannedLayouts> layouts =
      planCopy(module, func, search, [&](OpPassManager &pm, Operation *op) {
        return runPipeline(pm, op);
      });
  if (failed(layouts))
    return signalPassFailure();
  axisSizes.assign(layouts->levels.begin(), layouts->levels.end());
  if (!axes.empty() && axes.size() != axisSizes.size()) {
    module.emitError() << "axes= names " << axes.size()
                       << " mesh axes; the plan has " << axisSizes.size()
                       << " levels (give levels= as well)";
    return signalPassFailure();
  }
  axisNames.clear();
  for (unsigned i = 0; i < axisSizes.size(); ++i)
    axisNames.push_back(axes.empty() ? "l" + std::to_string(i) : axes[i]);
  llvm::json::Object summary;
  if (failed(annotate(func, *layouts, summary)))
    return signalPassFailure();
  writeMesh(module);
  if (shardings.empty())
    return;
  llvm::json::Array mesh;
  for (auto [name, size] : llvm::zip(axisNames, axisSizes))
    mesh.push_back(llvm::json::Object{{"name", name}, {"size", size}});
  summary["mesh"] = std::move(mesh);
  summary["dialect"] = dialect == ShardingDialect::sdy ? "sdy" : "gspmd";
  std::string error;
  auto out = openOutputFile(shardings, &error);
  if (!out) {
    module.emitError() << "cannot write '" << shardings << "': " << error;
    return signalPassFailure();
  }
  out->os() << llvm::formatv("{0:2}", llvm::json::Value(std::move(summary)))
            << "\n";
  out->keep();
}

} // namespace
