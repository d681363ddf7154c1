"""Runs a tofu-run job with a real fault and reports what the fault tests
(test/Integration/Run/faults*.test) check: the exit status, how long the job
took to end, and whether any of its processes is left.

  faults.py watch --bound S --marker M [--program P] [--kill-rank R]
            [--signal N] [--kill-launcher] [--fault-after S] [--fault-command C]
            [--rank-ulimit-as BYTES] -- CMD...
      runs CMD (stdout and stderr merged and copied to stdout), then prints
        faults: exit status N
        faults: ended within S s      (or: faults: took T s, over S s)
        faults: no process of the job is left   (or: faults: left: ...)
      The job has ended when CMD has and no process of it is left (they
      are waited for up to the bound).
      The time runs from the moment the job's program P (argv[0], e.g.
      WORKDIR/program) is first seen, or from the kill below, or else from
      CMD's start. Left processes: any whose command line contains M (the
      job's work directory), after CMD has ended.
      --kill-rank R: once P of rank R ($OMPI_COMM_WORLD_RANK; rank 0 when
      unset) has run for half a second, sends it signal N (default 9,
      SIGKILL) from outside, as an operator or the OOM killer would.
      --kill-launcher: the same, but the signal goes to CMD itself
      (tofu-run), once rank 0's program has run for half a second.
      --fault-after S: strike once rank R has run S seconds, not half a
      second.
      --fault-command C: the same, but instead of a signal the fault is
      the shell command C (run with sh -c; e.g. one that takes a network
      link down, test/Integration/Nodes).
      --rank-ulimit-as: runs the ranks with that address-space limit
      (ulimit -v; through limited-rank.py as $TOFU_RANK, so that it does not
      apply to tofu-run's compile).
  faults.py npy KIND PATH
      writes a broken .npy file of two float32 elements: junk (no magic),
      bad-header (magic, but no dict), truncated (one element of two),
      elements (shape (2**62, 4): its element count does not fit in 64
      bits), bytes (shape (2**61, 2): its element count fits, its byte
      count does not),
      huge-dim (a dimension past 2**63) or huge-header (a version 2 header
      that says it is 4 GiB long).
  faults.py full-disk DIR -- CMD...
      runs CMD with a full filesystem on DIR: a 64 KiB tmpfs mounted there in
      a private mount namespace (unshare; as root, or mapped to root in a
      user namespace). Where neither is allowed, the ranks run with a 64 KiB
      file size limit instead (tofu-rank through limited-rank.py, whose
      writes then fail with EFBIG, as a full disk fails them with ENOSPC).
      Then prints "faults: DIR holds: NAMES" (nothing if empty).
"""
import os
import shutil
import signal
import subprocess
import sys
import threading
import time


def processes():
    """(pid, argv, environ) of every process we may read."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
            with open(f"/proc/{name}/environ", "rb") as f:
                env = f.read().split(b"\0")
        except OSError:
            continue
        if argv:
            out.append((int(name), argv, env))
    return out


def ancestors():
    """This process and the ones above it (whose command lines may hold the
    marker: a faults.py full-disk around this one)."""
    out, pid = set(), os.getpid()
    while pid > 1:
        out.add(pid)
        try:
            with open(f"/proc/{pid}/stat") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            break
    return out


def rank_of(env):
    for var in env:
        if var.startswith(b"OMPI_COMM_WORLD_RANK="):
            return int(var.split(b"=", 1)[1])
    return 0


class Watcher(threading.Thread):
    """Polls /proc for the job's program; kills rank R once it has run."""

    def __init__(self, program, kill_rank, sig, command=None, after=0.5):
        super().__init__(daemon=True)
        self.program, self.kill_rank, self.sig = program, kill_rank, sig
        self.command = command  # --fault-command: run instead of a signal
        self.after = after  # --fault-after: seconds of rank R before the fault
        self.launcher = None  # with --kill-launcher: CMD's pid
        self.seen = None  # when the program was first seen
        self.killed = None  # when the kill was sent
        self.done = threading.Event()

    def run(self):
        first_of_rank = None
        while not self.done.is_set():
            for pid, argv, env in processes():
                if argv[0] != self.program:
                    continue
                now = time.monotonic()
                if self.seen is None:
                    self.seen = now
                if self.kill_rank is None or self.killed is not None:
                    continue
                if rank_of(env) != self.kill_rank:
                    continue
                if first_of_rank is None:
                    first_of_rank = now
                elif now - first_of_rank >= self.after:
                    self.fault(pid)
            time.sleep(0.01)


    def fault(self, pid):
        if self.command:
            subprocess.run(["sh", "-c", self.command], check=False)
            self.killed = time.monotonic()
            print(f"faults: ran {self.command}", file=sys.stderr)
            return
        target = self.launcher or pid
        os.kill(target, self.sig)
        self.killed = time.monotonic()
        print(f"faults: sent signal {self.sig} to pid {target}", file=sys.stderr)


