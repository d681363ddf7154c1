// A 4 GiB argument (32768 x 32768 f32): under a 3 GiB address-space limit
// (ulimit -v) the harness cannot allocate a rank's block of it.
func.func @main(%x: tensor<32768x32768xf32>) -> tensor<32768x32768xf32> {
  return %x : tensor<32768x32768xf32>
}
