//===- search-fuzzer.cpp - The partition search on random graphs ----------===//
//
// The input bytes choose a small linalg graph (matmuls with weight
// arguments, transposes, ReLUs, element-wise sums and products, row sums
// broadcast back; extents 1 to 8, so that splits are often uneven), the
// number of workers, the factorization, the search strategy, whether to
// coarsen and the objective (bytes, or time on the K80 machine), like
// test/Partition/Inputs/gen_random_graphs.py does from a seed.
// The oracle:
//  - the plan is valid: levels multiply to k, every tensor class gets a
//    dimension of its rank or replication, every op class a loop of its
//    iteration space or replication;
//  - costs are finite and never negative, the plan's total is the sum of its
//    levels', each level's solver cost is the cost recomputed from its
//    choices (at least the bytes under the time objective), and (on
//    graphs small enough to enumerate) the dynamic program finds the
//    exhaustive optimum where it kept every state;
//  - the estimated memory peak is within its no-reuse bound;
//  - the plan written into the IR verifies and materializes into IR that
//    verifies: the materializer carries out every plan the search makes.
//
//===----------------------------------------------------------------------===//

#include "MLIRFuzzSupport.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Report.h"
#include "Tofu/Partition/Search.h"
#include "Tofu/SPMD/Materialize.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <fuzzer/FuzzedDataProvider.h>

using namespace mlir;
using namespace mlir::tofu;

namespace {

using Shape = SmallVector<int64_t, 2>;

/// Writes the function as text, the way gen_random_graphs.py does.
class GraphWriter {
public:
  explicit GraphWriter(FuzzedDataProvider &in) : in(in) {}

  struct Value {
    std::string name;
    Shape shape;
  };

  Value arg(Shape shape) {
    Value v{"%arg" + std::to_string(args.size()), shape};
    args.push_back(v);
    values.push_back(v);
    return v;
  }
  int64_t extent() {
    static const int64_t extents[] = {1, 2, 3, 4, 5, 6, 8};
    return extents[in.ConsumeIntegralInRange<size_t>(0, 6)];
  }
  static std::string type(const Shape &s) {
    std::string t = "tensor<";
    for (int64_t d : s)
      t += std::to_string(d) + "x";
    return t + "f32>";
  }
  std::string fresh() { return "%v" + std::to_string(++counter); }
  std::string empty(const Shape &s) {
    std::string e = fresh();
    line(e + " = tensor.empty() : " + type(s));
    return e;
  }
  std::string zero(const Shape &s) {
    std::string e = empty(s), c = fresh(), f = fresh();
    line(c + " = arith.constant 0.0 : f32");
    line(f + " = linalg.fill ins(" + c + " : f32) outs(" + e + " : " + type(s) +
         ") -> " + type(s));
    return f;
  }
  Value result(std::string name, Shape s) {
    values.push_back({std::move(name), s});
    return values.back();
  }
  /// A linalg.generic over a 2-d iteration space with `body` between the
  /// block arguments and the yield of %y (not yet a value ops may use).
  Value generic(ArrayRef<Value> ins, StringRef inMaps, StringRef iterators,
                StringRef outMap, Shape outShape, std::string init,
                StringRef blockArgs, StringRef body) {
    std::string r = fresh(), insText, insTypes;
    for (const Value &v : ins) {
      insText += (insText.empty() ? "" : ", ") + v.name;
      insTypes += (insTypes.empty() ? "" : ", ") + type(v.shape);
    }
    line(llvm::formatv("{0} = linalg.generic {{indexing_maps = [{1}, {2}], "
                       "iterator_types = [{3}]} ins({4} : {5}) outs({6} : {7}) "
                       "{{\n^bb0({8}):\n{9}\n  linalg.yield %y : f32\n} -> {7}",
                       r, inMaps, outMap, iterators, insText, insTypes, init,
                       type(outShape), blockArgs, body)
             .str());
    return {r, outShape};
  }

