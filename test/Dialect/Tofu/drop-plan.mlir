// Tests that --tofu-drop-plan removes the plan's attributes and keeps the
// naming attributes.
// RUN: tofu-opt --tofu-drop-plan %s | FileCheck %s

// CHECK: module {
// CHECK: func.func @main(%{{.*}}: tensor<4xf32> {tofu.name = "x"}) -> tensor<4xf32> {
// CHECK: arith.addf %{{.*}}, %{{.*}} {tofu.name = "y"} : tensor<4xf32>
// CHECK-NOT: tofu.layout
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
  func.func @main(%x: tensor<4xf32> {tofu.layout = #tofu.layout<[0]>, tofu.name = "x"})
      -> (tensor<4xf32> {tofu.layout = #tofu.layout<[0]>}) {
    %y = arith.addf %x, %x {tofu.strategy = #tofu.strategy<[0]>, tofu.layouts = [#tofu.layout<[0]>], tofu.name = "y"} : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
