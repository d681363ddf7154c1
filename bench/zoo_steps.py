"""Zoo training steps at the sizes of bench/gpu/prepare.sh, for the
benchmarks that build them (bench/gpu/launches.py, bench/cpu/steps.py)."""
import subprocess
import sys
from pathlib import Path

# name: (tofu-zoo family, its options); mlp, transformer and wrn as
# prepare.sh's "perf" MLP and transformer and its wrn-small.
MODELS = {
    "mlp": ("mlp", "--layers 3 --hidden 768 --in 768 --classes 256 --batch 512"),
    "transformer": ("transformer", "--layers 2 --hidden 256 --heads 4 --seq 128 --batch 4 --vocab 1024"),
    "wrn": ("wresnet", "--depth 50 --base-channels 8 --width 1 --image 32 --classes 10 --batch 8"),
    "lstm": ("rnn", "--layers 2 --hidden 256 --embed 256 --steps 16 --batch 32 --vocab 1000"),
}


def run(cmd):
    """Runs `cmd`; its stdout, or exits with the command and its output."""
    p = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{' '.join(map(str, cmd))} failed:\n{p.stdout}{p.stderr}")
    return p.stdout


def training_step(bin_dir, name, directory):
    """Writes model `name`'s training step (tofu-zoo, then --tofu-autodiff)
    into `directory`; returns its path."""
    family, sizes = MODELS[name]
    fwd, step = Path(directory, f"{name}.mlir"), Path(directory, f"{name}-step.mlir")
    run([Path(bin_dir, "tofu-zoo"), family, *sizes.split(), "-o", fwd])
    run([Path(bin_dir, "tofu-opt"), "--tofu-autodiff", fwd, "-o", step])
    return step
