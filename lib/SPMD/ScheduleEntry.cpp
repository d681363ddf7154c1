//===- ScheduleEntry.cpp - The pipelined entry function -------------------===//
//
// The stage scheduler's output (StageScheduler.h): per stage a function
// that runs its schedule, and the entry that calls its stage's function and
// broadcasts the results.
//
//===----------------------------------------------------------------------===//

#include "StageScheduler.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::stage_schedule;

//===----------------------------------------------------------------------===//
// The entry function
//===----------------------------------------------------------------------===//

SmallVector<int64_t> StageScheduler::newLayout(ArrayRef<int64_t> codes) const {
  SmallVector<int64_t> layout(1 + dataAxes, LevelLayout::kReplicatedCode);
  for (unsigned level = mbShift; level < oldGrid.size(); ++level)
    layout.push_back(level < codes.size() ? codes[level]
                                          : LevelLayout::kReplicatedCode);
  return layout;
}

void StageScheduler::buildStageProgram(OpBuilder &b, int64_t stage,
                                       ValueRange args, ValueRange coords,
                                       SmallVector<Value> &yielded) {
  Location loc = func.getLoc();
  // Per microbatch: the values this stage computed or received.
  DenseMap<std::pair<Value, int64_t>, Value> env;
  DenseMap<Operation *, Value> acc;
  std::map<std::pair<unsigned, int64_t>, Value> slices;
  argParts.clear();
  for (auto [old, now] : llvm::zip(func.getArguments(), args))
    if (zeroArgDim.contains(old.getArgNumber()))
      argParts[old] = now;

  // Messages into each of this rank's (chunk, direction) slots: the values
  // of other ranks' forward (backward) blocks that the chunk reads, in
  // program order. They are received from each sender's stream (the order
  // it sent them: a receive takes the oldest message), so a value needed
  // now may take earlier messages with it; those were sent before it, so
  // taking them never waits longer than the value itself would.
  auto incoming = [&](int64_t chunk, Phase phase) {
    SmallVector<std::pair<Value, int64_t>> in;
    for (auto &[key, block] : blocks) {
      if (rankOf(key.first) == stage || key.second != phase)
        continue;
      for (auto [v, readers] : llvm::zip(block.outputs, block.readers))
        if (llvm::is_contained(readers, chunk))
          in.push_back({v, rankOf(key.first)});
    }
    llvm::sort(in, [&](auto &x, auto &y) {
      return std::make_pair(position.lookup(x.first.getDefiningOp()),
                            cast<OpResult>(x.first).getResultNumber()) <
             std::make_pair(position.lookup(y.first.getDefiningOp()),
                            cast<OpResult>(y.first).getResultNumber());
    });
    return in;
  };
  std::map<int64_t, SmallVector<std::pair<Value, int64_t>>> streams =
      messagesTo(stage);
  std::map<int64_t, unsigned> next;
  auto receiveUpTo = [&](Value v, int64_t m, int64_t from) {
    SmallVector<std::pair<Value, int64_t>> &stream = streams[from];
    while (!env.contains({v, m}) && next[from] < stream.size()) {
      auto [w, mw] = stream[next[from]++];
      env[{w, mw}] = recv(b, loc, w.getType(), from);
    }
  };

  for (ScheduleStep step :
       rankSchedule(options.schedule, options.stages, options.virtualStages,
                    options.microbatches, stage)) {
    int64_t m = step.microbatch, chunk = step.chunk;
    Phase phase = step.forward ? Phase::Forward : Phase::Backward;
    for (auto [v, from] : incoming(chunk, phase))
      receiveUpTo(v, m, from);
    auto it = blocks.find({chunk, phase});
    if (it == blocks.end())
      continue;
    BlockOps &block = it->second;
    // The microbatch's index among all d * M: r * M + m on replica r.
    Value index = arith::ConstantIndexOp::create(b, loc, m);
    if (dataAxes)
      index = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(
              b, loc, coords[1],
              arith::ConstantIndexOp::create(b, loc, options.microbatches)),
          index);
    SmallVector<Value> operands{index};
    for (Value v : block.inputs) {
      auto arg = dyn_cast<BlockArgument>(v);
      if (arg && dataArgs.contains(arg.getArgNumber())) {
        Value &slice = slices[{arg.getArgNumber(), m}];
        if (!slice)
          slice = microbatchSlice(b, args[arg.getArgNumber()],
                                  arg.getArgNumber(), m, coords);
        operands.push_back(slice);
      } else if (arg) {
        operands.push_back(args[arg.getArgNumber()]);
      } else {
        operands.push_back(env.lookup({v, m}));
      }
    }
    SmallVector<Value> outputs =
        emitBlock(b, block, ArrayRef<Value>(operands).drop_front(), coords,
                  operands.front());
    for (auto [v, r] : llvm::zip(block.outputs, outputs))
      env[{v, m}] = r;
    for (auto [v, readers] : llvm::zip(block.outputs, block.readers))
      for (int64_t to : ranksOf(readers))
        if (to != stage)
          send(b, loc, env[{v, m}], to);
    for (Operation *a : accumulations) {
      Value v = a->getOperand(0);
      if (placeOf[a].stage != chunk || !llvm::is_contained(block.outputs, v))
        continue;
      auto kind = cast<shard::AllReduceOp>(a).getReduction();
      Value &sum = acc[a];
      sum = sum ? combine(b, loc, sum, env[{v, m}], kind) : env[{v, m}];
    }
  }

  IRMapping map;
  parts.clear();
  for (auto [old, now] : llvm::zip(func.getArguments(), args)) {
    // A state argument the replicas split arrives as this replica's part.
    if (zeroArgDim.contains(old.getArgNumber()))
      parts[old] = now;
    else
      map.map(old, now);
  }
  runPostOps(b, stage, map, coords, acc, env);
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
    if (isa<BlockArgument>(v) || isCloneable(v))
      continue;
    auto type = cast<RankedTensorType>(resultType(i));
    Place p = placeOfValue(v);
    if (rankOf(p.stage) != stage)
      yielded.push_back(tensor::EmptyOp::create(b, loc, type.getShape(),
                                                type.getElementType()));
    else if (zeroResultDim.contains(i))
      yielded.push_back(parts.lookup(v));
    else // A post value, or with one microbatch, that microbatch's.
      yielded.push_back(p.phase == Phase::Post ? map.lookup(v)
                                               : env.lookup({v, 0}));
  }
}

