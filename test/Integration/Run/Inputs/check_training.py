"""Inputs and references for the `tofu-run --steps` tests (training*.test).

  check_training.py mlp-inputs DIR --layers L --hidden H --batch B --steps N
      writes the inputs of a tofu-zoo MLP step (tofu-opt --tofu-autodiff):
      DIR/arg<K>.npy (parameters ~ U(-1, 1)/sqrt(fan-in), a batch x, one-hot
      labels of a fixed random linear teacher) and DIR/steps/I/arg<K>.npy for I = 1 .. N-1 (batch I % 10,
      so that step I reads its own file and steps 10 apart the same data)
  check_training.py mlp-reference DIR OUT --layers L --steps N [--lr 0.01]
      runs the same N steps in numpy (float32): forward, softmax cross
      entropy (mean over the batch), backward, SGD; writes OUT/loss.txt (one
      loss per step) and OUT/result<K>.npy (the last step's results, in the
      step's order: parameters, then the loss)
  check_training.py adam-inputs DIR --steps N
      inputs of jax-adam-step.mlir's @main (adam_inputs.py's values) with
      DIR/steps/I/arg13.npy and arg14.npy (x, y) of batch I % 10
  check_training.py adam-reference DIR OUT --steps N
      JAX's own N steps of export_jax_steps.adam_step on those inputs
  check_training.py chain DIR OUT --step MODULE --entry E --pairs R:A,...
                    --loss K --steps N [--tofu-run "FLAGS"]
      tofu-run MODULE one step at a time on DIR's arg<K>.npy, N times, the
      results named by --pairs copied over their arguments after each step;
      OUT/result<K>.npy the last step's, OUT/loss.txt result K per step
  check_training.py compare RUN REF --loss-log FILE [--rtol R]
      RUN's loss log (FILE, tofu-run --loss-log) equals REF/loss.txt
      and RUN's result<K>.npy equal REF's within R (compare.py's "close"
      metric), and the loss fell: prints
        MATCH N steps, K results, loss A -> B, max error E (result k)
"""
import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from compare import close_error  # noqa: E402

IN, OUT = 784, 10


def mlp_shapes(layers, hidden):
    dims = [IN] + [hidden] * layers + [OUT]
    return [(dims[i], dims[i + 1]) for i in range(len(dims) - 1)]


def mlp_batch(rng, batch, teacher):
    """x ~ U(-1, 1) and one-hot labels a fixed linear teacher gives it (so
    that there is something to learn)."""
    x = rng.uniform(-1, 1, (batch, IN)).astype(np.float32)
    labels = np.zeros((batch, OUT), np.float32)
    labels[np.arange(batch), np.argmax(x @ teacher, axis=1)] = 1
    return x, labels


def save(directory, arrays, first=0):
    directory.mkdir(parents=True, exist_ok=True)
    for k, a in enumerate(arrays):
        np.save(directory / f"arg{first + k}.npy", a)


def mlp_inputs(a):
    rng = np.random.default_rng(5)
    params = []
    for fan_in, fan_out in mlp_shapes(a.layers, a.hidden):
        bound = 1 / np.sqrt(fan_in)
        params.append(rng.uniform(-bound, bound, (fan_in, fan_out)).astype(np.float32))
        params.append(rng.uniform(-bound, bound, (fan_out,)).astype(np.float32))
    teacher = rng.standard_normal((IN, OUT))
    batches = [mlp_batch(rng, a.batch, teacher) for _ in range(10)]
    out = Path(a.dir)
    save(out, params + list(batches[0]))
    for i in range(1, a.steps):
        save(out / "steps" / str(i), batches[i % 10], first=len(params))


def load_step(directory, index, count, first):
    """Arguments first.. of step `index`: DIR/steps/I where present."""
    own = directory / "steps" / str(index)
    return [np.load((own if (own / f"arg{k}.npy").exists() else directory) / f"arg{k}.npy")
            for k in range(first, count)]


