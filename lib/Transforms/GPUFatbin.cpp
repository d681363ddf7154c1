//===- GPUFatbin.cpp - One CUDA fatbin per gpu.binary ---------------------===//
//
// --tofu-gpu-fatbin: when a GPU module is compiled for several chips (one
// #nvvm.target each, e.g. sm_80 and sm_90), `gpu-module-to-binary` produces a
// gpu.binary with one object per chip, and upstream's offloading handler
// embeds only one of them, chosen at compile time. This pass packs all of
// them with CUDA's `fatbinary` into one fatbin object, so the CUDA driver
// picks the image that fits the GPU the program runs on (cuModuleLoadData
// accepts fatbins; the host code calls mgpuModuleLoad for them).
//
//===----------------------------------------------------------------------===//

#include "Tofu/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUGPUFATBIN
#include "Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

/// `fatbinary`: the option, else $CUDA_HOME/bin, $CUDA_PATH/bin, PATH,
/// /usr/local/cuda/bin.
std::string findFatbinary(StringRef option) {
  if (!option.empty())
    return option.str();
  SmallVector<StringRef> dirs;
  std::string home, path;
  if (const char *h = std::getenv("CUDA_HOME"))
    home = (Twine(h) + "/bin").str();
  if (const char *p = std::getenv("CUDA_PATH"))
    path = (Twine(p) + "/bin").str();
  for (const std::string *d : {&home, &path})
    if (!d->empty())
      dirs.push_back(*d);
  if (auto found = llvm::sys::findProgramByName("fatbinary", dirs))
    return *found;
  if (auto found = llvm::sys::findProgramByName("fatbinary"))
    return *found;
  if (auto found =
          llvm::sys::findProgramByName("fatbinary", {"/usr/local/cuda/bin"}))
    return *found;
  return "";
}

/// "90" for chip "sm_90", "90a" for "sm_90a"; "" if not of that form.
std::string smNumber(StringRef chip) {
  if (!chip.consume_front("sm_") || chip.empty() ||
      !llvm::isDigit(chip.front()))
    return "";
  return chip.str();
}

/// The chip's version number (90 for sm_90 and sm_90a, 100 for sm_100).
unsigned smVersion(gpu::ObjectAttr object) {
  unsigned v = 0;
  std::string sm =
      smNumber(cast<NVVM::NVVMTargetAttr>(object.getTarget()).getChip());
  (void)StringRef(sm).take_while(llvm::isDigit).getAsInteger(10, v);
  return v;
}

