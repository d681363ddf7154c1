// Seed: tensor dialect ops and linalg ops, one per function.
func.func @extract(%a: tensor<8x6xf32>) -> tensor<3x2xf32> {
  %0 = tensor.extract_slice %a[1, 2] [3, 2] [2, 1] : tensor<8x6xf32> to tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @insert(%a: tensor<2x2xf32>, %b: tensor<5x5xf32>) -> tensor<5x5xf32> {
  %0 = tensor.insert_slice %a into %b[1, 1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

func.func @pad(%a: tensor<3x4xf32>, %v: f32) -> tensor<6x5xf32> {
  %0 = tensor.pad %a low[1, 0] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x4xf32> to tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @collapse(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

func.func @expand(%a: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x6xf32>, %c: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x6xf32>) outs(%c : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @generic(%a: tensor<10x4xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i + k floordiv 2, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<10x4xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %i = linalg.index 0 : index
    %m = arith.maximumf %acc, %x : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @scalar(%a: tensor<4x4xf32>, %s: f32, %o: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : tensor<4x4xf32>, f32) outs(%o : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @reduce(%a: tensor<4x6xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce ins(%a : tensor<4x6xf32>) outs(%o : tensor<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @conv(%x: tensor<1x6x6x2xf32>, %w: tensor<3x3x2x4xf32>, %o: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<1x6x6x2xf32>, tensor<3x3x2x4xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
