//===- EntrySignature.cpp - The entry function tofu-run calls -------------===//

#include "EntrySignature.h"

#include "Subprocess.h"

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"

#include <algorithm>

using namespace mlir;

namespace tofu_run {

namespace {

std::string describe(const char *kind, unsigned i, const std::string &name) {
  std::string out = std::string(kind) + " " + std::to_string(i);
  if (!name.empty())
    out += " (" + name + ")";
  return out;
}

std::string printed(Type type) {
  std::string out;
  llvm::raw_string_ostream os(out);
  type.print(os);
  return out;
}

ValueSpec valueSpec(const std::string &entry, Type type, DictionaryAttr attrs,
                    const char *kind, unsigned index) {
  ValueSpec v;
  if (attrs)
    if (auto name = attrs.getAs<StringAttr>(tofu::kNameAttrName))
      v.name = name.str();
  std::string what = describe(kind, index, v.name);
  Type element = type;
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    if (!isa<RankedTensorType, MemRefType>(type) || !shaped.hasRank())
      fatal("@" + entry + " " + what + " has type " + printed(type) +
            "; tofu-run supports ranked tensors and "
            "scalars");
    element = shaped.getElementType();
    for (int64_t d : shaped.getShape())
      v.shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
  } else {
    v.isTensor = false;
  }
  // The StableHLO import makes unsigned integers signless (the same bits,
  // docs/stablehlo.md "Unsigned integers"): they are read and written as
  // the signed arrays of their width.
  if (element.isUnsignedInteger())
    element =
        IntegerType::get(element.getContext(), element.getIntOrFloatBitWidth());
  if (!dtypeNamed(printed(element), v.dtype))
    fatal("@" + entry + " " + what + " has element type " + printed(element) +
          "; tofu-run supports " + dtypeList());
  // The C ABI passes half and bfloat scalars in vector registers, which the
  // generic call's integer slots for them would not match; 0-d tensors work.
  if (!v.isTensor && (v.dtype == DType::F16 || v.dtype == DType::BF16))
    fatal("@" + entry + " " + what + " is a " + printed(element) +
          " scalar; tofu-run passes f16 and bf16 only in tensors (use "
          "tensor<" +
          printed(element) + ">)");
  // The dialect has verified both against the plan and the value's type.
  if (attrs) {
    if (auto layout = attrs.getAs<tofu::LayoutAttr>(tofu::kLayoutAttrName))
      for (const tofu::LevelLayout &level : layout.getLevels())
        v.layout.push_back(level.getCode());
    if (auto global =
            attrs.getAs<DenseI64ArrayAttr>(tofu::kGlobalShapeAttrName))
      v.globalShape.assign(global.asArrayRef().begin(),
                           global.asArrayRef().end());
    // Padded shards do not multiply to the whole: scattering and gathering
    // need its shape (the materializer writes it).
    auto layout = attrs.getAs<tofu::LayoutAttr>(tofu::kLayoutAttrName);
    if (layout && v.globalShape.empty() &&
        llvm::any_of(layout.getLevels(),
                     [](const tofu::LevelLayout &l) { return l.isPadded(); }))
      fatal("@" + entry + " " + what +
            " has a padded tofu.layout but no tofu.global_shape (the whole "
            "shape its padded shards come from)");
  }
  // The harness counts bytes and strides in 64 bits (as the .npy reader
  // does): a type they overflow is refused, not allocated at a wrapped size.
  for (const std::vector<int64_t> *shape : {&v.shape, &v.globalShape}) {
    int64_t span = byteWidth(v.dtype);
    for (int64_t d : *shape)
      if (__builtin_mul_overflow(span, std::max<int64_t>(d, 1), &span))
        fatal("@" + entry + " " + what + " (" + printed(type) +
              (shape == &v.globalShape ? ", its tofu.global_shape" : "") +
              ") holds more bytes than 64 bits can count");
  }
  return v;
}

// The grid of the plan (or of the replicated ranks) and the rank count. The
// dialect has verified that the levels multiply to the workers.
void readGrid(ModuleOp module, EntrySpec &spec, std::optional<int64_t> ranks,
              int64_t &ranksOut) {
  ranksOut = ranks.value_or(1);
  auto plan = module->getAttrOfType<tofu::PlanAttr>(tofu::kPartitionAttrName);
  if (!plan) {
    // Unpartitioned: every rank runs the whole function (replicated).
    if (ranksOut > 1)
      spec.levelSizes = {ranksOut};
    return;
  }
  int64_t gpus = plan.getWorkers();
  spec.partitioned = true;
  spec.levelSizes.assign(plan.getLevels().begin(), plan.getLevels().end());
  if (spec.levelSizes.empty())
    spec.levelSizes = {gpus};
  if (ranks && *ranks != gpus)
    fatal("the module is partitioned for " + std::to_string(gpus) +
          " ranks (tofu.partition gpus = " + std::to_string(gpus) +
          ") but --ranks is " + std::to_string(*ranks));
  ranksOut = gpus;
}

} // namespace

EntrySpec entrySpecOf(ModuleOp module, const std::string &entry,
                      std::optional<int64_t> ranks, int64_t &ranksOut) {
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal()) {
    std::string names;
    for (auto f : module.getOps<func::FuncOp>())
      if (!f.isExternal())
        names += " @" + f.getSymName().str();
    fatal("the module has no function @" + entry + " (--entry); it defines:" +
          (names.empty() ? std::string(" none") : names));
  }
  EntrySpec spec;
  spec.entry = entry;
  readGrid(module, spec, ranks, ranksOut);
  FunctionType type = func.getFunctionType();
  for (unsigned i = 0; i < type.getNumInputs(); ++i)
    spec.args.push_back(valueSpec(entry, type.getInput(i),
                                  func.getArgAttrDict(i), "argument", i));
  for (unsigned k = 0; k < type.getNumResults(); ++k)
    spec.results.push_back(valueSpec(entry, type.getResult(k),
                                     func.getResultAttrDict(k), "result", k));
  return spec;
}

void prepareEntry(ModuleOp module, const std::string &entry) {
  MLIRContext *context = module.getContext();
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  // The entry gets a fixed C-interface name (a model's @main must not clash
  // with the program's main).
  for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (f != func &&
        (f.getSymName() == "main" || f.getSymName() == kEntrySymbol))
      if (failed(SymbolTable(module).rename(
              f, StringAttr::get(context,
                                 "tofu_run_renamed_" + f.getSymName().str()))))
        fatal("cannot rename @" + f.getSymName().str());
  if (func.getSymName() != kEntrySymbol &&
      failed(SymbolTable(module).rename(
          func, StringAttr::get(context, kEntrySymbol))))
    fatal("cannot rename @" + entry);
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
}

std::string gridString(const std::vector<int64_t> &levels) {
  std::string out;
  for (int64_t k : levels)
    out += (out.empty() ? "" : "x") + std::to_string(k);
  return out;
}

} // namespace tofu_run
