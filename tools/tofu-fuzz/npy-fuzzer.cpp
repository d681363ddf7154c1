//===- npy-fuzzer.cpp - The .npy reader of tofu-run's harness -------------===//
//
// The input is a .npy file. readNpyHeader either rejects it with a message
// or accepts a header whose array fits in the file; then the whole array and
// two blocks of it (the upper half of every dimension, and the last element)
// read back as the file's bytes, and writeNpy of the array reads back as the
// same header and bytes.
//
//===----------------------------------------------------------------------===//

#include "FuzzOracle.h"
#include "RunSupport.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

using namespace tofu_run;

namespace {

/// A directory for writeNpy, which renames a temporary next to its target.
std::string &scratchDir() {
  static std::string dir;
  return dir;
}

/// The element at flat index `flat` of the whole array's bytes.
const char *elementAt(const std::string &data, const NpyHeader &h,
                      int64_t flat) {
  return data.data() + h.dataOffset + flat * byteWidth(h.dtype);
}

/// Reads [offsets, offsets + sizes) and compares it element by element with
/// the file's bytes.
void checkBlock(const std::string &path, const std::string &data,
                const NpyHeader &h, const std::vector<int64_t> &offsets,
                const std::vector<int64_t> &sizes) {
  Array block;
  std::string error;
  if (!readNpyBlock(path, h, offsets, sizes, block, error))
    tofu_fuzz::fail("readNpyBlock failed on an accepted file: " + error);
  int64_t width = byteWidth(h.dtype), rank = h.shape.size();
  if (static_cast<int64_t>(block.bytes.size()) != block.numElements() * width)
    tofu_fuzz::fail("readNpyBlock returned the wrong number of bytes");
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < block.numElements(); ++i) {
    int64_t flat = 0;
    for (int64_t d = 0; d < rank; ++d)
      flat = flat * h.shape[d] + offsets[d] + index[d];
    if (std::memcmp(block.bytes.data() + i * width, elementAt(data, h, flat),
                    width))
      tofu_fuzz::fail("readNpyBlock read element " + std::to_string(i) +
                      " of the block from the wrong place");
    for (int64_t d = rank - 1; d >= 0 && ++index[d] == sizes[d]; --d)
      index[d] = 0;
  }
}

void checkWriteBack(const std::string &data, const NpyHeader &h) {
  Array whole;
  whole.dtype = h.dtype;
  whole.shape = h.shape;
  whole.bytes.assign(elementAt(data, h, 0),
                     elementAt(data, h, whole.numElements()));
  std::string path = scratchDir() + "/a.npy", error;
  if (!writeNpy(path, whole, error))
    tofu_fuzz::fail("writeNpy failed: " + error);
  NpyHeader again;
  if (!readNpyHeader(path, again, error))
    tofu_fuzz::fail("what writeNpy wrote does not read back: " + error);
  Array back;
  if (again.dtype != h.dtype || again.shape != h.shape ||
      !readNpyBlock(path, again, std::vector<int64_t>(h.shape.size(), 0),
                    h.shape, back, error) ||
      back.bytes != whole.bytes)
    tofu_fuzz::fail("writeNpy then readNpyHeader/readNpyBlock changed the "
                    "array");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  char dir[] = "/tmp/tofu-npy-fuzz-XXXXXX";
  if (!mkdtemp(dir))
    tofu_fuzz::fail("cannot create a scratch directory");
  scratchDir() = dir;
  std::atexit([] {
    std::remove((scratchDir() + "/a.npy").c_str());
    rmdir(scratchDir().c_str());
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  // The reader takes a path: the input as an in-memory file.
  int fd = memfd_create("npy-fuzz", 0);
  if (fd < 0)
    tofu_fuzz::fail("memfd_create failed");
  std::string data(reinterpret_cast<const char *>(bytes), size);
  if (write(fd, data.data(), size) != static_cast<ssize_t>(size))
    tofu_fuzz::fail("cannot write the input to a memfd");
  std::string path = "/proc/self/fd/" + std::to_string(fd), error;

  NpyHeader h;
  if (!readNpyHeader(path, h, error)) {
    if (error.empty())
      tofu_fuzz::fail("readNpyHeader failed without a message");
  } else {
    // The accepted array lies within the file.
    int64_t elements = 1;
    for (int64_t d : h.shape)
      elements *= d;
    if (h.dataOffset < 10 || h.dataOffset + elements * byteWidth(h.dtype) >
                                 static_cast<int64_t>(size))
      tofu_fuzz::fail("readNpyHeader accepted an array the file does not "
                      "hold");
    std::vector<int64_t> zero(h.shape.size(), 0), half, upper, last, one;
    for (int64_t d : h.shape) {
      half.push_back(d / 2);
      upper.push_back(d - d / 2);
      last.push_back(d > 0 ? d - 1 : 0);
      one.push_back(d > 0 ? 1 : 0);
    }
    checkBlock(path, data, h, zero, h.shape);
    checkBlock(path, data, h, half, upper);
    checkBlock(path, data, h, last, one);
    checkWriteBack(data, h);
  }
  close(fd);
  return 0;
}
