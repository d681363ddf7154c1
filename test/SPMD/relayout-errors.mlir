// Requests the relayout engine cannot carry out, and malformed test
// requests: located errors, no crash.
// RUN: tofu-opt --test-tofu-relayout %s -split-input-file -verify-diagnostics

// A new split that is uneven.
// expected-error @+1 {{cannot split dimension 0 (3 elements) 2 ways at level 0}}
func.func @uneven(%x: tensor<3x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2>, from = array<i64: -1>,
                     to = array<i64: 0>}} {
  return
}

// -----

// expected-error @+1 {{'func.func' op test.relayout: 'from' and 'to' need one entry per level (2)}}
func.func @wrong_levels(%x: tensor<4x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2, 2>, from = array<i64: 0>,
                     to = array<i64: -1, -1>}} {
  return
}

// -----

// expected-error @+1 {{'func.func' op test.relayout: layout entry 2 is not a dimension of a rank-2 tensor, -1 or -2}}
func.func @bad_dim(%x: tensor<4x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2>, from = array<i64: 2>,
                     to = array<i64: -1>}} {
  return
}
