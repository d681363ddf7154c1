// Tests that --tdl-load-library reports a file it cannot read at the module
// that asked for it, and a malformed file (syntax, verifier) in the file.
// RUN: not tofu-opt --tdl-load-library="paths=%t.missing.mlir" %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo 'tdl.operator @"tosa.argmax" dims ["..."] bogus' > %t.syntax.mlir
// RUN: not tofu-opt --tdl-load-library="paths=%t.syntax.mlir" %s 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: echo 'tdl.opaque @"tosa.exp" dims ["a"] batch ["z"] inputs [["a"]]' > %t.verify.mlir
// RUN: not tofu-opt --tdl-load-library="paths=%t.verify.mlir" %s 2>&1 | FileCheck %s --check-prefix=VERIFY
// A good file loads, and loading it twice parses it once.
// RUN: echo 'tdl.opaque @"tosa.exp" dims ["a"] batch ["a"] inputs [["a"]]' > %t.good.mlir
// RUN: tofu-opt --tdl-load-library="paths=%t.good.mlir,%t.good.mlir" %s | FileCheck %s --check-prefix=GOOD

// --tofu-partition's library= forwards to the same loader.
// RUN: tofu-opt --tofu-partition="gpus=2 materialize=false library=%t.good.mlir" %s -o /dev/null
// RUN: not tofu-opt --tofu-partition="gpus=2 library=%t.missing.mlir" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING

// MISSING: load-library.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot load TDL description file '{{.*}}.missing.mlir': {{.+}}
// SYNTAX: syntax.mlir:1:{{[0-9]+}}: error:
// SYNTAX: error: cannot load TDL description file '{{.*}}.syntax.mlir'
// VERIFY: verify.mlir:1:1: error: 'tdl.opaque' op
// VERIFY: error: cannot load TDL description file '{{.*}}.verify.mlir'
// GOOD: func.func @f

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tosa.exp %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
