#!/usr/bin/env python3
"""tofu-rank under resource limits, for faults.py (as $TOFU_RANK, with the
real tofu-rank in $TOFU_RANK_REAL), so that a limit applies to the ranks
only, not to tofu-run's compile or to mpirun:
  $FAULTS_RLIMIT_AS     address space in bytes (ulimit -v): allocations past
                        it fail, as when memory runs out;
  $FAULTS_RLIMIT_FSIZE  file size in bytes (ulimit -f): writes past it fail
                        with EFBIG (SIGXFSZ is ignored, and stays so across
                        exec), as on a full disk."""
import os
import resource
import signal
import sys

for var, limit in (("FAULTS_RLIMIT_AS", resource.RLIMIT_AS),
                   ("FAULTS_RLIMIT_FSIZE", resource.RLIMIT_FSIZE)):
    if os.environ.get(var):
        resource.setrlimit(limit, (int(os.environ[var]), int(os.environ[var])))
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
real = os.environ["TOFU_RANK_REAL"]
os.execv(real, [real] + sys.argv[1:])
