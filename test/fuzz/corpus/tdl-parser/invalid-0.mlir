tdl.operator @dup dims ["x", "x"] inputs []
