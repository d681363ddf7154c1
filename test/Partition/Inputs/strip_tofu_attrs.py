"""Removes the attributes tofu-zoo and --tofu-autodiff attach (tofu.name,
tofu.step, tofu.fwd, tofu.grad_of, tofu.update_of), leaving a training step
as a front end without them (e.g. JAX) would produce it."""
import re
import sys

text = sys.stdin.read()
text = re.sub(r'tofu\.(fwd|grad_of|update_of|name|step) = ("[^"]*"|-?[0-9]+ : i64)', '', text)
for _ in range(6):
    text = re.sub(r'\{\s*,\s*', '{', text)
    text = re.sub(r',\s*,', ',', text)
    text = re.sub(r',\s*\}', '}', text)
text = re.sub(r' attrs =\s*\{\s*\}', '', text)
text = re.sub(r'\{\s*\}', '{}', text)
text = re.sub(r' \{\}(?=\s*[:(])', '', text)
sys.stdout.write(text)
