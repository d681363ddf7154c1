#!/bin/bash
# Copies this machine's OpenMPI (Debian layout) into DEST so that a machine
# without MPI can run tofu-run programs under mpirun: the libraries the
# programs need (libmpi and its dependencies) and mpirun with the plugins of
# a single-node run (shared memory, TCP; no InfiniBand/UCX/OFI). run.sh
# relocates it with OPAL_PREFIX / PMIX_INSTALL_PREFIX.
#   bench/gpu/carry-openmpi.sh DEST
set -euo pipefail
dest=$1
multi=/usr/lib/x86_64-linux-gnu
plugins=$multi/openmpi/lib/openmpi3
[ -x /usr/bin/orterun ] && [ -d "$plugins" ] ||
  { echo "carry-openmpi.sh: no Debian OpenMPI here" >&2; exit 1; }
rm -rf "$dest"
mkdir -p "$dest/lib" "$dest/usr/bin" "$dest/usr/share" \
  "$dest$plugins" "$dest$multi/pmix2/lib/pmix"
cp -L /usr/bin/orterun /usr/bin/orted "$dest/usr/bin/"
ln -s orterun "$dest/usr/bin/mpirun"
cp -r /usr/share/openmpi "$dest/usr/share/"
[ -d $multi/pmix2/share ] && cp -r $multi/pmix2/share "$dest$multi/pmix2/"
skip='openib|ucx|ofi|psm|verbs|java|monitoring|treematch|flux|jsm|slurm|gridengine'
objects=(/usr/bin/orterun /usr/bin/orted "$multi/libmpi.so.40")
for p in "$plugins"/*.so; do
  name=$(basename "$p")
  [[ $name =~ $skip ]] && continue
  ldd "$p" 2>/dev/null | grep -q 'not found' && continue
  cp "$p" "$dest$plugins/"
  objects+=("$p")
done
for p in "$multi"/pmix2/lib/pmix/*.so; do
  ldd "$p" 2>/dev/null | grep -q 'not found' && continue
  cp "$p" "$dest$multi/pmix2/lib/pmix/"
  objects+=("$p")
done
cp "$multi"/pmix2/lib/pmix-mca-params.conf "$dest$multi/pmix2/lib/" 2>/dev/null || true
# Their shared libraries, except the C/C++ runtime every Linux has.
base='/(libc|libm|libdl|libpthread|librt|ld-linux-x86-64|libgcc_s|libstdc\+\+|libz|libresolv)\.so'
for o in "${objects[@]}"; do
  ldd "$o" | awk '$3 ~ /^\// {print $3}'
done | sort -u | grep -Ev "$base" | while read -r lib; do
  cp -L "$lib" "$dest/lib/"
done
du -sh "$dest" | sed 's/^/carry-openmpi.sh: /'
