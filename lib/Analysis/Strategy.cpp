//===- Strategy.cpp - Basic 2-way partition strategies --------------------===//

#include "Tofu/Analysis/Strategy.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tofu;

SmallVector<std::string>
mlir::tofu::symbolicVariableNames(const OpDescription &desc,
                                  ArrayRef<std::string> params) {
  SmallVector<std::string> names;
  for (const std::string &loop : desc.loopNames)
    names.push_back(llvm::StringRef(loop).upper());
  for (const std::string &p : params)
    names.push_back(p);
  return names;
}

namespace {

/// `expr` split into `coefficient * d_loop + rest` where rest does not use
/// the loop; fails when the loop appears non-linearly.
struct Decomposition {
  int64_t coefficient = 0;
  AffineExpr rest;
};

void collectTerms(AffineExpr e, SmallVectorImpl<AffineExpr> &terms) {
  if (e.getKind() == AffineExprKind::Add) {
    auto bin = cast<AffineBinaryOpExpr>(e);
    collectTerms(bin.getLHS(), terms);
    collectTerms(bin.getRHS(), terms);
    return;
  }
  terms.push_back(e);
}

std::optional<Decomposition> decompose(AffineExpr e, unsigned loop) {
  SmallVector<AffineExpr> terms;
  collectTerms(e, terms);
  Decomposition result;
  result.rest = getAffineConstantExpr(0, e.getContext());
  bool found = false;
  for (AffineExpr t : terms) {
    if (!t.isFunctionOfDim(loop)) {
      result.rest = result.rest + t;
      continue;
    }
    if (found)
      return std::nullopt;
    found = true;
    if (auto d = dyn_cast<AffineDimExpr>(t)) {
      result.coefficient = 1;
      continue;
    }
    if (t.getKind() != AffineExprKind::Mul)
      return std::nullopt;
    auto bin = cast<AffineBinaryOpExpr>(t);
    auto d = dyn_cast<AffineDimExpr>(bin.getLHS());
    auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
    if (!d || !c)
      return std::nullopt;
    result.coefficient = c.getValue();
  }
  if (!found || result.coefficient == 0)
    return std::nullopt;
  return result;
}

class Discoverer {
public:
  Discoverer(const OpDescription &desc, unsigned numSymbols, std::string &error)
      : desc(desc), error(error), numLoops(desc.getNumLoops()),
        numVars(numLoops + numSymbols), concrete(desc.hasConcreteExtents()) {
    for (unsigned d = 0; d < numLoops; ++d) {
      if (concrete)
        fullRanges.push_back(IntRange{0, desc.extents[d] - 1});
      fullSymbolic.push_back(
          SymbolicInterval{LinearForm::ofConstant(numVars, 0),
                           LinearForm::ofVariable(numVars, d, 1, -1)});
    }
    for (unsigned s = 0; s < numSymbols; ++s) {
      LinearForm f = LinearForm::ofVariable(numVars, numLoops + s, 1, 0);
      symbols.push_back(SymbolicInterval{f, f});
    }
  }

  FailureOr<std::vector<Strategy>> run() {
    std::vector<Strategy> strategies;
    for (unsigned loop = 0; loop < numLoops; ++loop) {
      if (!desc.isSplittable(loop))
        continue;
      if (desc.isReduction[loop] && !desc.reducer)
        continue;
      // A dimension of extent 1 cannot be shared by two workers.
      if (concrete && desc.extents[loop] < 2)
        continue;
      Strategy s;
      if (failed(split(loop, s)))
        return failure();
      strategies.push_back(std::move(s));
    }
    return strategies;
  }

private:
  std::array<IntRange, 2> workerRanges(unsigned loop) const {
    int64_t x = desc.extents[loop], h = x / 2;
    return {IntRange{0, h - 1}, IntRange{h, x - 1}};
  }

  std::array<SymbolicInterval, 2> workerSymbolic(unsigned loop) const {
    LinearForm half = LinearForm::ofVariable(numVars, loop, Rational(1, 2), 0);
    LinearForm zero = LinearForm::ofConstant(numVars, 0);
    LinearForm one = LinearForm::ofConstant(numVars, 1);
    return {SymbolicInterval{zero, half - one},
            SymbolicInterval{half, fullSymbolic[loop].hi}};
  }

