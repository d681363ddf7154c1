#!/usr/bin/env python3
"""tofu-rank with a 64 KiB file size limit, for faults.py full-disk where no
tmpfs can be mounted: every file the rank writes fails past 64 KiB (EFBIG;
SIGXFSZ is ignored, and stays so across exec), as on a full disk."""
import os
import resource
import signal
import sys

resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
real = os.environ["TOFU_RANK_REAL"]
os.execv(real, [real] + sys.argv[1:])