def mlp_step(params, x, labels, lr):
    """One step of the zoo MLP (relu hidden layers, softmax cross entropy
    averaged over the batch, SGD) in float32."""
    f32 = np.float32
    acts, h = [], x
    layers = len(params) // 2
    for l in range(layers):
        w, b = params[2 * l], params[2 * l + 1]
        acts.append(h)
        z = h @ w + b
        h = np.maximum(z, f32(0)) if l < layers - 1 else z
    shifted = h - h.max(axis=1, keepdims=True)
    lse = np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    batch = f32(x.shape[0])
    loss = f32((labels * (lse - shifted)).sum() / batch)
    probs = np.exp(shifted - lse)
    grad = (probs * labels.sum(axis=1, keepdims=True) - labels) / batch
    grads = [None] * len(params)
    for l in reversed(range(layers)):
        w = params[2 * l]
        grads[2 * l] = acts[l].T @ grad
        grads[2 * l + 1] = grad.sum(axis=0)
        if l:
            grad = (grad @ w.T) * (acts[l] > 0)
    new = [(p - f32(lr) * g).astype(f32) for p, g in zip(params, grads)]
    return loss, new


def mlp_reference(a):
    directory, out = Path(a.dir), Path(a.out)
    count = 2 * (a.layers + 1)
    params = [np.load(directory / f"arg{k}.npy") for k in range(count)]
    losses = []
    for i in range(a.steps):
        x, labels = load_step(directory, i, count + 2, count)
        loss, params = mlp_step(params, x, labels, a.lr)
        losses.append(loss)
    out.mkdir(parents=True, exist_ok=True)
    for k, p in enumerate(params + [np.array(losses[-1], np.float32)]):
        np.save(out / f"result{k}.npy", p)
    (out / "loss.txt").write_text("".join(f"{i + 1} {l:.9g}\n" for i, l in enumerate(losses)))


def adam_inputs(a):
    from adam_inputs import SHAPES, write
    out = Path(a.dir)
    write(out, SHAPES, (8, 6), (8, 4))
    rng = np.random.default_rng(11)
    batches = [(rng.uniform(-1, 1, (8, 6)).astype(np.float32),
                rng.uniform(-1, 1, (8, 4)).astype(np.float32)) for _ in range(10)]
    for i in range(1, a.steps):
        if i % 10:
            save(out / "steps" / str(i), batches[i % 10], first=13)


def adam_reference(a):
    import jax
    import jax.numpy as jnp
    from export_jax_steps import adam_step
    directory, out = Path(a.dir), Path(a.out)
    args = [np.load(directory / f"arg{k}.npy") for k in range(13)]
    params, m, v, t = (tuple(map(jnp.asarray, args[0:4])), tuple(map(jnp.asarray, args[4:8])),
                       tuple(map(jnp.asarray, args[8:12])), jnp.asarray(args[12]))
    step = jax.jit(adam_step)
    losses = []
    for i in range(a.steps):
        x, y = load_step(directory, i, 15, 13)
        loss, params, m, v, t = step(params, m, v, t, jnp.asarray(x), jnp.asarray(y))
        losses.append(float(loss))
    out.mkdir(parents=True, exist_ok=True)
    results = [loss] + list(params) + list(m) + list(v) + [t]
    for k, r in enumerate(results):
        np.save(out / f"result{k}.npy", np.asarray(r))
    (out / "loss.txt").write_text("".join(f"{i + 1} {l:.9g}\n" for i, l in enumerate(losses)))


