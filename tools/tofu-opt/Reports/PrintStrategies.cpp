//===- PrintStrategies.cpp - Print basic 2-way strategies -----------------===//
//
// Text and JSON printers for the strategies of every op and of every
// standalone TDL description. Output is sorted by position in the module, so
// it is stable from run to run.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"
#include "Tofu/Analysis/Strategy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/JSON.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUPRINTSTRATEGIES
#include "Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

std::string locationString(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto named = dyn_cast<NameLoc>(loc))
    return named.getName().str();
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

/// One analysed op or description, ready to print.
struct Analysed {
  std::string op;
  std::string loc;
  OpDescription desc;
  SmallVector<std::string> varNames;
  std::vector<Strategy> strategies;
};

const char *kindName(DimRequirement::Kind k) {
  switch (k) {
  case DimRequirement::Kind::All:
    return "all";
  case DimRequirement::Kind::Half:
    return "half";
  case DimRequirement::Kind::Halo:
    return "halo";
  }
  llvm_unreachable("unknown kind");
}

void printRequirement(raw_ostream &os, const DimRequirement &r,
                      ArrayRef<std::string> names) {
  if (r.kind != DimRequirement::Kind::Halo) {
    os << kindName(r.kind);
    return;
  }
  os << "halo(";
  if (r.symbolicHalo) {
    r.symbolicHalo->first.print(os, names);
    os << ", ";
    r.symbolicHalo->second.print(os, names);
  } else {
    os << r.haloLo << ", " << r.haloHi;
  }
  os << ")";
}

void printRange(raw_ostream &os, const IntRange &r) {
  if (r.empty())
    os << "none";
  else
    os << r.lo << ":" << r.hi;
}

void printText(raw_ostream &os, const Analysed &a) {
  const OpDescription &d = a.desc;
  os << a.op << " at " << a.loc << "\n  loops:";
  for (unsigned l = 0; l < d.getNumLoops(); ++l) {
    os << " " << d.loopNames[l];
    if (d.hasConcreteExtents())
      os << "=" << d.extents[l];
    if (d.isReduction[l])
      os << "(" << tdl::stringifyReducer(*d.reducer) << ")";
  }
  if (d.opaque)
    os << " [opaque]";
  os << "\n";
  if (a.strategies.empty())
    os << "  no strategies\n";
  for (const Strategy &s : a.strategies) {
    os << "  split " << d.loopNames[s.loop]
       << (s.kind == Strategy::Kind::Output ? " (output):" : " (reduction):");
    for (auto [i, reqs] : llvm::enumerate(s.inputs)) {
      os << " in" << i << "[";
      llvm::interleaveComma(reqs, os, [&](const DimRequirement &r) {
        printRequirement(os, r, a.varNames);
      });
      os << "]";
    }
    os << " ->";
    if (s.kind == Strategy::Kind::Reduction) {
      os << " partial(" << tdl::stringifyReducer(*d.reducer) << ")";
    } else {
      for (const SmallVector<bool> &half : s.outputs) {
        os << " [";
        llvm::interleaveComma(half, os,
                              [&](bool h) { os << (h ? "half" : "all"); });
        os << "]";
      }
    }
    os << "\n";
    for (unsigned w = 0; w < 2; ++w) {
      os << "    worker " << w << ":";
      if (d.hasConcreteExtents()) {
        for (auto [i, regions] : llvm::enumerate(s.inputRegions)) {
          os << " in" << i << "[";
          llvm::interleaveComma(regions[w], os,
                                [&](const IntRange &r) { printRange(os, r); });
          os << "]";
        }
        os << " ->";
        for (const auto &regions : s.outputRegions) {
          os << " [";
          llvm::interleaveComma(regions[w], os,
                                [&](const IntRange &r) { printRange(os, r); });
          os << "]";
        }
      } else {
        for (auto [i, regions] : llvm::enumerate(s.symbolicRegions)) {
          os << " in" << i << "[";
          const llvm::SmallBitVector &whole = d.inputs[i].whole;
          for (auto [pos, r] : llvm::enumerate(regions[w])) {
            os << (pos ? ", " : "");
            if (!whole.empty() && whole.test(pos))
              os << ":";
            else
              r.print(os, a.varNames);
          }
          os << "]";
        }
      }
      os << "\n";
    }
  }
}

llvm::json::Value requirementJSON(const DimRequirement &r,
                                  ArrayRef<std::string> names) {
  if (r.kind != DimRequirement::Kind::Halo)
    return kindName(r.kind);
  if (r.symbolicHalo) {
    std::string lo, hi;
    llvm::raw_string_ostream los(lo), his(hi);
    r.symbolicHalo->first.print(los, names);
    r.symbolicHalo->second.print(his, names);
    return llvm::json::Object{{"halo", llvm::json::Array{lo, hi}}};
  }
  return llvm::json::Object{{"halo", llvm::json::Array{r.haloLo, r.haloHi}}};
}

llvm::json::Value regionsJSON(ArrayRef<IntRange> ranges) {
  llvm::json::Array a;
  for (const IntRange &r : ranges)
    a.push_back(llvm::json::Array{r.lo, r.hi});
  return a;
}