/// The ops after the sum over the microbatches, once per step, in program
/// order. A value another stage computed arrives in the order that stage
/// sent its values to this one: waiting for one takes the ones before it.
void StageScheduler::runPostOps(
    OpBuilder &b, int64_t stage, IRMapping &map, ValueRange coords,
    DenseMap<Operation *, Value> &acc,
    DenseMap<std::pair<Value, int64_t>, Value> &env) {
  Location loc = func.getLoc();
  std::map<int64_t, SmallVector<Value>> streams;
  std::map<int64_t, unsigned> next;
  for (Operation &op : body.without_terminator()) {
    auto it = placeOf.find(&op);
    if (it == placeOf.end() || it->second.phase != Phase::Post ||
        rankOf(it->second.stage) == stage)
      continue;
    for (Value r : op.getResults())
      if (llvm::is_contained(ranksOf(stagesUsing(r, Phase::Post)), stage))
        streams[rankOf(it->second.stage)].push_back(r);
  }
  auto receiveUpTo = [&](Value v, int64_t from) {
    SmallVector<Value> &stream = streams[from];
    while (!map.contains(v) && next[from] < stream.size()) {
      Value w = stream[next[from]++];
      map.map(w, recv(b, loc, w.getType(), from));
    }
  };
  // The whole value of `in`: computed, received, the only microbatch's, or
  // gathered from the replicas' parts.
  auto whole = [&](Value in) -> Value {
    if (Value mapped = map.lookupOrNull(in))
      return mapped;
    if (Value part = parts.lookup(in)) {
      auto arg = dyn_cast<BlockArgument>(in);
      Value all = gatherReplicas(b, loc, part,
                                 arg ? zeroArgDim.lookup(arg.getArgNumber())
                                     : zeroDim.lookup(in));
      map.map(in, all);
      return all;
    }
    Place p = placeOfValue(in);
    if (p.phase == Phase::Post && p.stage >= 0 && rankOf(p.stage) != stage &&
        !isCloneable(in))
      receiveUpTo(in, rankOf(p.stage));
    else if (p.stage >= 0 && p.phase != Phase::Post && !isCloneable(in))
      map.map(in, env.lookup({in, 0})); // the only microbatch's value
    else
      materialize(b, in, map, coords, Value());
    return map.lookupOrDefault(in);
  };
  std::function<void(Operation &)> runOnPart;
  // This replica's part of `in` along `dim`.
  auto part = [&](Value in, int64_t dim) -> Value {
    // A cloneable op that runs on parts runs where its part is read.
    if (Operation *def = in.getDefiningOp(); def && cloneable.contains(def) &&
                                             zeroLoop.contains(def) &&
                                             !parts.contains(in))
      runOnPart(*def);
    if (Value p = parts.lookup(in); p && zeroDim.lookup(in) == dim)
      return p;
    if (auto arg = dyn_cast<BlockArgument>(in);
        arg && zeroArgDim.lookup(arg.getArgNumber()) == dim && parts.lookup(in))
      return parts.lookup(in);
    return sliceForReplica(b, loc, whole(in), dim, coords);
  };
  // On this replica's part: the operands that walk the split loop sliced,
  // the others whole.
  runOnPart = [&](Operation &op) {
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op)) {
      Value src = part(expand.getSrc(), zeroDim.lookup(expand.getSrc()));
      auto to = expand.getResultType();
      SmallVector<int64_t> shape(to.getShape());
      shape[zeroDim.lookup(expand.getResult())] /= options.data;
      parts[expand.getResult()] =
          tensor::ExpandShapeOp::create(b, expand.getLoc(), to.clone(shape),
                                        src, expand.getReassociationIndices());
      return;
    }
    IRMapping local;
    for (OpOperand &operand : op.getOpOperands()) {
      int64_t dim = zeroOperandDim.lookup(&operand);
      local.map(operand.get(),
                dim >= 0 ? part(operand.get(), dim) : whole(operand.get()));
    }
    for (Value in : inputsOf(&op))
      if (!local.contains(in))
        local.map(in, whole(in));
    Operation *copy = cloneOp(b, &op, local);
    copy->getResult(0).setType(
        cast<DestinationStyleOpInterface>(copy).getDpsInits()[0].getType());
    parts[op.getResult(0)] = copy->getResult(0);
  };
  for (Operation &op : body.without_terminator()) {
    auto it = placeOf.find(&op);
    if (it == placeOf.end() || it->second.phase != Phase::Post ||
        rankOf(it->second.stage) != stage)
      continue;
    if (llvm::is_contained(accumulations, &op)) {
      // The sum over this replica's microbatches; over all of them once
      // the replicas add theirs (the data-parallel gradient all-reduce,
      // or with ZeRO a reduce-scatter: each replica its part).
      Value sum = acc.lookup(&op);
      auto kind = cast<shard::AllReduceOp>(op).getReduction();
      if (scattered.contains(&op)) {
        int64_t dim = zeroDim.lookup(op.getResult(0));
        auto t = cast<RankedTensorType>(sum.getType());
        SmallVector<int64_t> shape(t.getShape());
        shape[dim] /= options.data;
        parts[op.getResult(0)] = shard::ReduceScatterOp::create(
            b, op.getLoc(), t.clone(shape), kGridName, ArrayRef<int16_t>{1},
            sum, kind, llvm::APInt(64, dim));
      } else {
        if (dataAxes)
          sum = shard::AllReduceOp::create(b, op.getLoc(), sum.getType(),
                                           kGridName, ArrayRef<int16_t>{1}, sum,
                                           kind);
        map.map(op.getResult(0), sum);
      }
    } else if (zeroLoop.contains(&op)) {
      runOnPart(op);
    } else {
      for (Value in : inputsOf(&op))
        whole(in);
      cloneOp(b, &op, map);
    }
    for (Value r : op.getResults())
      for (int64_t to : ranksOf(stagesUsing(r, Phase::Post)))
        if (to != stage)
          send(b, loc, whole(r), to);
  }
  // Results are whole but for the optimizer state the replicas keep split.
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, v] : llvm::enumerate(ret.getOperands()))
    if (rankOf(placeOfValue(v).stage) == stage && parts.contains(v) &&
        !zeroResultDim.contains(i))
      whole(v);
}

