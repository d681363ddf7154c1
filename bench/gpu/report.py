"""Report of bench/gpu/run.sh (docs/gpu.md).

  report.py --prebuilt DIR --work DIR --json FILE [--repeat N]

For every case of DIR/cases.txt ("check" cases, small, must match; "perf"
cases are timed and their error is shown next to the CPU partitioned runs'
of cpu-checks.txt): the largest relative error of the GPU run's
results against the CPU reference (per element |a - b| / max(|b|, 1e-2 *
max|b|), the "close" metric of test/Integration/Run/Inputs/compare.py, which the CPU
tests use; pass <= 1e-4), the step
time and matmul figures the program printed (rank 0), the same matrix
products timed alone with cuBLAS through PyTorch (fp32, TF32 off), the cuDNN
calls inside the step (TOFU_RT_GPU_PROFILE lines: count and time of the last
step), and a PyTorch eager training step of the same model (forward,
backward, SGD; the WRN with cuDNN convolutions, TF32 off).
Needs numpy; the cuBLAS and PyTorch figures need torch with CUDA.
"""
import argparse
import json
import re
import statistics
import sys
from pathlib import Path

import numpy as np

# The metric of the CPU tests (test/Integration/Run/Inputs/compare.py close).
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "test" / "Integration" / "Run" / "Inputs"))
from compare import close_error  # noqa: E402

TOLERANCE = 1e-4
STEP_RE = re.compile(
    r"rank (\d+): gpu device (\d+), transport (\w+), step time median ([\d.]+) ms, "
    r"min ([\d.]+) ms over (\d+) \(first ([\d.]+) ms\); matmul (\d+) calls, "
    r"([\d.eE+-]+) GFLOP/step, cuBLAS ([\d.]+) ms/step \(first ([\d.]+)\), "
    r"([\d.]+) TFLOP/s in cuBLAS, ([\d.]+) TFLOP/s of the step")


def compare(run_dir, ref_dir):
    refs = sorted(Path(ref_dir).glob("result*.npy"), key=lambda p: int(p.stem[6:]))
    if not refs:
        return {"status": "no reference"}
    worst = 0.0
    for r in refs:
        g = Path(run_dir) / r.name
        if not g.exists():
            return {"status": f"missing {r.name}"}
        a, b = np.load(g).astype(np.float64), np.load(r).astype(np.float64)
        if a.shape != b.shape:
            return {"status": f"{r.name}: shape {a.shape} != {b.shape}"}
        if b.size == 0:
            continue
        if not np.all(np.isfinite(a)):
            return {"status": f"{r.name}: non-finite values"}
        worst = max(worst, close_error(a, b))
    return {"status": "MATCH" if worst <= TOLERANCE else "MISMATCH",
            "results": len(refs), "max_rel_err": worst}


def parse_log(path):
    text = path.read_text(errors="replace") if path.exists() else ""
    info = {"rc": None}
    m = re.search(r"rc=(\d+) wall=([\d.]+)s", text)
    if m:
        info["rc"], info["wall_s"] = int(m.group(1)), float(m.group(2))
    for m in STEP_RE.finditer(text):
        if m.group(1) != "0":
            continue
        info.update({
            "device": int(m.group(2)), "transport": m.group(3),
            "step_ms_median": float(m.group(4)), "step_ms_min": float(m.group(5)),
            "timed_steps": int(m.group(6)), "first_step_ms": float(m.group(7)),
            "matmul_calls": int(m.group(8)), "matmul_gflop": float(m.group(9)),
            "cublas_ms_per_step": float(m.group(10)),
            "cublas_tflops": float(m.group(12)), "step_tflops": float(m.group(13)),
        })
    errors = [l for l in text.splitlines() if "error" in l or "tofu_rt:" in l]
    if errors:
        info["errors"] = errors[:5]
    return info


def profile_lines(prof):
    path = Path(str(prof) + ".0")
    if not path.exists():
        return []
    return [l.split() for l in path.read_text().splitlines() if l.strip()]


def profile_step(prof, calls):
    """The products of rank 0's last step: (batch, m, n, k, ta, tb)."""
    # cuBLAS lines start with a number, cuDNN lines with the call's kind.
    lines = [l for l in profile_lines(prof) if l[0].isdigit()]
    if not calls:
        return []
    return [tuple(int(x) for x in l[:6]) for l in lines[-calls:]]


