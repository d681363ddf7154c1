// Tests that bad pass options and missing description files give clear errors.
// RUN: not tofu-opt --tofu-print-strategies="format=xml" %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not tofu-opt --tdl-load-library="paths=%t.missing.mlir" --tofu-print-strategies %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo 'tdl.operator @"tosa.argmax" dims ["..."] bogus' > %t.bad.mlir
// RUN: not tofu-opt --tdl-load-library="paths=%t.bad.mlir" --tofu-print-tdl %s 2>&1 | FileCheck %s --check-prefix=BAD
// A user library can describe an op the built-in library lacks.
// RUN: echo 'tdl.opaque @"tosa.argmax" dims ["a"] batch ["a"] inputs [["a", ":"]]' > %t.argmax.mlir
// RUN: tofu-opt --tdl-load-library="paths=%t.argmax.mlir" --tofu-print-strategies %s -o /dev/null | FileCheck %s --check-prefix=USER

// A library entry that does not fit the op it names is reported at the op.
// RUN: echo 'tdl.operator @"tosa.exp" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast]' > %t.exp.mlir
// RUN: not tofu-opt --tdl-load-library="paths=%t.exp.mlir" --tofu-print-strategies %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARITY

// ARITY: error: 'tosa.exp' op has 1 tensor operands but its description 'tosa.exp' has 2 inputs
// FORMAT: for the --format option: unknown value 'xml'; expected one of: text, json
// MISSING: cannot load TDL description file '{{.*}}.missing.mlir'
// BAD: bad.mlir:1:{{[0-9]+}}: error:
// USER: tosa.argmax at
// USER-NEXT: loops: a=4 [opaque]
// USER-NEXT: split a (output): in0[half, all] -> [half]

func.func @f(%a: tensor<4x6xf32>) -> (tensor<4xi32>, tensor<4x6xf32>) {
  %0 = tosa.argmax %a {axis = 1 : i32} : (tensor<4x6xf32>) -> tensor<4xi32>
  %1 = tosa.exp %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0, %1 : tensor<4xi32>, tensor<4x6xf32>
}
