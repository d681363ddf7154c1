// Reproducer (fixed): nested divisions by 2^32 overflowed a Rational's
// denominator to 0 in the symbolic interval analysis ("zero denominator"
// assertion; x % 0 in release). Now: "coefficients too large".
// reproduce: tofu-opt THIS_FILE --tofu-print-strategies -o /dev/null
tdl.operator @nested_division dims ["i"] inputs [affine_map<(i) -> ((i floordiv 4294967296) floordiv 4294967296)>]
