//===- PartitionPipelines.cpp - --tofu-partition and --tofu-report -------===//
//
// The user-facing pipelines. Both bring the module to the IR that runs
// (StableHLO and TOSA imported into linalg) before the search, so the plan a
// report prints is the plan --tofu-materialize carries out, on every front
// end.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Conversion/TOSAToLinalg/Passes.h"
#include "Tofu/Dialect/TDL/Transforms/Passes.h"
#include "Tofu/Partition/Passes.h"
#include "Tofu/SPMD/Passes.h"

#include "PipelineUtils.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tofu;

namespace {

/// The options of --tofu-partition: those of --tofu-search, plus
/// `materialize`. Spelled as the pass options they forward to.
struct PartitionPipelineOptions
    : public PassPipelineOptions<PartitionPipelineOptions> {
  Option<std::string> gpus{*this, "gpus",
                           llvm::cl::desc("number of workers k (a positive "
                                          "integer); factored into primes, "
                                          "largest first"),
                           llvm::cl::init("2")};
  Option<bool> materialize{
      *this, "materialize",
      llvm::cl::desc("rewrite the function into its SPMD form (false: attach "
                     "the plan only)"),
      llvm::cl::init(true)};
  Option<SearchStrategy> strategy{
      *this, "strategy", llvm::cl::desc("the search (docs/search.md)"),
      llvm::cl::init(SearchStrategy::Tofu), searchStrategyValues()};
  Option<std::string> machine{
      *this, "machine",
      llvm::cl::desc("machine description: a bundled name (k80-pcie, "
                     "h200-nvlink) or a JSON file"),
      llvm::cl::init("k80-pcie")};
  Option<std::string> entry{
      *this, "entry",
      llvm::cl::desc("function to partition (default: the first public "
                     "function)"),
      llvm::cl::init("")};
  Option<std::string> report{
      *this, "report",
      llvm::cl::desc("write the plan report as JSON to this file"),
      llvm::cl::init("")};
  Option<std::string> table{
      *this, "table",
      llvm::cl::desc("write the plan table (what print=table shows) to this "
                     "file"),
      llvm::cl::init("")};
  Option<PrintFormat> print{
      *this, "print", llvm::cl::desc("print the plan on stdout"),
      llvm::cl::init(PrintFormat::None), printFormatValues()};
  ListOption<unsigned> levels{
      *this, "levels",
      llvm::cl::desc("recursion levels, e.g. 4,2 (default: tofu compares "
                     "every non-increasing factorization of gpus)")};
  Option<unsigned> beam{
      *this, "beam",
      llvm::cl::desc("largest table (entries) the solver's elimination may "
                     "create at a level; variables beyond it are searched "
                     "locally and the plan is reported approximate"),
      llvm::cl::init(65536)};
  Option<std::string> memory{
      *this, "memory",
      llvm::cl::desc("bytes per device the plan must fit (80e9, 80GB, 40GiB, "
                     "512kB; 'machine': the machine description's device "
                     "memory; empty or 0: no limit)"),
      llvm::cl::init("")};
  Option<bool> coarsen{*this, "coarsen",
                       llvm::cl::desc("tie forward/backward tensors and RNN "
                                      "timesteps (Tofu's coarsening)"),
                       llvm::cl::init(true)};
  ListOption<std::string> explain{
      *this, "explain",
      llvm::cl::desc("tensor classes or ops (names as in the report) whose "
                     "alternatives the report and table price")};
  Option<bool> partials{
      *this, "partials",
      llvm::cl::desc("let partial sums flow into linear consumers before they "
                     "are reduced (tofu and exhaustive strategies)"),
      llvm::cl::init(true)};
  Option<SearchObjective> objective{
      *this, "objective", llvm::cl::desc("what each level minimizes"),
      llvm::cl::init(SearchObjective::Bytes), searchObjectiveValues()};
  ListOption<std::string> libraries{
      *this, "library",
      llvm::cl::desc("extra TDL description files (loaded by "
                     "--tdl-load-library before the pipeline)")};

  TofuSearchOptions searchOptions() const {
    TofuSearchOptions o;
    o.gpus = gpus;
    o.strategy = strategy;
    o.machine = machine;
    o.entry = entry;
    o.report = report;
    o.table = table;
    o.print = print;
    o.levels.assign(levels.begin(), levels.end());
    o.beam = beam;
    o.coarsen = coarsen;
    o.explain.assign(explain.begin(), explain.end());
    o.memory = memory;
    o.partials = partials;
    o.objective = objective;
    return o;
  }
};

/// Loads the user's TDL descriptions (`library=`, through the one loading
/// mechanism) and imports the front ends the search and the materializer
/// work on.
void buildImport(OpPassManager &pm, const PartitionPipelineOptions &options) {
  if (!options.libraries.empty()) {
    tdl::TDLLoadLibraryOptions load;
    load.paths.assign(options.libraries.begin(), options.libraries.end());
    pm.addPass(tdl::createTDLLoadLibrary(load));
  }
  pm.addPass(createTofuLowerStableHLO());
  pm.addPass(createTofuLowerTosa());
}

void buildPartitionPipeline(OpPassManager &pm,
                            const PartitionPipelineOptions &options) {
  buildImport(pm, options);
  pm.addPass(createTofuSearch(options.searchOptions()));
  if (options.materialize) {
    TofuMaterializeOptions materialize;
    materialize.entry = options.entry;
    pm.addPass(createTofuMaterialize(materialize));
  }
}

void buildReportPipeline(OpPassManager &pm,
                         const PartitionPipelineOptions &options) {
  buildImport(pm, options);
  TofuSearchOptions search = options.searchOptions();
  search.print = PrintFormat::Table;
  pm.addPass(createTofuSearch(search));
}

} // namespace

void mlir::tofu::registerPartitionPipelines() {
  PassPipelineRegistration<PartitionPipelineOptions>(
      "tofu-partition",
      "Import StableHLO/TOSA into linalg, search the partition plan "
      "(--tofu-search) and, unless materialize=false, rewrite the function "
      "into its SPMD form (--tofu-materialize)",
      buildPartitionPipeline);
  PassPipelineRegistration<PartitionPipelineOptions>(
      "tofu-report",
      "Import StableHLO/TOSA into linalg, search the partition plan and print "
      "it as a table (--tofu-partition=\"print=table materialize=false\")",
      buildReportPipeline);
}