func::FuncOp StageScheduler::buildEntry() {
  Location loc = func.getLoc();
  OpBuilder b(ctx);
  b.setInsertionPoint(func);
  // A data argument arrives whole on every rank of a replica: its batch
  // dimension (the one the microbatch level splits) cut over the replicas.
  SmallVector<Type> argTypes;
  DenseMap<unsigned, int64_t> batchDimOf;
  for (BlockArgument arg : func.getArguments()) {
    unsigned i = arg.getArgNumber();
    if (!dataArgs.contains(i)) {
      auto part = zeroArgDim.find(i);
      if (part == zeroArgDim.end()) {
        argTypes.push_back(arg.getType());
        continue;
      }
      auto t = cast<RankedTensorType>(arg.getType());
      SmallVector<int64_t> shape(t.getShape());
      shape[part->second] /= options.data;
      argTypes.push_back(t.clone(shape));
      continue;
    }
    auto global = cast<RankedTensorType>(options.globalArgTypes[i]);
    SmallVector<int64_t> codes = argLayout.lookup(i);
    if (!dataAxes || codes.empty() || codes.front() < 0) {
      argTypes.push_back(global);
      continue;
    }
    SmallVector<int64_t> shape(global.getShape());
    shape[codes.front()] /= options.data;
    batchDimOf[i] = codes.front();
    argTypes.push_back(global.clone(shape));
  }
  SmallVector<Type> resultTypes;
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    resultTypes.push_back(resultType(i));
  auto entry = func::FuncOp::create(b, loc, func.getSymName(),
                                    b.getFunctionType(argTypes, resultTypes));
  entry->setAttrs(func->getAttrs());
  entry.setType(b.getFunctionType(argTypes, resultTypes));
  for (BlockArgument arg : func.getArguments()) {
    unsigned i = arg.getArgNumber();
    if (!isa<RankedTensorType>(arg.getType()))
      continue;
    SmallVector<int64_t> codes =
        dataArgs.contains(i)
            ? SmallVector<int64_t>(newGrid.size(), LevelLayout::kReplicatedCode)
            : newLayout(argLayout.lookup(i));
    if (auto it = batchDimOf.find(i); it != batchDimOf.end())
      codes[1] = it->second;
    if (auto it = zeroArgDim.find(i); it != zeroArgDim.end())
      codes[1] = it->second;
    entry.setArgAttr(i, kLayoutAttrName, LayoutAttr::get(ctx, codes));
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    if (!isa<RankedTensorType>(func.getResultTypes()[i]))
      continue;
    SmallVector<int64_t> codes;
    if (auto l = func.getResultAttrOfType<LayoutAttr>(i, kLayoutAttrName))
      codes = l.getCodes();
    SmallVector<int64_t> layout = newLayout(codes);
    if (auto it = zeroResultDim.find(i); it != zeroResultDim.end())
      layout[1] = it->second;
    entry.setResultAttr(i, kLayoutAttrName, LayoutAttr::get(ctx, layout));
  }

  Block *block = entry.addEntryBlock();
  b.setInsertionPointToStart(block);
  auto idx = shard::ProcessMultiIndexOp::create(
      b, loc, SmallVector<Type>(newGrid.size(), b.getIndexType()),
      FlatSymbolRefAttr::get(ctx, kGridName));
  ValueRange coords = idx.getResults();

  auto ret = cast<func::ReturnOp>(body.getTerminator());
  SmallVector<Type> switched;
  for (auto [i, v] : llvm::enumerate(ret.getOperands()))
    if (!isa<BlockArgument>(v) && !isCloneable(v))
      switched.push_back(resultType(i));
  SmallVector<int64_t> cases;
  for (int64_t s = 0; s < options.stages; ++s)
    cases.push_back(s);
  auto sw = scf::IndexSwitchOp::create(b, loc, switched, coords[0], cases,
                                       cases.size());
  // Each stage's program is a function of its own: its buffers are then
  // in one straight-line block, where --tofu-early-dealloc frees them
  // after their last use.
  for (int64_t s = 0; s < options.stages; ++s) {
    OpBuilder fb(ctx);
    fb.setInsertionPoint(entry);
    auto stageFunc = func::FuncOp::create(
        fb, loc, (func.getSymName() + "_stage" + Twine(s)).str(),
        fb.getFunctionType(argTypes, switched));
    stageFunc.setPrivate();
    Block *stageBody = stageFunc.addEntryBlock();
    fb.setInsertionPointToStart(stageBody);
    auto stageIdx = shard::ProcessMultiIndexOp::create(
        fb, loc, SmallVector<Type>(newGrid.size(), fb.getIndexType()),
        FlatSymbolRefAttr::get(ctx, kGridName));
    SmallVector<Value> yielded;
    buildStageProgram(fb, s, stageBody->getArguments(), stageIdx.getResults(),
                      yielded);
    func::ReturnOp::create(fb, loc, yielded);

    OpBuilder cb(ctx);
    cb.setInsertionPointToStart(&sw.getCaseRegions()[s].emplaceBlock());
    auto call = func::CallOp::create(cb, loc, stageFunc, block->getArguments());
    scf::YieldOp::create(cb, loc, call.getResults());
  }
  // The parts belong to the stage functions; the entry reads whole values.
  argParts.clear();
  {
    OpBuilder db(ctx);
    db.setInsertionPointToStart(&sw.getDefaultRegion().emplaceBlock());
    SmallVector<Value> empties;
    for (Type t : switched) {
      auto type = cast<RankedTensorType>(t);
      empties.push_back(tensor::EmptyOp::create(db, loc, type.getShape(),
                                                type.getElementType()));
    }
    scf::YieldOp::create(db, loc, empties);
  }

  IRMapping map;
  for (auto [old, now] : llvm::zip(func.getArguments(), block->getArguments()))
    map.map(old, now);
  SmallVector<Value> results;
  unsigned next = 0;
  for (Value v : ret.getOperands()) {
    if (isa<BlockArgument>(v) || isCloneable(v)) {
      results.push_back(materialize(b, v, map, coords, Value()));
      continue;
    }
    Value r = sw.getResult(next++);
    if (options.stages > 1)
      r = shard::BroadcastOp::create(
          b, loc, r.getType(), kGridName, ArrayRef<int16_t>{0}, r,
          ArrayRef<int64_t>{rankOf(placeOfValue(v).stage)}, ValueRange{});
    results.push_back(r);
  }
  func::ReturnOp::create(b, loc, results);
  return entry;
}

