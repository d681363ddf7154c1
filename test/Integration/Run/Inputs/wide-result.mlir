// A 1 MiB result (256 x 1024 f32), more than the 64 KiB a full-disk test
// leaves for it.
func.func @main(%x: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %0 = arith.negf %x : tensor<256x1024xf32>
  return %0 : tensor<256x1024xf32>
}