  Value matmul(const Value &x) {
    Shape out{x.shape[0], extent()};
    Value w = arg({x.shape[1], out[1]});
    std::string init = zero(out), r = fresh();
    line(r + " = linalg.matmul ins(" + x.name + ", " + w.name + " : " +
         type(x.shape) + ", " + type(w.shape) + ") outs(" + init + " : " +
         type(out) + ") -> " + type(out));
    return result(r, out);
  }
  Value transpose(const Value &x) {
    Shape out{x.shape[1], x.shape[0]};
    std::string init = empty(out), r = fresh();
    line(r + " = linalg.transpose ins(" + x.name + " : " + type(x.shape) +
         ") outs(" + init + " : " + type(out) + ") permutation = [1, 0]");
    return result(r, out);
  }
  Value relu(const Value &x) {
    Value r = generic({x}, kIdentity, kParallel2, kIdentity, x.shape,
                      empty(x.shape), "%a: f32, %o: f32",
                      "  %z = arith.constant 0.0 : f32\n"
                      "  %y = arith.maximumf %a, %z : f32");
    return result(r.name, r.shape);
  }
  Value binary(const Value &x, const Value &y) {
    bool add = in.ConsumeBool();
    std::string init = empty(x.shape), r = fresh(), t = type(x.shape);
    line(r + " = linalg." + (add ? "add" : "mul") + " ins(" + x.name + ", " +
         y.name + " : " + t + ", " + t + ") outs(" + init + " : " + t +
         ") -> " + t);
    return result(r, x.shape);
  }
  /// A row sum, then x minus it broadcast back.
  Value rowsumBroadcast(const Value &x) {
    Shape rows{x.shape[0]};
    Value sum = generic({x}, kIdentity, "\"parallel\", \"reduction\"", kRow,
                        rows, zero(rows), "%a: f32, %o: f32",
                        "  %y = arith.addf %o, %a : f32");
    Value r =
        generic({x, sum}, std::string(kIdentity) + ", " + kRow, kParallel2,
                kIdentity, x.shape, empty(x.shape), "%a: f32, %b: f32, %o: f32",
                "  %y = arith.subf %a, %b : f32");
    return result(r.name, r.shape);
  }
  Value unary(const Value &x) {
    switch (in.ConsumeIntegralInRange(0, 4)) {
    case 0:
    case 1:
      return matmul(x);
    case 2:
      return transpose(x);
    case 3:
      return relu(x);
    default:
      return rowsumBroadcast(x);
    }
  }

  /// Up to `ops` steps, each applying an op to an earlier value (two values
  /// of one shape may meet in a sum or product); every value nobody used is
  /// returned, so all branches stay live.
  std::string build(unsigned ops) {
    arg({extent(), extent()});
    for (unsigned i = 0; i < ops && in.remaining_bytes(); ++i) {
      Value x = values[in.ConsumeIntegralInRange<size_t>(0, values.size() - 1)];
      SmallVector<Value> same;
      for (const Value &v : values)
        if (v.shape == x.shape && v.name != x.name)
          same.push_back(v);
      if (!same.empty() && in.ConsumeBool())
        binary(x, same[in.ConsumeIntegralInRange<size_t>(0, same.size() - 1)]);
      else
        unary(x);
    }
    SmallVector<Value> outs;
    for (const Value &v : values)
      if (v.name.rfind("%arg", 0) != 0 &&
          body.find(v.name + ",") == std::string::npos &&
          body.find(v.name + " :") == std::string::npos)
        outs.push_back(v);
    if (outs.empty())
      outs.push_back(values.back());
    std::string argText, rets, retTypes;
    for (const Value &a : args)
      argText += (argText.empty() ? "" : ", ") + a.name + ": " + type(a.shape);
    for (const Value &v : outs) {
      rets += (rets.empty() ? "" : ", ") + v.name;
      retTypes += (retTypes.empty() ? "" : ", ") + type(v.shape);
    }
    return "func.func @main(" + argText + ") -> (" + retTypes + ") {\n" + body +
           "  return " + rets + " : " + retTypes + "\n}\n";
  }

private:
  static constexpr const char *kIdentity = "affine_map<(i, j) -> (i, j)>";
  static constexpr const char *kRow = "affine_map<(i, j) -> (i)>";
  static constexpr const char *kParallel2 = "\"parallel\", \"parallel\"";

  void line(const std::string &text) { body += "  " + text + "\n"; }