struct TofuGPUFatbinPass
    : public tofu::impl::TofuGPUFatbinBase<TofuGPUFatbinPass> {
  using TofuGPUFatbinBase::TofuGPUFatbinBase;

  LogicalResult merge(gpu::BinaryOp binary, StringRef tool) {
    ArrayAttr objects = binary.getObjectsAttr();
    SmallVector<gpu::ObjectAttr> unique;
    for (Attribute a : objects) {
      auto object = dyn_cast<gpu::ObjectAttr>(a);
      if (!object || !isa<NVVM::NVVMTargetAttr>(object.getTarget()))
        return binary.emitError("tofu-gpu-fatbin: object ")
               << a << " is not an NVVM object";
      if (llvm::none_of(unique, [&](gpu::ObjectAttr u) {
            return u.getTarget() == object.getTarget();
          }))
        unique.push_back(object);
    }
    if (unique.size() == 1 &&
        unique.front().getFormat() == gpu::CompilationTarget::Fatbin) {
      if (objects.size() != 1)
        binary.setObjectsAttr(ArrayAttr::get(&getContext(), {unique.front()}));
      return success();
    }
    if (tool.empty())
      return binary.emitError(
          "tofu-gpu-fatbin: cannot find CUDA's fatbinary (set the "
          "fatbinary option, $CUDA_HOME or PATH)");

    SmallVector<std::string> images;
    llvm::FileRemover removeOut;
    SmallVector<std::unique_ptr<llvm::FileRemover>> removers;
    for (gpu::ObjectAttr object : unique) {
      auto target = cast<NVVM::NVVMTargetAttr>(object.getTarget());
      std::string sm = smNumber(target.getChip());
      if (sm.empty())
        return binary.emitError("tofu-gpu-fatbin: chip '")
               << target.getChip() << "' is not of the form sm_NN";
      StringRef kind;
      switch (object.getFormat()) {
      case gpu::CompilationTarget::Binary:
        kind = "elf";
        break;
      case gpu::CompilationTarget::Assembly:
        kind = "ptx";
        break;
      default:
        return binary.emitError("tofu-gpu-fatbin: the ")
               << target.getChip() << " object has format "
               << gpu::stringifyCompilationTarget(object.getFormat())
               << "; only cubins (cubin-format=bin) and PTX "
                  "(cubin-format=isa) can be packed into one fatbin";
      }
      SmallString<128> file;
      if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
              "tofu-image", kind == "elf" ? "cubin" : "ptx", file))
        return binary.emitError("tofu-gpu-fatbin: cannot create a temporary "
                                "file: ")
               << ec.message();
      removers.push_back(std::make_unique<llvm::FileRemover>(file));
      std::error_code ec;
      llvm::raw_fd_ostream os(file, ec);
      if (ec)
        return binary.emitError("tofu-gpu-fatbin: cannot write ")
               << file << ": " << ec.message();
      StringRef bytes = object.getObject().getValue();
      // PTX text is stored with a trailing NUL for the driver; fatbinary
      // wants the text alone.
      if (kind == "ptx")
        bytes = bytes.rtrim('\0');
      os << bytes;
      os.close();
      images.push_back(
          ("--image3=kind=" + kind + ",sm=" + sm + ",file=" + file).str());
    }
    SmallString<128> out, log;
    if (llvm::sys::fs::createTemporaryFile("tofu-fatbin", "fatbin", out) ||
        llvm::sys::fs::createTemporaryFile("tofu-fatbin", "log", log))
      return binary.emitError("tofu-gpu-fatbin: cannot create a temporary "
                              "file");
    llvm::FileRemover removeFatbin(out), removeLog(log);
    std::string create = ("--create=" + out).str();
    SmallVector<StringRef> argv = {tool, "-64", create};
    for (const std::string &i : images)
      argv.push_back(i);
    std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                            StringRef(log)};
    std::string error;
    int status = llvm::sys::ExecuteAndWait(tool, argv, std::nullopt, redirects,
                                           /*SecondsToWait=*/300, 0, &error);
    if (status != 0) {
      std::string text;
      if (auto buf = llvm::MemoryBuffer::getFile(log))
        text = (*buf)->getBuffer().trim().str();
      return binary.emitError("tofu-gpu-fatbin: ")
             << tool << " failed (status " << status << ")"
             << (error.empty() ? "" : ": " + error)
             << (text.empty() ? "" : ":\n" + text);
    }
    auto buf = llvm::MemoryBuffer::getFile(out, /*IsText=*/false);
    if (!buf)
      return binary.emitError("tofu-gpu-fatbin: cannot read ")
             << out << ": " << buf.getError().message();
    // The merged object keeps the newest chip's target, properties and
    // kernel table (the kernels are the same for every chip).
    gpu::ObjectAttr newest =
        *llvm::max_element(unique, [](gpu::ObjectAttr a, gpu::ObjectAttr b) {
          return smVersion(a) < smVersion(b);
        });
    auto merged = gpu::ObjectAttr::get(
        &getContext(), newest.getTarget(), gpu::CompilationTarget::Fatbin,
        StringAttr::get(&getContext(), (*buf)->getBuffer()),
        newest.getProperties(), newest.getKernels());
    binary.setObjectsAttr(ArrayAttr::get(&getContext(), {merged}));
    return success();
  }

  void runOnOperation() override {
    SmallVector<gpu::BinaryOp> binaries;
    getOperation().walk([&](gpu::BinaryOp b) { binaries.push_back(b); });
    if (binaries.empty())
      return;
    std::string tool = findFatbinary(fatbinary);
    for (gpu::BinaryOp b : binaries)
      if (failed(merge(b, tool)))
        return signalPassFailure();
  }
};

} // namespace
