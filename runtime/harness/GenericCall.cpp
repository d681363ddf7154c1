//===- GenericCall.cpp - Call an entry's C interface from its EntrySpec ---===//

#include "GenericCall.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace tofu_run {

size_t descriptorBytes(size_t rank) { return 8 * (3 + 2 * rank); }

size_t fieldBytes(const ValueSpec &v) {
  return v.isTensor ? descriptorBytes(v.shape.size())
                    : static_cast<size_t>(byteWidth(v.dtype));
}

size_t fieldAlign(const ValueSpec &v) {
  // Descriptors: pointers and i64 (8); scalars: their own width.
  return v.isTensor ? 8 : static_cast<size_t>(byteWidth(v.dtype));
}

ResultLayout resultLayout(const std::vector<ValueSpec> &results) {
  ResultLayout layout;
  layout.viaStruct =
      results.size() > 1 || (results.size() == 1 && results[0].isTensor);
  if (!layout.viaStruct)
    return layout;
  size_t at = 0;
  for (const ValueSpec &v : results) {
    size_t align = fieldAlign(v);
    at = (at + align - 1) / align * align;
    layout.offsets.push_back(at);
    at += fieldBytes(v);
    layout.align = std::max(layout.align, align);
  }
  layout.size = (at + layout.align - 1) / layout.align * layout.align;
  return layout;
}

PackedCall::PackedCall(const EntrySpec &spec, std::vector<Array> &args,
                       const Placement &place)
    : spec(&spec), layout(resultLayout(spec.results)) {
  argStorage.resize(spec.args.size());
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const ValueSpec &v = spec.args[i];
    Array &a = args[i];
    if (!v.isTensor) {
      argStorage[i].assign(1, 0);
      std::memcpy(argStorage[i].data(), a.bytes.data(),
                  std::min<size_t>(a.bytes.size(), 8));
      continue;
    }
    const size_t rank = a.shape.size();
    std::vector<int64_t> &d = argStorage[i];
    d.assign(3 + 2 * rank, 0);
    void *data = place(a);
    std::memcpy(&d[0], &data, sizeof(void *));
    std::memcpy(&d[1], &data, sizeof(void *));
    d[2] = 0;
    int64_t stride = 1;
    for (size_t k = rank; k-- > 0;) {
      d[3 + k] = a.shape[k];
      d[3 + rank + k] = stride;
      stride *= a.shape[k];
    }
  }
  link();
}

void PackedCall::link() {
  const size_t words =
      std::max<size_t>((std::max<size_t>(layout.size, 8) + 7) / 8, 1);
  if (resultStore.size() != words)
    resultStore.assign(words, 0);
  resultPointer.assign(1, resultStore.data());
  descriptorPointers.assign(argStorage.size(), nullptr);
  pointers.clear();
  if (layout.viaStruct)
    pointers.push_back(&resultPointer[0]);
  for (size_t i = 0; i < argStorage.size(); ++i) {
    if (spec->args[i].isTensor) {
      descriptorPointers[i] = argStorage[i].data();
      pointers.push_back(&descriptorPointers[i]);
    } else {
      pointers.push_back(argStorage[i].data());
    }
  }
  if (!layout.viaStruct && spec->results.size() == 1)
    pointers.push_back(resultStore.data());
}

PackedCall PackedCall::withFreshBuffers(
    const std::function<void *(const void *aligned)> &copyBuffer) const {
  PackedCall copy;
  copy.spec = spec;
  copy.layout = layout;
  copy.argStorage = argStorage;
  for (size_t i = 0; i < argStorage.size(); ++i) {
    if (!spec->args[i].isTensor)
      continue;
    void *aligned;
    std::memcpy(&aligned, &argStorage[i][1], sizeof(void *));
    void *fresh = copyBuffer(aligned);
    std::memcpy(&copy.argStorage[i][0], &fresh, sizeof(void *));
    std::memcpy(&copy.argStorage[i][1], &fresh, sizeof(void *));
  }
  copy.link();
  return copy;
}

void PackedCall::invoke(PackedFunction function) { function(pointers.data()); }

const int64_t *PackedCall::descriptor(size_t i) const {
  return spec->args[i].isTensor ? argStorage[i].data() : nullptr;
}

const unsigned char *PackedCall::resultStorage() const {
  return reinterpret_cast<const unsigned char *>(resultStore.data());
}

std::vector<Array> PackedCall::results() const {
  std::vector<Array> out;
  const unsigned char *base = resultStorage();
  for (size_t k = 0; k < spec->results.size(); ++k) {
    const ValueSpec &v = spec->results[k];
    const unsigned char *field =
        base + (layout.viaStruct ? layout.offsets[k] : 0);
    Array a;
    if (v.isTensor) {
      const size_t rank = v.shape.size();
      std::vector<int64_t> words(3 + 2 * rank);
      std::memcpy(words.data(), field, words.size() * 8);
      void *aligned;
      std::memcpy(&aligned, &words[1], sizeof(void *));
      fromStrided(v.dtype, static_cast<int64_t>(rank), aligned, words[2],
                  words.data() + 3, words.data() + 3 + rank, a);
    } else {
      a.dtype = v.dtype;
      a.bytes.resize(byteWidth(v.dtype));
      std::memcpy(a.bytes.data(), field, a.bytes.size());
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::vector<Array> PackedCall::takeResults() {
  std::vector<Array> out = results();
  // The lowering of memref.get_global sets a constant's allocated pointer to
  // this marker instead of a heap block.
  const uintptr_t notAllocated = 0xdeadbeef;
  std::vector<void *> skip;
  for (size_t i = 0; i < spec->args.size(); ++i)
    if (spec->args[i].isTensor) {
      void *block;
      std::memcpy(&block, &argStorage[i][0], sizeof(void *));
      skip.push_back(block);
    }
  const unsigned char *base = resultStorage();
  for (size_t k = 0; k < spec->results.size(); ++k) {
    if (!spec->results[k].isTensor)
      continue;
    void *allocated;
    std::memcpy(&allocated, base + (layout.viaStruct ? layout.offsets[k] : 0),
                sizeof(void *));
    if (!allocated || reinterpret_cast<uintptr_t>(allocated) == notAllocated ||
        std::find(skip.begin(), skip.end(), allocated) != skip.end())
      continue;
    skip.push_back(allocated);
    std::free(allocated);
  }
  return out;
}

} // namespace tofu_run
