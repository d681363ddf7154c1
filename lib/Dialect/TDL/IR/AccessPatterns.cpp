//===- AccessPatterns.cpp - Expanding rank-generic accesses ---------------===//
//
// Each access pattern attribute turns itself into an affine map over the
// iteration space of the op it is instantiated for. Errors name the
// description and are located at the op, since a library entry that does not
// fit an op is a property of that op's attributes and shapes.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/TDL/IR/ParamRef.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"

using namespace mlir;
using namespace mlir::tdl;

InFlightDiagnostic PatternSite::emitError() const {
  return op->emitOpError("cannot instantiate the description of '")
         << description << "': ";
}

LogicalResult PatternSite::emitRankMismatch() const {
  return emitError() << "input rank " << getInputRank()
                     << " does not match the " << numLoops
                     << "-dimensional iteration space";
}

FailureOr<int64_t> PatternSite::evaluateParam(StringRef text,
                                              int64_t position) const {
  return tdl::evaluateParam(op, text, position, description);
}

static AffineExpr dim(const PatternSite &site, unsigned i) {
  return getAffineDimExpr(i, site.op->getContext());
}

static AffineMap mapOf(const PatternSite &site, ArrayRef<AffineExpr> results) {
  return AffineMap::get(site.numLoops, 0, results, site.op->getContext());
}

/// Evaluates an axis reference and checks it against the iteration space.
static FailureOr<int64_t> evaluateAxis(const PatternSite &site,
                                       StringAttr axisRef, StringRef what) {
  FailureOr<int64_t> axis = site.evaluateParam(axisRef.getValue(), 0);
  if (failed(axis))
    return failure();
  if (*axis < 0 || *axis >= static_cast<int64_t>(site.numLoops))
    return site.emitError()
           << what << " axis " << *axis << " is outside rank " << site.numLoops;
  return axis;
}

FailureOr<AffineMap> BroadcastAttr::expand(PatternSite &site) const {
  unsigned r = site.getInputRank(), n = site.numLoops;
  if (r > n)
    return site.emitRankMismatch();
  SmallVector<AffineExpr> results;
  for (unsigned j = 0; j < r; ++j) {
    unsigned loop = j + (n - r);
    if (site.inShape[j] == 1 && site.extents[loop] != 1)
      results.push_back(getAffineConstantExpr(0, getContext()));
    else
      results.push_back(dim(site, loop));
  }
  return mapOf(site, results);
}

FailureOr<AffineMap> PermuteAttr::expand(PatternSite &site) const {
  unsigned r = site.getInputRank(), n = site.numLoops;
  std::string error;
  FailureOr<ParamRef> ref = ParamRef::parse(getPerms().getValue(), error);
  FailureOr<SmallVector<int64_t>> perms =
      succeeded(ref) ? ref->evaluateList(site.op, error)
                     : FailureOr<SmallVector<int64_t>>(failure());
  if (failed(perms))
    return site.emitError() << error;
  if (perms->size() != n || r != n)
    return site.emitRankMismatch();
  SmallVector<AffineExpr> results(r, AffineExpr());
  for (unsigned i = 0; i < n; ++i) {
    int64_t p = (*perms)[i];
    if (p < 0 || p >= static_cast<int64_t>(r) || results[p])
      return site.emitError() << "'perms' is not a permutation";
    results[p] = dim(site, i);
  }
  return mapOf(site, results);
}

FailureOr<AffineMap> ReshapeAttr::expand(PatternSite &site) const {
  ArrayRef<int64_t> inShape = site.inShape, outShape = site.outShape;
  unsigned r = inShape.size(), n = site.numLoops;
  int64_t inCount = 1, outCount = 1;
  for (int64_t s : inShape)
    inCount *= s;
  for (int64_t s : outShape)
    outCount *= s;
  if (inCount != outCount || outShape.size() != n)
    return site.emitError()
           << "reshape of " << inCount << " elements into " << outCount;
  // Row-major: linearize over the output shape, delinearize over the input.
  AffineExpr linear = getAffineConstantExpr(0, getContext());
  int64_t stride = 1;
  for (int i = n - 1; i >= 0; --i) {
    linear = linear + dim(site, i) * stride;
    stride *= outShape[i];
  }
  stride = 1;
  SmallVector<int64_t> inStrides(r);
  for (int j = r - 1; j >= 0; --j) {
    inStrides[j] = stride;
    stride *= inShape[j];
  }
  SmallVector<AffineExpr> results;
  for (unsigned j = 0; j < r; ++j) {
    AffineExpr e = linear;
    if (inStrides[j] != 1)
      e = e.floorDiv(inStrides[j]);
    if (j != 0)
      e = e % inShape[j];
    results.push_back(e);
  }
  return mapOf(site, results);
}

