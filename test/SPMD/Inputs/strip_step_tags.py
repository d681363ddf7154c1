"""Writes a training step without --tofu-autodiff's tags (tofu.fwd,
tofu.grad_of, tofu.update_of, tofu.param): what a step written by hand or
imported carries.  strip_step_tags.py IN OUT"""
import re
import sys

text = open(sys.argv[1]).read()
for attr in ["tofu.fwd", "tofu.grad_of", "tofu.update_of"]:
    a = re.escape(attr)
    text = re.sub(r', ' + a + r' = "[^"]*"', "", text)
    text = re.sub(a + r' = "[^"]*", ', "", text)
    text = re.sub(a + r' = "[^"]*"', "", text)
text = text.replace(", tofu.param", "").replace("{tofu.param}", "")
open(sys.argv[2], "w").write(text)
