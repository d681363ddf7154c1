#!/bin/sh
# A launcher that fails as mpirun can before or while it starts the ranks,
# for faults-start.test: tofu-run calls it as
#   fake-mpirun.sh -np N --oversubscribe [--allow-run-as-root] tofu-rank --status DIR -- PROGRAM ...
# FAKE_MPIRUN_START=0: it starts no rank; 1: rank 0 only, through tofu-rank,
# with a program that ends at once. Either way it then exits with status 1,
# printing a line of its own as mpirun does.
shift 3
if [ "$1" = --allow-run-as-root ]; then shift; fi
if [ "${FAKE_MPIRUN_START:-0}" = 1 ]; then
  OMPI_COMM_WORLD_RANK=0 "$1" "$2" "$3" -- true
fi
echo "fake-mpirun: could not launch the other ranks" >&2
exit 1