def chain(a):
    """`tofu-run` one step at a time, N times, each step's results fed back
    to the arguments --pairs names (RESULT:ARG,...): the reference for the
    pairing tofu-run --steps finds by itself."""
    import shutil
    import subprocess
    directory, out = Path(a.dir), Path(a.out)
    pairs = [tuple(int(x) for x in p.split(":")) for p in a.pairs.split(",")]
    current = out / "args"
    shutil.copytree(directory, current, ignore=shutil.ignore_patterns("steps"))
    losses = []
    for i in range(a.steps):
        step_out = out / f"step{i}"
        proc = subprocess.run(["tofu-run", a.step, "--entry", a.entry, "--inputs", str(current),
                               "--outputs", str(step_out), *a.tofu_run.split()],
                              capture_output=True, text=True)
        if proc.returncode:
            sys.exit(f"chain: step {i}: {proc.stderr[-2000:]}")
        for r, k in pairs:
            shutil.copy(step_out / f"result{r}.npy", current / f"arg{k}.npy")
        losses.append(float(np.load(step_out / f"result{a.loss}.npy")))
    for f in (out / f"step{a.steps - 1}").glob("result*.npy"):
        shutil.copy(f, out / f.name)
    (out / "loss.txt").write_text("".join(f"{i + 1} {l:.9g}\n" for i, l in enumerate(losses)))


def read_losses(path):
    out = {}
    for line in Path(path).read_text().splitlines():
        step, loss = line.split()[:2]
        out[int(step)] = float(loss)
    return [out[k] for k in sorted(out)]


def compare(a):
    run, ref = Path(a.run), Path(a.ref)
    got, want = read_losses(a.loss_log), read_losses(ref / "loss.txt")
    if len(got) != len(want):
        sys.exit(f"MISMATCH: {len(got)} losses logged, the reference has {len(want)}")
    loss_err = max(abs(g - w) / max(abs(w), 1e-6) for g, w in zip(got, want))
    if loss_err > a.rtol:
        bad = max(range(len(got)), key=lambda i: abs(got[i] - want[i]) / max(abs(want[i]), 1e-6))
        sys.exit(f"MISMATCH: loss of step {bad + 1}: {got[bad]} vs {want[bad]}")
    if not got[-1] < got[0]:
        sys.exit(f"MISMATCH: the loss did not fall: {got[0]} -> {got[-1]}")
    files = sorted(ref.glob("result*.npy"), key=lambda p: int(p.stem[6:]))
    worst, where = 0.0, -1
    for f in files:
        mine = np.load(run / f.name)
        theirs = np.load(f)
        if mine.shape != theirs.shape:
            sys.exit(f"MISMATCH: {f.name} is {mine.shape}, the reference {theirs.shape}")
        err = close_error(mine, theirs) if theirs.dtype.kind == "f" else \
            float(np.any(mine != theirs)) * float("inf")
        if err > worst:
            worst, where = err, int(f.stem[6:])
    if worst > a.rtol:
        sys.exit(f"MISMATCH: result {where}: error {worst:.3g} > {a.rtol}")
    print(f"MATCH {len(got)} steps, {len(files)} results, loss {got[0]:.4f} -> {got[-1]:.4f}, "
          f"max error {max(worst, loss_err):.2g}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["mlp-inputs", "mlp-reference", "adam-inputs",
                                    "adam-reference", "compare", "chain"])
    p.add_argument("dir")
    p.add_argument("out", nargs="?")
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--hidden", type=int, default=16)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--steps", type=int, default=100)
    p.add_argument("--lr", type=float, default=0.01)
    p.add_argument("--rtol", type=float, default=1e-4)
    p.add_argument("--loss-log")
    p.add_argument("--step", help="chain: the module")
    p.add_argument("--entry", default="main")
    p.add_argument("--pairs", help="chain: RESULT:ARG,...")
    p.add_argument("--loss", type=int, default=0, help="chain: the loss result")
    p.add_argument("--tofu-run", default="", help="chain: more tofu-run flags")
    a = p.parse_args()
    if a.mode == "compare":
        a.run, a.ref = a.dir, a.out
    {"mlp-inputs": mlp_inputs, "mlp-reference": mlp_reference, "adam-inputs": adam_inputs,
     "adam-reference": adam_reference, "compare": compare, "chain": chain}[a.mode](a)


if __name__ == "__main__":
    main()
