tdl.opaque @op2 dims ["b", "i"] batch ["b"] inputs [["q"]]
