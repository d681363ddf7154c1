module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], function = "main">} {
  func.func @main(%x: tensor<7x4xf32> {tofu.layout = #tofu.layout<[0]>}) -> tensor<7x4xf32> {
    return %x : tensor<7x4xf32>
  }
}
