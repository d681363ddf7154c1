// --tofu-gpu-fatbin packs the per-chip objects of a gpu.binary into one CUDA
// fatbin (checked by reading the container), which the host loads with
// mgpuModuleLoad so that the driver picks the image for its GPU.
// RUN: tofu-opt %s --nvvm-attach-target='chip=sm_80 features=+ptx80 O=3' --gpu-lower-to-nvvm-pipeline='cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=bin' -o %t.objects.mlir
// RUN: %python %S/Inputs/fatbin_images.py %t.objects.mlir | FileCheck %s --check-prefix=OBJECTS
// RUN: tofu-opt %t.objects.mlir --tofu-gpu-fatbin -o %t.bin.mlir
// RUN: %python %S/Inputs/fatbin_images.py %t.bin.mlir | FileCheck %s --check-prefix=BIN
// RUN: mlir-translate --mlir-to-llvmir %t.bin.mlir | FileCheck %s --check-prefix=HOST
// RUN: tofu-opt %s --nvvm-attach-target='chip=sm_80 features=+ptx80 O=3' --gpu-lower-to-nvvm-pipeline='cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=isa' --tofu-gpu-fatbin -o %t.isa.mlir
// RUN: %python %S/Inputs/fatbin_images.py %t.isa.mlir | FileCheck %s --check-prefix=ISA
// RUN: tofu-opt %s --nvvm-attach-target='chip=sm_90 features=+ptx80 O=3' --gpu-lower-to-nvvm-pipeline='cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=bin opt-level=3' --tofu-gpu-fatbin -o %t.dup.mlir
// RUN: %python %S/Inputs/fatbin_images.py %t.dup.mlir | FileCheck %s --check-prefix=DUP
// RUN: not tofu-opt %t.objects.mlir --tofu-gpu-fatbin=fatbinary=%t.missing 2>&1 | FileCheck %s --check-prefix=NOTOOL
// RUN: tofu-opt %s --nvvm-attach-target='chip=sm_80 features=+ptx80 O=3' --gpu-lower-to-nvvm-pipeline='cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=fatbin' -o %t.fatbins.mlir
// RUN: not tofu-opt %t.fatbins.mlir --tofu-gpu-fatbin 2>&1 | FileCheck %s --check-prefix=FATBINS

// OBJECTS: kernels: 2 object(s), not one fatbin
// BIN: kernels: elf sm_80
// BIN-NEXT: kernels: elf sm_90
// BIN-NOT: kernels
// HOST: call ptr @mgpuModuleLoad(
// HOST-NOT: mgpuModuleLoadJIT
// ISA: kernels: ptx sm_80
// ISA-NEXT: kernels: ptx sm_90
// The same target twice is packed once.
// DUP: kernels: elf sm_90
// DUP-NOT: kernels
// NOTOOL: error: tofu-gpu-fatbin: {{.*}}missing failed
// FATBINS: error: tofu-gpu-fatbin: the sm_80 object has format fatbin; only cubins (cubin-format=bin) and PTX (cubin-format=isa) can be packed into one fatbin

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @twice(%a: memref<16xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<16xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%t] : memref<16xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @kernels::@twice blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>)
    return
  }
}