/// For each input dimension of a shift, the iteration dimension it follows
/// (-1: a dropped unit dimension, read at its offset). With different ranks,
/// the unit dimensions (per `sizes`) of the larger side are dropped.
static FailureOr<SmallVector<int>> alignShift(ShiftAttr shift,
                                              const PatternSite &site) {
  unsigned r = site.getInputRank(), n = site.numLoops;
  SmallVector<int> loopOf(r, -1);
  if (r == n) {
    for (unsigned j = 0; j < r; ++j)
      loopOf[j] = j;
    return loopOf;
  }
  if (!shift.getSizes())
    return site.emitRankMismatch();
  unsigned big = std::max(r, n), small = std::min(r, n);
  SmallVector<int64_t> sizes;
  for (unsigned i = 0; i < big; ++i) {
    FailureOr<int64_t> v = site.evaluateParam(shift.getSizes().getValue(), i);
    if (failed(v))
      return failure();
    sizes.push_back(*v);
  }
  SmallVector<int> smallOf(big, -1);
  unsigned next = 0;
  for (unsigned b = 0; b < big; ++b) {
    bool mustKeep = big - b <= small - next;
    if (next < small && (sizes[b] != 1 || mustKeep))
      smallOf[b] = next++;
  }
  if (next != small)
    return site.emitRankMismatch();
  for (unsigned b = 0; b < big; ++b) {
    if (smallOf[b] < 0)
      continue;
    if (r > n)
      loopOf[b] = smallOf[b];
    else
      loopOf[smallOf[b]] = b;
  }
  return loopOf;
}

FailureOr<AffineMap> ShiftAttr::expand(PatternSite &site) const {
  FailureOr<SmallVector<int>> loopOf = alignShift(*this, site);
  if (failed(loopOf))
    return failure();
  unsigned r = site.getInputRank(), n = site.numLoops;
  SmallVector<AffineExpr> results;
  for (unsigned j = 0; j < r; ++j) {
    // Offsets and strides are indexed by the larger side's dimension.
    int64_t pos = r >= n ? j : (*loopOf)[j];
    FailureOr<int64_t> off = site.evaluateParam(getOffsets().getValue(), pos);
    if (failed(off))
      return failure();
    int64_t stride = 1;
    if (getStrides()) {
      FailureOr<int64_t> s = site.evaluateParam(getStrides().getValue(), pos);
      if (failed(s))
        return failure();
      stride = *s;
    }
    AffineExpr offset = getAffineConstantExpr(getScale() * *off, getContext());
    int loop = (*loopOf)[j];
    results.push_back(loop < 0 ? offset : dim(site, loop) * stride + offset);
  }
  return mapOf(site, results);
}

FailureOr<AffineMap> TileAttr::expand(PatternSite &site) const {
  if (site.getInputRank() != site.numLoops)
    return site.emitRankMismatch();
  SmallVector<AffineExpr> results;
  for (unsigned i = 0; i < site.numLoops; ++i)
    results.push_back(dim(site, i) % site.inShape[i]);
  return mapOf(site, results);
}

FailureOr<AffineMap> ConcatAttr::expand(PatternSite &site) const {
  if (site.getInputRank() != site.numLoops)
    return site.emitRankMismatch();
  FailureOr<int64_t> axis = evaluateAxis(site, getAxis(), "concatenation");
  if (failed(axis))
    return failure();
  SmallVector<AffineExpr> results;
  for (unsigned i = 0; i < site.numLoops; ++i)
    results.push_back(static_cast<int64_t>(i) == *axis
                          ? dim(site, i) - site.concatOffset
                          : dim(site, i));
  // The next input starts where this one ends.
  site.concatOffset += site.inShape[*axis];
  return mapOf(site, results);
}

bool ConcatAttr::isGuardedAccess() const { return true; }
bool ConcatAttr::isVariadic() const { return true; }

FailureOr<AffineMap> ReverseAttr::expand(PatternSite &site) const {
  if (site.getInputRank() != site.numLoops)
    return site.emitRankMismatch();
  FailureOr<int64_t> axis = evaluateAxis(site, getAxis(), "reversal");
  if (failed(axis))
    return failure();
  SmallVector<AffineExpr> results;
  for (unsigned i = 0; i < site.numLoops; ++i)
    results.push_back(static_cast<int64_t>(i) == *axis
                          ? site.inShape[i] - 1 - dim(site, i)
                          : dim(site, i));
  return mapOf(site, results);
}

FailureOr<AffineMap> WholeAttr::expand(PatternSite &site) const {
  // Every dimension is flagged whole (readsWhole); the map reads index 0.
  SmallVector<AffineExpr> results(site.getInputRank(),
                                  getAffineConstantExpr(0, getContext()));
  return mapOf(site, results);
}

bool WholeAttr::readsWhole() const { return true; }
