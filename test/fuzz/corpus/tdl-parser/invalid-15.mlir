tdl.operator @outreduced dims ["i"] reduce sum ["k"] inputs [] output affine_map<(i, k) -> (k)>
