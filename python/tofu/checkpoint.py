"""Reads the sharded checkpoints of `tofu-run --steps N --checkpoint DIR`
with numpy alone (no Tofu build needed; docs/runtime.md, "Checkpoints").

    from tofu import checkpoint
    ckpt = checkpoint.latest("ckpt")          # ckpt/step-00000100, or None
    arrays = checkpoint.load(ckpt)            # {"l0.fc.weight": ndarray, ...}
    by_arg = checkpoint.load(ckpt, key="arg") # {0: ndarray, ...}

Every shard file's CRC-32 is checked against the manifest; a missing,
truncated or damaged shard raises CheckpointError naming the file. To get
JAX or PyTorch arrays, pass the numpy arrays to jax.numpy.asarray or
torch.from_numpy.

Command line: `python -m tofu.checkpoint DIR [OUT]` prints each tensor
(name, shape, dtype, sum) of the last complete checkpoint in DIR (or of DIR
itself when it is one) and, with OUT, saves each as OUT/arg<N>.npy.
"""
import json
import os
import sys
import zlib

import numpy as np

FORMAT = "tofu-checkpoint"
VERSION = 1


class CheckpointError(Exception):
    """A checkpoint that cannot be read: the message names the file."""


def complete(directory):
    """The complete checkpoints (step-* directories with a manifest) in
    `directory`, as (step, path), by step."""
    out = []
    if not os.path.isdir(directory):
        return out
    for name in os.listdir(directory):
        if not name.startswith("step-") or not name[5:].isdigit():
            continue
        path = os.path.join(directory, name)
        if os.path.isfile(os.path.join(path, "manifest.json")):
            out.append((int(name[5:]), path))
    return sorted(out)


def latest(directory):
    """The path of the last complete checkpoint in `directory`, or None."""
    found = complete(directory)
    return found[-1][1] if found else None


def manifest(path):
    """The manifest of checkpoint `path` (a dict, as documented)."""
    file = os.path.join(path, "manifest.json")
    try:
        with open(file) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise CheckpointError(f"{file}: {e}") from e
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise CheckpointError(f"{file}: not a {FORMAT} version {VERSION} manifest")
    return data


def _read_shard(path, shard, dtype):
    file = os.path.join(path, shard["file"])
    try:
        with open(file, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise CheckpointError(f"cannot read the shard {file}: {e}") from e
    crc = zlib.crc32(raw) & 0xFFFFFFFF
    if crc != int(shard["crc32"], 16):
        raise CheckpointError(
            f"the shard {file} is damaged ({len(raw)} bytes, CRC-32 {crc:08x}, "
            f"the manifest says {shard['crc32']})")
    with open(file, "rb") as f:
        block = np.load(f)
    if list(block.shape) != list(shard["sizes"]) or block.dtype != dtype:
        raise CheckpointError(
            f"the shard {file} holds {block.dtype} {list(block.shape)}, the "
            f"manifest says {dtype} {shard['sizes']}")
    return block


def load(path, key="name"):
    """The whole tensors of checkpoint `path`, reassembled from their
    shards: a dict keyed by tofu.name (key="name"; the argument index where
    a tensor has none) or by argument index (key="arg")."""
    data = manifest(path)
    out = {}
    for t in data["tensors"]:
        dtype = np.dtype(t["npy"])
        whole = np.zeros(t["shape"], dtype=dtype)
        covered = np.zeros(t["shape"], dtype=bool)
        for shard in t["shards"]:
            block = _read_shard(path, shard, dtype)
            box = tuple(slice(o, o + s) for o, s in zip(shard["offsets"], shard["sizes"]))
            whole[box] = block
            covered[box] = True
        if not covered.all():
            raise CheckpointError(
                f"{path}/manifest.json: the shards of argument {t['arg']} do not "
                f"cover its {t['shape']} elements")
        name = t["arg"] if key == "arg" or not t.get("name") else t["name"]
        out[name] = whole
    return out


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    path = argv[1]
    if not os.path.isfile(os.path.join(path, "manifest.json")):
        path = latest(argv[1])
        if path is None:
            print(f"tofu.checkpoint: no complete checkpoint in {argv[1]}", file=sys.stderr)
            return 1
    try:
        arrays = load(path, key="arg")
        names = {t["arg"]: t.get("name") or "" for t in manifest(path)["tensors"]}
    except CheckpointError as e:
        print(f"tofu.checkpoint: {e}", file=sys.stderr)
        return 1
    print(f"{path}: step {manifest(path)['step']}")
    for arg, a in sorted(arrays.items()):
        print(f"arg{arg} {names[arg]}: {a.dtype} {list(a.shape)}, sum {float(a.sum()):.9g}")
        if len(argv) == 3:
            os.makedirs(argv[2], exist_ok=True)
            np.save(os.path.join(argv[2], f"arg{arg}.npy"), a)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
