# Precompiled MLIR headers, shared by every target compiled with LLVM's flags.
#
# Most of a file's compile time here is spent parsing the same MLIR headers
# (the IR, the pass manager and the func, arith, tensor, linalg and memref
# dialects): 40-50% of a typical file, measured with clang 14 at -O3
# (LinalgGradients.cpp 10.9 s plain, 5.5 s with them precompiled). CI
# builds two trees from scratch on 2 cores, so parsing them once per tree
# instead of once per file is the largest saving in the test command's time
# (docs/reliability.md).
#
# One PCH for the whole tree: a PCH can only be used by compiles with the
# same flags and predefined macros, and the targets listed by
# tofu_use_precompiled_headers are compiled with LLVM's own flags
# (llvm_update_compile_flags: no exceptions, no RTTI, -fPIC from
# HandleLLVMOptions). Targets with other flags (the CBC solver's library,
# built with exceptions; the GoogleTest binaries, which define
# GTEST_HAS_PTHREAD) do not use it, nor targets that do not link MLIR
# (tofu-place): the PCH's LLVM_DUMP_METHODs are emitted in every file that
# includes it, and they call into libMLIR.
option(TOFU_PRECOMPILED_HEADERS
  "Precompile the MLIR headers most files include (faster builds)" ON)

set(TOFU_PRECOMPILED_HEADER_LIST
  <mlir/IR/Builders.h>
  <mlir/IR/BuiltinOps.h>
  <mlir/IR/IRMapping.h>
  <mlir/IR/PatternMatch.h>
  <mlir/Pass/Pass.h>
  <mlir/Dialect/Arith/IR/Arith.h>
  <mlir/Dialect/Func/IR/FuncOps.h>
  <mlir/Dialect/Linalg/IR/Linalg.h>
  <mlir/Dialect/MemRef/IR/MemRef.h>
  <mlir/Dialect/Tensor/IR/Tensor.h>
  <llvm/ADT/STLExtras.h>
  <llvm/Support/FormatVariadic.h>
  <llvm/Support/JSON.h>
  <llvm/Support/raw_ostream.h>)

if(TOFU_PRECOMPILED_HEADERS)
  add_library(TofuPrecompiledHeaders OBJECT
    ${PROJECT_SOURCE_DIR}/cmake/PrecompiledHeaders.cpp)
  llvm_update_compile_flags(TofuPrecompiledHeaders)
  set_target_properties(TofuPrecompiledHeaders PROPERTIES
    POSITION_INDEPENDENT_CODE ON)
  target_precompile_headers(TofuPrecompiledHeaders PRIVATE
    ${TOFU_PRECOMPILED_HEADER_LIST})
  # Without a timestamp in the PCH, ccache can cache the files that use it
  # (with sloppiness pch_defines,time_macros).
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    target_compile_options(TofuPrecompiledHeaders PRIVATE
      -Xclang -fno-pch-timestamp)
  endif()
endif()

# tofu_use_precompiled_headers(DIRECTORY dir... TARGETS target...)
# Every object library `obj.Tofu*` defined under the given directories, and
# the named targets, include the shared PCH.
function(tofu_use_precompiled_headers)
  if(NOT TOFU_PRECOMPILED_HEADERS)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "DIRECTORIES;TARGETS" ${ARGN})
  set(targets ${ARG_TARGETS})
  set(pending ${ARG_DIRECTORIES})
  while(pending)
    list(POP_FRONT pending dir)
    get_property(defined DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(t ${defined})
      if(t MATCHES "^obj\\.Tofu")
        list(APPEND targets ${t})
      endif()
    endforeach()
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    list(APPEND pending ${subdirs})
  endwhile()
  foreach(t ${targets})
    if(TARGET ${t})
      target_precompile_headers(${t} REUSE_FROM TofuPrecompiledHeaders)
    endif()
  endforeach()
endfunction()