  FuzzedDataProvider &in;
  SmallVector<Value> args, values;
  std::string body;
  unsigned counter = 0;
};

bool near(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

void checkPlan(const PartitionGraph &g, const Plan &plan, unsigned k) {
  unsigned product = 1;
  for (unsigned f : plan.levels)
    product *= f;
  if (product != k || plan.perLevel.size() != plan.levels.size())
    tofu_fuzz::fail("the plan's levels do not multiply to the workers");
  double total = 0;
  for (const LevelPlan &level : plan.perLevel) {
    if (level.tensorDim.size() != g.tensors.size() ||
        level.opLoop.size() != g.opClasses.size())
      tofu_fuzz::fail("a level does not choose for every class");
    for (auto [t, d] : llvm::enumerate(level.tensorDim))
      // -1 replicated, -2 partial.
      if (d < -2 || d >= static_cast<int>(g.tensors[t].shape.size()))
        tofu_fuzz::fail("tensor class " + g.tensors[t].name +
                        " gets dimension " + std::to_string(d));
    for (auto [c, loop] : llvm::enumerate(level.opLoop))
      for (unsigned o : g.opClasses[c].ops)
        // -2 - i: computed whole on the partials of linear operand set i
        // (at most 15 sets: the subsets of four inputs).
        if (loop < -2 - 14 ||
            loop >= static_cast<int>(g.ops[o].desc.extents.size()))
          tofu_fuzz::fail("op class " + g.opClasses[c].name + " gets loop " +
                          std::to_string(loop));
    for (double cost : {level.groupCommBytes, level.commBytes, level.solverCost,
                        level.largestFetchBytes})
      if (!(cost >= 0) || !std::isfinite(cost))
        tofu_fuzz::fail("a level's cost is negative or not finite: " +
                        std::to_string(cost));
    // The time objective's cost adds latency and compute to the bytes.
    if (plan.objective == SearchObjective::Bytes
            ? !near(level.solverCost, level.groupCommBytes)
            : level.solverCost < level.groupCommBytes * (1 - 1e-9))
      tofu_fuzz::fail(llvm::formatv("a level's solver cost {0} is not its "
                                    "recomputed cost {1}",
                                    level.solverCost, level.groupCommBytes));
    if (level.exhaustiveCost >= 0 && !level.approximate &&
        !near(level.solverCost, level.exhaustiveCost))
      tofu_fuzz::fail(llvm::formatv("the DP's optimum {0} is not the "
                                    "exhaustive one {1}",
                                    level.solverCost, level.exhaustiveCost));
    total += level.commBytes;
  }
  if (!near(total, plan.commBytes))
    tofu_fuzz::fail("the plan's total is not the sum of its levels'");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  static const unsigned workers[] = {2, 3, 4, 6, 8};
  unsigned k = workers[in.ConsumeIntegralInRange(0, 4)];
  SearchOptions options;
  ArrayRef<StringRef> names = searchStrategyNames();
  options.strategy = *parseSearchStrategy(
      names[in.ConsumeIntegralInRange<size_t>(0, names.size() - 1)]);
  if (in.ConsumeBool())
    options.strategy = SearchStrategy::Tofu; // the search that matters most
  SmallVector<SmallVector<unsigned>> factors = factorizations(k);
  if (in.ConsumeBool())
    options.levels =
        factors[in.ConsumeIntegralInRange<size_t>(0, factors.size() - 1)];
  bool coarsen = in.ConsumeBool();
  // The time objective (replicas, latency, compute) on the K80 machine,
  // with its graph (gradient terms untied).
  bool time = in.ConsumeBool();
  unsigned ops = in.ConsumeIntegralInRange(1, 6);
  options.exhaustiveLimit = 200000;
  options.crossCheck = ops <= 4;

  GraphWriter writer(in);
  std::string text = writer.build(ops);
  tofu_fuzz::FuzzContext ctx;
  // attachPlan writes the plan's attributes (--tofu-partition's pass
  // declares the dialect; here nothing else loads it).
  ctx.context.getOrLoadDialect<TofuDialect>();
  OwningOpRef<ModuleOp> module = tofu_fuzz::parseModule(ctx, text);
  if (!module)
    tofu_fuzz::fail("the generated graph does not parse:\n" + text);
  auto func = *module->getOps<func::FuncOp>().begin();
  FailureOr<PartitionGraph> graph =
      PartitionGraph::build(func, coarsen, /*untieGradientTerms=*/time);
  if (failed(graph))
    tofu_fuzz::fail("no partition graph for a linalg graph:\n" + text);

  std::string error;
  FailureOr<Machine> machine = Machine::load("k80-pcie", error);
  if (failed(machine))
    tofu_fuzz::fail("no bundled machine: " + error);
  if (time) {
    options.objective = SearchObjective::Time;
    options.machine = &*machine;
  }
  FailureOr<Plan> plan = searchPlan(*graph, k, options, error);
  if (failed(plan)) {
    // Only enumeration may give up (too many assignments).
    if (error.find("exhaustive search would enumerate") == std::string::npos)
      tofu_fuzz::fail("the search failed: " + error + "\n" + text);
    return 0;
  }
  checkPlan(*graph, *plan, k);

  PlanEstimates estimates = estimatePlan(*graph, *plan, *machine);
  if (!(estimates.memory.peak >= 0) ||
      estimates.memory.peak > estimates.memory.upperBound * (1 + 1e-9))
    tofu_fuzz::fail(llvm::formatv("the memory peak {0} is outside [0, its "
                                  "bound {1}]",
                                  estimates.memory.peak,
                                  estimates.memory.upperBound));

  attachPlan(*module, *graph, *plan, *machine);
  tofu_fuzz::printIfAsked("the searched plan", *module);
  if (failed(verify(*module)))
    tofu_fuzz::fail("the searched plan does not verify:\n" + text);
  MaterializeStats stats;
  if (failed(materializePlan(*module, func, stats)))
    tofu_fuzz::fail("the materializer rejects a searched plan:\n" + text);
  if (failed(verify(*module)))
    tofu_fuzz::fail("the materialized plan does not verify:\n" + text);
  return 0;
}