def cudnn_step(prof, steps):
    """cuDNN calls of rank 0's last step (the profile holds `steps` steps
    with the same calls): their number, ms and the kinds' counts."""
    lines = [l for l in profile_lines(prof) if not l[0].isdigit()]
    if not lines or steps < 1 or len(lines) % steps:
        return {}
    last = lines[-(len(lines) // steps):]
    kinds = {}
    for l in last:
        kinds[l[0]] = kinds.get(l[0], 0) + 1
    return {"calls": len(last), "ms_per_step": sum(float(l[-1]) for l in last) * 1e3,
            "kinds": kinds}


def time_cuda(fn, reps=20, warmup=3):
    import torch
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)


def cublas_alone(shapes):
    """Each product of one step timed alone (ms), summed."""
    import torch
    total, flops, cache = 0.0, 0.0, {}
    for shape in shapes:
        if shape not in cache:
            b, m, n, k, ta, tb = shape
            lead = (b,) if b > 1 else ()
            a = torch.randn(*lead, *((k, m) if ta else (m, k)), device="cuda")
            w = torch.randn(*lead, *((n, k) if tb else (k, n)), device="cuda")
            a = a.transpose(-1, -2) if ta else a
            w = w.transpose(-1, -2) if tb else w
            c = torch.empty(*lead, m, n, device="cuda")
            cache[shape] = time_cuda(lambda: torch.matmul(a, w, out=c))
        total += cache[shape]
        b, m, n, k = shape[:4]
        flops += 2.0 * b * m * n * k
    return {"ms_per_step": total, "gflop": flops / 1e9,
            "tflops": flops / (total * 1e-3) / 1e12 if total else 0.0}


def sizes(prebuilt):
    out = {}
    for line in (Path(prebuilt) / "models" / "sizes.txt").read_text().splitlines():
        name, args = line.split(":", 1)
        words = args.split()
        out[name] = {words[i].lstrip("-"): int(words[i + 1]) for i in range(0, len(words), 2)}
    return out


def torch_step(model, s):
    """Median ms of a PyTorch eager training step (forward, backward, SGD)."""
    import torch
    torch.manual_seed(0)
    dev = "cuda"
    P = lambda *shape: (torch.randn(*shape, device=dev) * 0.02).requires_grad_()

    def xent(logits, labels):
        return -(labels * torch.log_softmax(logits, -1)).sum(-1).mean()

    if model.startswith("wrn"):
        # tools/tofu-zoo/WideResNet.cpp: stem conv 7x7/2 (pad 3), ReLU, max
        # pool 3/2 (pad 1); bottleneck blocks (1x1, 3x3 with the stage's
        # stride, 1x1; projection shortcut first), ReLU after each; global
        # average pool, dense, cross-entropy. NCHW, cuDNN, TF32 off.
        F = torch.nn.functional
        base, width, image = s["base-channels"], s["width"], s["image"]
        C, B = s["classes"], s["batch"]
        blocks = {50: [3, 4, 6, 3], 101: [3, 4, 23, 3], 152: [3, 8, 36, 3]}[s["depth"]]
        conv = lambda o, i, k: P(o, i, k, k)
        params = [conv(base, 3, 7)]
        layers = []
        cin = base
        for stage, count in enumerate(blocks):
            mid = base * (2 ** stage) * width
            out = 4 * mid
            for i in range(count):
                stride = 2 if (i == 0 and stage > 0) else 1
                blk = {"stride": stride, "proj": conv(out, cin, 1) if i == 0 else None,
                       "c1": conv(mid, cin, 1), "c2": conv(mid, mid, 3), "c3": conv(out, mid, 1)}
                params += [p for k, p in blk.items() if k != "stride" and p is not None]
                layers.append(blk)
                cin = out
        fc_w, fc_b = P(cin, C), P(C)
        params += [fc_w, fc_b]
        x = torch.randn(B, 3, image, image, device=dev)
        labels = torch.softmax(torch.randn(B, C, device=dev), -1)

        def loss_fn():
            h = F.max_pool2d(F.relu(F.conv2d(x, params[0], stride=2, padding=3)), 3, 2, 1)
            for blk in layers:
                sc = h if blk["proj"] is None else F.conv2d(h, blk["proj"], stride=blk["stride"])
                y = F.relu(F.conv2d(h, blk["c1"]))
                y = F.relu(F.conv2d(y, blk["c2"], stride=blk["stride"], padding=1))
                h = F.relu(F.conv2d(y, blk["c3"]) + sc)
            return xent(h.mean((2, 3)) @ fc_w + fc_b, labels)
    elif model.startswith("mlp"):
        L, H, I, C, B = s["layers"], s["hidden"], s["in"], s["classes"], s["batch"]
        params = []
        width = I
        for _ in range(L):
            params += [P(width, H), P(H)]
            width = H
        params += [P(width, C), P(C)]
        x = torch.randn(B, I, device=dev)
        labels = torch.softmax(torch.randn(B, C, device=dev), -1)

        def loss_fn():
            h = x
            for i in range(L):
                h = torch.relu(h @ params[2 * i] + params[2 * i + 1])
            return xent(h @ params[-2] + params[-1], labels)
    else:
        L, H, NH, S, B, V = (s["layers"], s["hidden"], s["heads"], s["seq"],
                             s["batch"], s["vocab"])
        F = s.get("ffn", 4 * H)
        d = H // NH
        table, pos = P(V, H), P(S, H)
        layers = [dict(g1=P(H), b1=P(H), wq=P(H, H), bq=P(H), wk=P(H, H), bk=P(H),
                       wv=P(H, H), bv=P(H), wp=P(H, H), bp=P(H), g2=P(H), b2=P(H),
                       w1=P(H, F), c1=P(F), w2=P(F, H), c2=P(H)) for _ in range(L)]
        gf, bf, head = P(H), P(H), P(H, V)
        params = [table, pos, gf, bf, head] + [p for l in layers for p in l.values()]
        ids = torch.randint(0, V, (B * S,), device=dev)
        tokens = torch.nn.functional.one_hot(ids, V).float()
        labels = torch.nn.functional.one_hot(torch.roll(ids, -1), V).float()
        mask = torch.triu(torch.full((S, S), -1e9, device=dev), 1)

        def ln(x, g, b):
            mu = x.mean(-1, keepdim=True)
            var = ((x - mu) ** 2).mean(-1, keepdim=True)
            return (x - mu) * torch.rsqrt(var + 1e-5) * g + b

        def loss_fn():
            x = ((tokens @ table).view(B, S, H) + pos).view(B * S, H)
            for l in layers:
                h = ln(x, l["g1"], l["b1"])
                q = (h @ l["wq"] + l["bq"]).view(B, S, NH, d).permute(0, 2, 1, 3)
                k = (h @ l["wk"] + l["bk"]).view(B, S, NH, d).permute(0, 2, 3, 1)
                v = (h @ l["wv"] + l["bv"]).view(B, S, NH, d).permute(0, 2, 1, 3)
                p = torch.softmax(q @ k * (d ** -0.5) + mask, -1)
                o = (p @ v).permute(0, 2, 1, 3).reshape(B * S, H)
                x = x + o @ l["wp"] + l["bp"]
                h = ln(x, l["g2"], l["b2"])
                f = h @ l["w1"] + l["c1"]
                f = 0.5 * f * (1 + torch.tanh(0.7978845608028654 * (f + 0.044715 * f ** 3)))
                x = x + f @ l["w2"] + l["c2"]
            return xent(ln(x, gf, bf) @ head, labels)

    def step():
        loss = loss_fn()
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p.sub_(0.01 * g)
    return time_cuda(step, reps=20, warmup=5)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prebuilt", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    pre, work = Path(args.prebuilt), Path(args.work)
    report = {"tolerance": TOLERANCE, "cases": []}
    try:
        import torch
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        have_torch = torch.cuda.is_available()
        if have_torch:
            report["gpu"] = torch.cuda.get_device_name(0)
            report["torch"] = torch.__version__
    except Exception as e:  # no torch: correctness and step times only
        have_torch = False
        report["torch_error"] = str(e)
    model_sizes = sizes(pre)
    for line in (pre / "cases.txt").read_text().splitlines():
        fields = line.split()
        name, k, transport, bundle, ref, kind, role = fields[:7]
        sync = fields[7] if len(fields) > 7 else "launch"
        memory = fields[8] if len(fields) > 8 else "managed"
        cid = (f"{name}-k{k}-{transport}" + ("" if sync == "launch" else f"-{sync}")
               + ("" if memory == "managed" else f"-{memory}"))
        case = {"case": cid, "model": name, "ranks": int(k), "kind": kind,
                "role": role, "transport_requested": transport, "sync": sync,
                "memory": memory}
        case.update(parse_log(work / "logs" / f"{cid}.log"))
        dnn = cudnn_step(work / "prof" / cid, args.repeat + 1)
        if dnn:
            case["cudnn"] = dnn
        case["check"] = compare(work / "runs" / cid, pre / ref)
        if have_torch and case.get("matmul_calls"):
            shapes = profile_step(work / "prof" / cid, case["matmul_calls"])
            if shapes and int(k) == 1:
                try:
                    case["cublas_alone"] = cublas_alone(shapes)
                except Exception as e:
                    case["cublas_alone"] = {"error": str(e)}
        report["cases"].append(case)
    if have_torch:
        report["pytorch_eager_ms"] = {}
        for model, s in model_sizes.items():
            try:
                report["pytorch_eager_ms"][model] = torch_step(model, s)
            except Exception as e:
                report["pytorch_eager_ms"][model] = f"error: {e}"
    report["sizes"] = model_sizes
    checks = pre / "cpu-checks.txt"
    if checks.exists():
        # The same partitioned steps on CPU ranks against the CPU reference
        # (prepare.sh): the reordering error of partitioning alone.
        report["cpu_partitioned_checks"] = checks.read_text().splitlines()
    Path(args.json).write_text(json.dumps(report, indent=2))

    print(f"{'case':<42}{'role':<12}{'ranks':>6} {'transport':<10}{'check':<10}{'max rel err':>12}"
          f"{'step ms':>10}{'cuBLAS ms':>10}{'alone ms':>10}{'TFLOP/s':>9}")
    ok = True
    for c in report["cases"]:
        chk = c["check"]
        # Small "check" cases must match; "perf" cases must run, and their
        # error is read next to the CPU partitioned runs' (reordering).
        if c["role"] == "expect-fail":
            # Must stop with a tofu_rt error (e.g. NCCL's duplicate GPU).
            failed_cleanly = c.get("rc") not in (None, 0) and any(
                "tofu_rt: rank" in e for e in c.get("errors", []))
            chk = c["check"] = {"status": "FAILED-OK" if failed_cleanly else "NOT-OK"}
            ok &= failed_cleanly
        else:
            ok &= c.get("rc") == 0 and (c["role"] != "check" or chk.get("status") == "MATCH")
        alone = c.get("cublas_alone", {})
        err = chk.get("max_rel_err")
        print(f"{c['case']:<42}{c['role']:<12}{c['ranks']:>6} {c.get('transport', '-'):<10}"
              f"{chk.get('status', '?')[:9]:<10}"
              f"{(f'{err:.2e}' if err is not None else '-'):>12}"
              f"{c.get('step_ms_median', float('nan')):>10.3f}"
              f"{c.get('cublas_ms_per_step', float('nan')):>10.3f}"
              f"{alone.get('ms_per_step', float('nan')):>10.3f}"
              f"{c.get('step_tflops', float('nan')):>9.3f}")
        if c.get("cudnn"):
            d = c["cudnn"]
            print(f"    cuDNN: {d['calls']} calls/step ({', '.join(f'{k} {v}' for k, v in sorted(d['kinds'].items()))}), "
                  f"{d['ms_per_step']:.3f} ms/step")
        for e in c.get("errors", []):
            print(f"    {e}")
    for model, ms in report.get("pytorch_eager_ms", {}).items():
        print(f"PyTorch eager {model} step: {ms if isinstance(ms, str) else f'{ms:.3f} ms'}")
    for line in report.get("cpu_partitioned_checks", []):
        print(f"CPU reference check: {line}")
    print("ALL CHECK CASES MATCH, ALL RUNS SUCCEEDED" if ok
          else "SOME CASES FAILED OR MISMATCHED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