def limited_ranks(cmd, **limits):
    """The environment that runs CMD's ranks under `limits` (limited-rank.py
    in front of the tofu-rank next to CMD's tofu-run)."""
    tofu_run = next((a for a in cmd if os.path.basename(a) == "tofu-run"), None)
    tofu_run = shutil.which(tofu_run or "tofu-run")
    env = dict(os.environ, **limits)
    env["TOFU_RANK_REAL"] = os.path.join(os.path.dirname(os.path.realpath(tofu_run)),
                                         "tofu-rank")
    env["TOFU_RANK"] = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "limited-rank.py")
    return env


def watch(args):
    sep = args.index("--")
    opts, cmd = args[:sep], args[sep + 1:]

    def opt(name, default=None):
        return opts[opts.index(name) + 1] if name in opts else default

    bound = float(opt("--bound"))
    marker = opt("--marker")
    program = opt("--program")
    kill_rank = opt("--kill-rank")
    limit = opt("--rank-ulimit-as")
    if "--kill-launcher" in opts:
        kill_rank = "0"
    watcher = Watcher(program, None if kill_rank is None else int(kill_rank),
                      int(opt("--signal", "9")), opt("--fault-command"),
                      float(opt("--fault-after", "0.5")))

    env = limited_ranks(cmd, FAULTS_RLIMIT_AS=limit) if limit else None
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env=env, start_new_session=True)
    if "--kill-launcher" in opts:
        watcher.launcher = proc.pid
    if program:
        watcher.start()
    try:
        output, _ = proc.communicate(timeout=bound + 120)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        output, _ = proc.communicate()
        print("faults: HANG: the command did not end", file=sys.stderr)
    watcher.done.set()
    origin = watcher.killed or watcher.seen or start
    # The job has ended when its last process has: CMD, and anything left
    # after it (a killed tofu-run's mpirun and ranks still going down).
    mine = ancestors()
    while True:
        end = time.monotonic()
        left = [f"{pid} {' '.join(argv)}" for pid, argv, _ in processes()
                if pid not in mine and any(marker in a for a in argv)]
        if not left or end - origin > bound:
            break
        time.sleep(0.05)
    sys.stdout.write(output.decode(errors="replace"))
    print(f"faults: exit status {proc.returncode}")
    took = end - origin
    if took <= bound:
        print(f"faults: ended within {bound:g} s")
    else:
        print(f"faults: took {took:.1f} s, over {bound:g} s")
    print(f"faults: ({took:.2f} s from the fault or the job's start)", file=sys.stderr)
    if left:
        print("faults: left: " + "; ".join(left))
    else:
        print("faults: no process of the job is left")
    return 0


MOUNT = 'mount -t tmpfs -o size=64k tofu-full "$0" || exit 99; "$@"; rc=$?; ' \
        'echo "faults: $0 holds:" $(ls -A "$0"); exit $rc'


def full_disk(args):
    sep = args.index("--")
    directory, cmd = args[0], args[sep + 1:]
    os.makedirs(directory, exist_ok=True)
    probe = ["sh", "-c", 'mount -t tmpfs -o size=64k tofu-full "$0"', directory]
    for unshare in (["unshare", "--mount"], ["unshare", "--map-root-user", "--mount"]):
        if shutil.which("unshare") and subprocess.run(
                unshare + probe, stderr=subprocess.DEVNULL).returncode == 0:
            rc = subprocess.run(unshare + ["sh", "-c", MOUNT, directory] + cmd).returncode
            return 0 if rc != 99 else 1
    print("faults: no mount namespace here: a 64 KiB file size limit stands in "
          "for the full disk", file=sys.stderr)
    subprocess.run(cmd, env=limited_ranks(cmd, FAULTS_RLIMIT_FSIZE=str(64 * 1024)))
    print(f"faults: {directory} holds:", " ".join(sorted(os.listdir(directory))))
    return 0


def broken_npy(kind, path):
    def v1(header, data=b"\0" * 8):
        header = header.encode()
        header += b" " * ((64 - (10 + len(header) + 1) % 64) % 64) + b"\n"
        return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + data

    contents = {
        "junk": b"this is not a .npy file\n",
        "bad-header": v1("not a dict"),
        "truncated": v1("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", b"\0" * 4),
        "elements": v1("{'descr': '<f4', 'fortran_order': False, 'shape': (%d, 4), }" % 2**62),
        "bytes": v1("{'descr': '<f4', 'fortran_order': False, 'shape': (%d, 2), }" % 2**61),
        "huge-dim": v1("{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % 2**64),
        "huge-header": b"\x93NUMPY\x02\x00" + (2**32 - 1).to_bytes(4, "little") + b"{'descr'",
    }
    with open(path, "wb") as f:
        f.write(contents[kind])
    return 0


def main(argv):
    if argv[1] == "watch":
        return watch(argv[2:])
    if argv[1] == "full-disk":
        return full_disk(argv[2:])
    if argv[1] == "npy":
        return broken_npy(argv[2], argv[3])
    sys.exit(f"faults.py: unknown mode {argv[1]}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