/// The schedule's numbers, and that its ranks' orders complete.
LogicalResult StageScheduler::checkSchedule() {
  int64_t p = options.stages, v = options.virtualStages,
          m = options.microbatches;
  if (options.schedule != "gpipe" && options.schedule != "1f1b" &&
      options.schedule != "interleaved")
    return func.emitOpError("unknown pipeline schedule '")
           << options.schedule << "' (gpipe, 1f1b, interleaved)";
  if (options.schedule != "interleaved" && v != 1)
    return func.emitOpError("virtual stages = ")
           << v << " interleave 1F1B; schedule '" << options.schedule
           << "' runs one stage per rank";
  if (options.schedule == "interleaved") {
    if (v < 2 || p < 2)
      return func.emitOpError("interleaved 1F1B needs 2 or more virtual "
                              "stages on 2 or more stages, got ")
             << v << " virtual stages on " << p << " stages";
    // Megatron-LM's order walks the microbatches in groups of p.
    if (m % p)
      return func.emitOpError("interleaved 1F1B needs the microbatches a "
                              "multiple of the stages: ")
             << m << " microbatches over " << p << " stages";
  }
  SmallVector<SmallVector<ScheduleStep>> orders;
  for (int64_t r = 0; r < p; ++r)
    orders.push_back(rankSchedule(options.schedule, p, v, m, r));
  if (!schedulesComplete(orders, p, v, m))
    return func.emitOpError("the ")
           << options.schedule << " schedule of " << m << " microbatches on "
           << p << " stages x " << v
           << " virtual stages waits in a cycle (an internal error)";
  return success();
}
