// Tests the JSON form of --tofu-print-strategies: the documented schema with
// per-worker regions for concrete ops.
// RUN: tofu-opt --tofu-print-strategies="format=json" %s -o /dev/null > %t.json
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); assert [len(o['strategies']) for o in d['ops']] == [5, 3, 2], d" %t.json
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['ops'][2]['strategies'][0]; assert s['dim_name'] == 'x' and s['inputs'][0][2] == {'halo': [0, 2]}, s; w=s['workers']; assert w[0]['inputs'][0][2] == [0, 8] and w[1]['inputs'][0][2] == [7, 15], w; assert w[0]['output'][2] == [0, 6] and w[1]['output'][2] == [7, 13], w" %t.json
// RUN: FileCheck %s < %t.json

// CHECK: "ops": [
// CHECK: "loc": "{{.*}}strategies-json.mlir:[[@LINE+12]]:1"
// CHECK: "op": "@conv1d"
// CHECK: "dim": 2
// CHECK-NEXT: "dim_name": "x"
// CHECK-NEXT: "inputs": [
// CHECK-NEXT: [
// CHECK-NEXT: "all",
// CHECK-NEXT: "all",
// CHECK-NEXT: {
// CHECK-NEXT: "halo": [
// CHECK-NEXT: "0",
// CHECK-NEXT: "DX - 1"
tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
    inputs [affine_map<(b, co, x, ci, dx) -> (b, ci, x + dx)>,
            affine_map<(b, co, x, ci, dx) -> (ci, co, dx)>]

// CHECK: "op": "linalg.matmul"
// CHECK: "strategies": [
// CHECK: "dim": 0
// CHECK: "kind": "output"
// CHECK: "output": [
// CHECK-NEXT: "half",
// CHECK-NEXT: "all"
// CHECK: "workers": [
// CHECK: "dim": 2
// CHECK: "kind": "reduction"
// CHECK: "output": {
// CHECK-NEXT: "partial": "sum"
func.func @matmul(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %o: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}

// CHECK: "op": "tdl.apply"
func.func @conv(%d: tensor<1x1x16xf32>, %f: tensor<1x1x3xf32>) -> tensor<1x1x14xf32> {
  %0 = tdl.apply @conv1d(%d, %f) : (tensor<1x1x16xf32>, tensor<1x1x3xf32>) -> tensor<1x1x14xf32>
  return %0 : tensor<1x1x14xf32>
}
