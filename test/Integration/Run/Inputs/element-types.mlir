// One element-wise op on each element type tofu-run carries besides
// f32/f64/i32/i64: i1, i8 (wrapping), i16, f16 and bf16 (each rounded to
// its type), plus an i1 comparison result.
func.func @main(%b: tensor<6x4xi1>, %c: tensor<6x4xi8>, %s: tensor<6x4xi16>,
                %h: tensor<6x4xf16>, %g: tensor<6x4xbf16>)
    -> (tensor<6x4xi1>, tensor<6x4xi8>, tensor<6x4xi16>, tensor<6x4xf16>,
        tensor<6x4xbf16>, tensor<6x4xi1>) {
  %true = arith.constant dense<true> : tensor<6x4xi1>
  %nb = arith.xori %b, %true : tensor<6x4xi1>
  %c2 = arith.addi %c, %c : tensor<6x4xi8>
  %s2 = arith.muli %s, %s : tensor<6x4xi16>
  %h2 = arith.mulf %h, %h : tensor<6x4xf16>
  %g2 = arith.addf %g, %g : tensor<6x4xbf16>
  %g3 = arith.mulf %g2, %g : tensor<6x4xbf16>
  %zero = arith.constant dense<0.0> : tensor<6x4xf16>
  %pos = arith.cmpf ogt, %h, %zero : tensor<6x4xf16>
  return %nb, %c2, %s2, %h2, %g3, %pos
      : tensor<6x4xi1>, tensor<6x4xi8>, tensor<6x4xi16>, tensor<6x4xf16>,
        tensor<6x4xbf16>, tensor<6x4xi1>
}
