//===- CHLOOps.td - The chlo subset dialect ----------------*- tablegen -*-===//
//
// chlo ("client HLO") holds the ops JAX emits that StableHLO decomposes
// later: chlo.square from jnp.var/std and layer norm, chlo.erfc from exact
// GELU, chlo.erf_inv from jax.random.normal, inverse and hyperbolic trig
// functions, lgamma and digamma (jax.scipy.special), chlo.top_k from
// jax.lax.top_k. Syntax: what JAX prints (`chlo.erf %x : tensor<4xf32> ->
// tensor<4xf32>`).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_STABLEHLO_CHLOOPS_TD
#define TOFU_DIALECT_STABLEHLO_CHLOOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def CHLO_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::mlir::chlo_subset";
  let summary = "The subset of chlo that JAX programs use";
  let description = [{
    JAX prints some element-wise functions as `chlo` ops (openxla/stablehlo
    `chlo`), which MLIR 22 does not ship. Tofu-MLIR defines the ones common
    in models, with JAX's syntax; `--convert-stablehlo-to-linalg` lowers them
    like StableHLO's element-wise ops (scalar `arith`/`math` code in a
    `linalg.generic`). Any other `chlo` op is rejected by the parser with a
    located diagnostic naming it.
  }];
}

class CHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<CHLO_Dialect, mnemonic, traits>;

def CHLO_FpTensor : RankedTensorOf<[AnyFloat]>;
def CHLO_PredTensor : RankedTensorOf<[I1]>;

class CHLO_UnaryOp<string mnemonic, string formula, Type resultType = CHLO_FpTensor,
                   list<Trait> traits = []>
    : CHLO_Op<mnemonic, !listconcat(traits,
          [Pure, SameOperandsAndResultShape, Elementwise])> {
  let summary = "element-wise " # mnemonic;
  let description = !strconcat("Computes `", formula,
      "` for every element of `operand`.\n\n",
      "```mlir\n%r = chlo.", mnemonic,
      " %x : tensor<4x8xf32> -> tensor<4x8xf32>\n```");
  let arguments = (ins CHLO_FpTensor:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
}

class CHLO_FpUnaryOp<string mnemonic, string formula>
    : CHLO_UnaryOp<mnemonic, formula, CHLO_FpTensor,
                   [AllTypesMatch<["operand", "result"]>]>;
class CHLO_PredicateOp<string mnemonic, string formula>
    : CHLO_UnaryOp<mnemonic, formula, CHLO_PredTensor>;

def CHLO_SquareOp : CHLO_FpUnaryOp<"square", "x * x">;
def CHLO_ErfOp : CHLO_FpUnaryOp<"erf", "erf(x)">;
def CHLO_ErfcOp : CHLO_FpUnaryOp<"erfc", "1 - erf(x)">;
def CHLO_ErfInvOp : CHLO_FpUnaryOp<"erf_inv", "the inverse of erf on (-1, 1)">;
def CHLO_TanOp : CHLO_FpUnaryOp<"tan", "tan(x)">;
def CHLO_SinhOp : CHLO_FpUnaryOp<"sinh", "sinh(x)">;
def CHLO_CoshOp : CHLO_FpUnaryOp<"cosh", "cosh(x)">;
def CHLO_AsinOp : CHLO_FpUnaryOp<"asin", "asin(x)">;
def CHLO_AcosOp : CHLO_FpUnaryOp<"acos", "acos(x)">;
def CHLO_AtanOp : CHLO_FpUnaryOp<"atan", "atan(x)">;
def CHLO_AsinhOp : CHLO_FpUnaryOp<"asinh", "asinh(x)">;
def CHLO_AcoshOp : CHLO_FpUnaryOp<"acosh", "acosh(x)">;
def CHLO_AtanhOp : CHLO_FpUnaryOp<"atanh", "atanh(x)">;
def CHLO_LgammaOp : CHLO_FpUnaryOp<"lgamma", "log |Gamma(x)|">;
def CHLO_DigammaOp : CHLO_FpUnaryOp<"digamma", "Gamma'(x) / Gamma(x)">;
def CHLO_IsInfOp : CHLO_PredicateOp<"is_inf", "x is +inf or -inf">;
def CHLO_IsPosInfOp : CHLO_PredicateOp<"is_pos_inf", "x is +inf">;
def CHLO_IsNegInfOp : CHLO_PredicateOp<"is_neg_inf", "x is -inf">;

def CHLO_NextAfterOp : CHLO_Op<"next_after",
    [Pure, AllTypesMatch<["x", "y", "result"]>, Elementwise]> {
  let summary = "element-wise next representable value towards y";
  let description = [{
    The float after `x` in the direction of `y` (`y` when they are equal,
    NaN when either is NaN), as C's `nextafter`.

    ```mlir
    %r = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins CHLO_FpTensor:$x, CHLO_FpTensor:$y);
  let results = (outs CHLO_FpTensor:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($result)
  }];
}

def CHLO_TopKOp : CHLO_Op<"top_k", [Pure]> {
  let summary = "the k largest elements of every last-dimension row";
  let description = [{
    `values` holds the `k` largest elements of each row along the last
    dimension of `operand`, largest first, and `indices` their positions
    (as `jax.lax.top_k`): floats in IEEE total order (NaN above +inf, -0
    below +0), equal elements lower position first.

    ```mlir
    %values, %indices = chlo.top_k(%x, k = 3) : tensor<5x8xf32> -> (tensor<5x3xf32>, tensor<5x3xi32>)
    ```
  }];
  let arguments = (ins RankedTensorOf<[AnyFloat, AnySignlessInteger,
                                       AnyUnsignedInteger]>:$operand,
                       I64Attr:$k);
  let results = (outs RankedTensorOf<[AnyFloat, AnySignlessInteger,
                                      AnyUnsignedInteger]>:$values,
                      RankedTensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:` type($operand) `->`
      `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

#endif // TOFU_DIALECT_STABLEHLO_CHLOOPS_TD
