"""Compares a plan report's communication with what the ranks sent.

  check_alltoall_bytes.py REPORT.json COUNT_DIR

COUNT_DIR holds what count_alltoall.c wrote (one file per rank process:
"alltoall_calls N alltoall_bytes B allgather_calls N allgather_bytes B").
Prints the report's comm_bytes (all levels), the bytes MPI_Alltoall and
MPI_Allgather sent to other ranks summed over the ranks, and EQUAL or
DIFFERENT (exit status 1) for the report against their sum.
"""
import json
import sys
from pathlib import Path


def main(report_path, count_dir):
    report = json.loads(Path(report_path).read_text())
    total = {}
    files = sorted(Path(count_dir).glob("rank*.txt"))
    for f in files:
        fields = f.read_text().split()
        for key, value in zip(fields[::2], fields[1::2]):
            total[key] = total.get(key, 0) + int(value)
    want = report["comm_bytes"]
    sent = total.get("alltoall_bytes", 0) + total.get("allgather_bytes", 0)
    print(f"report comm_bytes {want:g}; on {len(files)} ranks MPI_Alltoall sent "
          f"{total.get('alltoall_bytes', 0)} in {total.get('alltoall_calls', 0)} calls, "
          f"MPI_Allgather {total.get('allgather_bytes', 0)} in "
          f"{total.get('allgather_calls', 0)} calls")
    same = abs(want - sent) < 0.5
    print("EQUAL" if same else "DIFFERENT")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
