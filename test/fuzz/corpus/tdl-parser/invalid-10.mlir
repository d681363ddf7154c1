tdl.operator @outrank dims ["i", "j"] inputs [] output affine_map<(i) -> (i)>
