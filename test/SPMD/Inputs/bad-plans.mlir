module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2], function = "main">} {
  func.func @main(%x: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0]>}) -> tensor<8x4xf32> {
    return %x : tensor<8x4xf32>
  }
}