llvm::json::Value toJSON(const Analysed &a) {
  const OpDescription &d = a.desc;
  llvm::json::Array loops;
  for (unsigned l = 0; l < d.getNumLoops(); ++l) {
    llvm::json::Object loop{
        {"name", d.loopNames[l]},
        {"kind", d.isReduction[l] ? "reduction" : "parallel"}};
    if (d.hasConcreteExtents())
      loop["extent"] = d.extents[l];
    loops.push_back(std::move(loop));
  }
  llvm::json::Array strategies;
  for (const Strategy &s : a.strategies) {
    llvm::json::Array inputs;
    for (const auto &reqs : s.inputs) {
      llvm::json::Array dims;
      for (const DimRequirement &r : reqs)
        dims.push_back(requirementJSON(r, a.varNames));
      inputs.push_back(std::move(dims));
    }
    llvm::json::Object obj{
        {"kind", s.kind == Strategy::Kind::Output ? "output" : "reduction"},
        {"dim", s.loop},
        {"dim_name", d.loopNames[s.loop]},
        {"inputs", std::move(inputs)}};
    if (s.kind == Strategy::Kind::Reduction) {
      obj["output"] = llvm::json::Object{
          {"partial", tdl::stringifyReducer(*d.reducer).str()}};
    } else {
      llvm::json::Array out;
      for (bool h : s.outputs.front())
        out.push_back(h ? "half" : "all");
      obj["output"] = std::move(out);
    }
    if (d.hasConcreteExtents()) {
      llvm::json::Array workers;
      for (unsigned w = 0; w < 2; ++w) {
        llvm::json::Array ins;
        for (const auto &regions : s.inputRegions)
          ins.push_back(regionsJSON(regions[w]));
        workers.push_back(llvm::json::Object{
            {"inputs", std::move(ins)},
            {"output", regionsJSON(s.outputRegions.front()[w])}});
      }
      obj["workers"] = std::move(workers);
    }
    strategies.push_back(std::move(obj));
  }
  llvm::json::Object result{{"op", a.op},
                            {"loc", a.loc},
                            {"opaque", d.opaque},
                            {"loops", std::move(loops)},
                            {"strategies", std::move(strategies)}};
  return result;
}

struct TofuPrintStrategiesPass
    : public tofu::impl::TofuPrintStrategiesBase<TofuPrintStrategiesPass> {
  using Base::Base;

  void runOnOperation() override {
    // The shipped library, parsed once per context; user files come
    // from --tdl-load-library.
    if (failed(tdl::getDescriptionLibrary(&getContext())))
      return signalPassFailure();

    std::vector<Analysed> results;
    bool failedAny = false;
    auto analyse = [&](Operation *op, std::string name, OpDescription desc,
                       ArrayRef<std::string> params) {
      Analysed a;
      a.op = std::move(name);
      a.loc = locationString(op->getLoc());
      a.varNames = symbolicVariableNames(desc, params);
      std::string error;
      FailureOr<std::vector<Strategy>> strategies =
          discoverStrategies(desc, params.size(), error);
      if (failed(strategies)) {
        // A standalone parametric description may scale by a parameter; the
        // analysis rejects that product until the params are bound, which
        // happens where the description is applied.
        if (!params.empty() && !desc.hasConcreteExtents()) {
          op->emitWarning("not analysed symbolically: ")
              << error << "; its strategies are computed where it is applied";
          return;
        }
        op->emitError("interval analysis failed: ") << error;
        failedAny = true;
        return;
      }
      a.desc = std::move(desc);
      a.strategies = std::move(*strategies);
      results.push_back(std::move(a));
    };

    for (Operation &op : getOperation().getBody()->getOperations()) {
      if (auto def = dyn_cast<tdl::OperatorOp>(op)) {
        if (def.isRankGeneric())
          continue; // Only meaningful once instantiated on an op.
        SmallVector<std::string> params;
        if (auto p = def.getParams())
          for (Attribute a : *p)
            params.push_back(cast<StringAttr>(a).getValue().str());
        analyse(&op, "@" + def.getSymName().str(), describeSymbolically(&op),
                params);
      } else if (auto opaque = dyn_cast<tdl::OpaqueOp>(op)) {
        analyse(&op, "@" + opaque.getSymName().str(), describeSymbolically(&op),
                {});
      } else if (auto func = dyn_cast<func::FuncOp>(op)) {
        for (Operation &inner : func.getBody().getOps()) {
          if (isStructuralNoOp(&inner))
            continue;
          FailureOr<OpDescription> desc = tofu::getDescription(&inner);
          if (failed(desc)) {
            failedAny = true;
            continue;
          }
          analyse(&inner, inner.getName().getStringRef().str(),
                  std::move(*desc), {});
        }
      }
    }

    raw_ostream &os = llvm::outs();
    if (format == ReportFormat::Json) {
      llvm::json::Array ops;
      for (const Analysed &a : results)
        ops.push_back(toJSON(a));
      os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                       {"ops", std::move(ops)}}))
         << "\n";
    } else {
      for (const Analysed &a : results)
        printText(os, a);
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
