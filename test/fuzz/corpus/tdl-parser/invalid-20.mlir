tdl.operator @genericout dims ["..."] inputs [#tdl.broadcast] output affine_map<(i) -> (i)>
