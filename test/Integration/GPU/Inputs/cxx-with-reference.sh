#!/bin/sh
# tofu-run's link step with the reference library of the GPU runtime's
# library entry points (libtofu_runtime_gpu_reference.so) added, for
# programs rewritten by --tofu-gpu-library-calls=host-memory=true:
#   CXX=cxx-with-reference.sh TOFU_GPU_REFERENCE_LIB=/path/lib.so tofu-run ...
# TOFU_REAL_CXX: the compiler (default c++; the tests pass the build's, whose
# sanitizer flags tofu-run adds in a sanitized build).
lib=${TOFU_GPU_REFERENCE_LIB:?set TOFU_GPU_REFERENCE_LIB}
dir=$(dirname "$lib")
exec "${TOFU_REAL_CXX:-c++}" "$@" "$lib" "-Wl,-rpath,$dir"
