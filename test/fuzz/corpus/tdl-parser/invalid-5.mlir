tdl.operator @notmap dims ["i"] inputs [42 : i64]