  FailureOr<DimRequirement> classify(AffineExpr e, unsigned loop, bool whole,
                                     std::array<IntRange, 2> regions) {
    DimRequirement req;
    if (whole || !e.isFunctionOfDim(loop))
      return req;
    if (std::optional<Decomposition> dec = decompose(e, loop)) {
      int64_t a = dec->coefficient < 0 ? -dec->coefficient : dec->coefficient;
      if (concrete) {
        FailureOr<IntRange> rest =
            evaluateConcrete(dec->rest, fullRanges, error);
        if (failed(rest))
          return failure();
        req.haloLo = -rest->lo;
        req.haloHi = rest->hi - (a - 1);
        bool point = rest->lo == rest->hi;
        req.kind = point || (req.haloLo == 0 && req.haloHi == 0)
                       ? DimRequirement::Kind::Half
                       : DimRequirement::Kind::Halo;
        if (req.kind == DimRequirement::Kind::Half)
          req.haloLo = req.haloHi = 0;
        return req;
      }
      FailureOr<SymbolicInterval> rest =
          evaluateSymbolic(dec->rest, fullSymbolic, symbols, error);
      if (failed(rest))
        return failure();
      LinearForm lo = rest->lo.scaled(-1);
      LinearForm hi = rest->hi - LinearForm::ofConstant(numVars, a - 1);
      bool zero = lo.isConstant() && lo.constant.isZero() && hi.isConstant() &&
                  hi.constant.isZero();
      if (rest->isPoint() || zero) {
        req.kind = DimRequirement::Kind::Half;
        return req;
      }
      req.kind = DimRequirement::Kind::Halo;
      req.symbolicHalo = std::make_pair(lo, hi);
      return req;
    }
    // The loop appears non-linearly (inside floordiv/mod, or twice).
    if (concrete) {
      IntRange r0 = regions[0], r1 = regions[1];
      if (r0 == r1)
        return req;
      if (r0.hi < r1.lo || r1.hi < r0.lo || r0.empty() || r1.empty()) {
        req.kind = DimRequirement::Kind::Half;
        return req;
      }
      req.kind = DimRequirement::Kind::Halo;
      req.haloHi = std::min(r0.hi, r1.hi) - std::max(r0.lo, r1.lo) + 1;
      return req;
    }
    req.kind = e.getKind() == AffineExprKind::Mod ? DimRequirement::Kind::All
                                                  : DimRequirement::Kind::Half;
    return req;
  }

  LogicalResult split(unsigned loop, Strategy &s) {
    s.loop = loop;
    s.kind = desc.isReduction[loop] ? Strategy::Kind::Reduction
                                    : Strategy::Kind::Output;
    std::array<SmallVector<IntRange>, 2> workerDims;
    std::array<SmallVector<SymbolicInterval>, 2> workerSym;
    for (unsigned w = 0; w < 2; ++w) {
      if (concrete) {
        workerDims[w] = fullRanges;
        workerDims[w][loop] = workerRanges(loop)[w];
      }
      workerSym[w] = fullSymbolic;
      workerSym[w][loop] = workerSymbolic(loop)[w];
    }
    for (const InputAccess &in : desc.inputs) {
      SmallVector<DimRequirement> reqs;
      std::array<SmallVector<IntRange>, 2> regions;
      std::array<SmallVector<SymbolicInterval>, 2> symRegions;
      for (auto [pos, e] : llvm::enumerate(in.map.getResults())) {
        bool whole = !in.whole.empty() && in.whole.test(pos);
        std::array<IntRange, 2> dimRegions;
        for (unsigned w = 0; w < 2; ++w) {
          if (concrete) {
            IntRange bounds{0, in.shape[pos] - 1};
            if (whole) {
              dimRegions[w] = bounds;
            } else {
              FailureOr<IntRange> r = evaluateConcrete(e, workerDims[w], error);
              if (failed(r))
                return failure();
              dimRegions[w] = in.guarded ? r->intersect(bounds) : *r;
            }
            regions[w].push_back(dimRegions[w]);
          } else if (!whole) {
            FailureOr<SymbolicInterval> r =
                evaluateSymbolic(e, workerSym[w], symbols, error);
            if (failed(r))
              return failure();
            symRegions[w].push_back(*r);
          } else {
            symRegions[w].push_back(
                SymbolicInterval{LinearForm::ofConstant(numVars, 0),
                                 LinearForm::ofConstant(numVars, 0)});
          }
        }
        FailureOr<DimRequirement> req = classify(e, loop, whole, dimRegions);
        if (failed(req))
          return failure();
        reqs.push_back(*req);
      }
      s.inputs.push_back(std::move(reqs));
      if (concrete)
        s.inputRegions.push_back(std::move(regions));
      else
        s.symbolicRegions.push_back(std::move(symRegions));
    }
    for (AffineMap out : desc.outputMaps) {
      SmallVector<bool> half;
      std::array<SmallVector<IntRange>, 2> regions;
      for (AffineExpr e : out.getResults()) {
        half.push_back(s.kind == Strategy::Kind::Output &&
                       e.isFunctionOfDim(loop));
        if (!concrete)
          continue;
        for (unsigned w = 0; w < 2; ++w) {
          FailureOr<IntRange> r = evaluateConcrete(
              e, s.kind == Strategy::Kind::Output ? workerDims[w] : fullRanges,
              error);
          if (failed(r))
            return failure();
          regions[w].push_back(*r);
        }
      }
      s.outputs.push_back(std::move(half));
      if (concrete)
        s.outputRegions.push_back(std::move(regions));
    }
    return success();
  }

  const OpDescription &desc;
  std::string &error;
  unsigned numLoops, numVars;
  bool concrete;
  SmallVector<IntRange> fullRanges;
  SmallVector<SymbolicInterval> fullSymbolic, symbols;
};
} // namespace

FailureOr<std::vector<Strategy>>
mlir::tofu::discoverStrategies(const OpDescription &desc, unsigned numSymbols,
                               std::string &error) {
  return Discoverer(desc, numSymbols, error).run();
}
