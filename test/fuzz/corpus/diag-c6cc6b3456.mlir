// Fuzzer mutant kept for its diagnostic:
// error: _ op description of _ reads input #_ dimension _ over [_, _], outside its extent _
func.func @extract(%a: tensor<8x6xf32>) -> tensor<3x2xf32> {
  %0 = tensor.extract_slice %a[1, 2] [3, 2] [9223372036854775807, 1] : tensor<8x6xf32> to tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
