#!/usr/bin/env bash
# Runs a command on two emulated nodes: two network namespaces of this
# machine joined by a veth pair (the "link"), with Open MPI set up to start
# ranks on both and to talk TCP over the link only (docs/reliability.md,
# "Faults across two nodes"). Needs root (or CAP_NET_ADMIN and CAP_SYS_ADMIN)
# and iproute2.
#
#   two-nodes.sh check         exit 0 if namespaces and a veth pair can be
#                              made here, else print why and exit 1
#   two-nodes.sh run -- CMD... run CMD in node A; its mpirun puts rank 0 on
#                              node A, rank 1 on node B (a hostfile of one
#                              slot each; with --oversubscribe, 4 ranks go
#                              0,1 on A and 2,3 on B)
#
# CMD gets $TOFU_NODES_A and $TOFU_NODES_B (the namespaces) and
# $TOFU_NODES_CUT, a command that takes the link down. The namespaces (and
# with them the link and any process left inside) are removed when this
# script ends, however it ends. Names are unique per run, so runs in
# parallel do not collide; addresses live inside the namespaces only. With
# $TOFU_NODES_RECORD set, the two names are appended to that file (so that a
# test can check they are gone).
#
# A cut link is node B's end of the veth pair taken down: node A's end
# stays up without a carrier, as with a pulled cable, and TCP sees no reset.
set -euo pipefail

SUBNET=10.251.7

make_nodes() {
  local a=$1 b=$2
  ip netns add "$a"
  ip netns add "$b"
  ip link add tofu0 netns "$a" type veth peer name tofu0 netns "$b"
  ip -n "$a" addr add "$SUBNET.1/24" dev tofu0
  ip -n "$b" addr add "$SUBNET.2/24" dev tofu0
  for ns in "$a" "$b"; do
    ip -n "$ns" link set lo up
    ip -n "$ns" link set tofu0 up
  done
}

remove_nodes() {
  local ns
  for ns in "$@"; do
    if ip netns pids "$ns" >/dev/null 2>&1; then
      ip netns pids "$ns" | xargs -r kill -9 2>/dev/null || true
      ip netns delete "$ns" 2>/dev/null || true
    fi
  done
}

# Namespaces of earlier runs whose script is gone without its trap (killed
# with SIGKILL, e.g. by a lit timeout): tofu-<pid>-<n>-a/b of a dead pid.
remove_stale() {
  local ns pid
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}'); do
    case "$ns" in
      tofu-*-*-a | tofu-*-*-b) ;;
      *) continue ;;
    esac
    pid=${ns#tofu-}
    pid=${pid%%-*}
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
      remove_nodes "$ns"
    fi
  done
}

check() {
  local probe="tofu-probe-$$-$RANDOM"
  if ! command -v ip >/dev/null; then
    echo "two-nodes: no 'ip' command (install iproute2)" >&2
    return 1
  fi
  if ! make_nodes "$probe-a" "$probe-b" 2>/dev/null; then
    remove_nodes "$probe-a" "$probe-b"
    echo "two-nodes: cannot create network namespaces and a veth pair here" \
         "(needs root or CAP_NET_ADMIN)" >&2
    return 1
  fi
  remove_nodes "$probe-a" "$probe-b"
}

# The rsh agent mpirun calls as `agent HOST orted ARGS...`: runs the
# daemon in HOST's namespace instead of over ssh.
write_agent() {
  local agent=$1 a=$2 b=$3
  cat >"$agent" <<AGENT
#!/bin/sh
host=\$1
shift
case "\$host" in
  $SUBNET.1) ns=$a ;;
  $SUBNET.2) ns=$b ;;
  *) echo "two-nodes agent: unknown host \$host" >&2; exit 1 ;;
esac
exec ip netns exec "\$ns" sh -c "\$*"
AGENT
  chmod +x "$agent"
}

run() {
  [ "${1:-}" = "--" ] && shift
  # Globals: the EXIT trap runs after this function has returned.
  NAME="tofu-$$-$RANDOM"
  A="$NAME-a"
  B="$NAME-b"
  DIR=$(mktemp -d "${TMPDIR:-/tmp}/$NAME.XXXXXX")
  trap 'remove_nodes "$A" "$B"; rm -rf "$DIR"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  local a=$A b=$B dir=$DIR
  remove_stale
  if [ -n "${TOFU_NODES_RECORD:-}" ]; then
    printf '%s\n%s\n' "$a" "$b" >>"$TOFU_NODES_RECORD"
  fi
  make_nodes "$a" "$b"
  write_agent "$dir/agent" "$a" "$b"
  printf '%s slots=1\n%s slots=1\n' "$SUBNET.1" "$SUBNET.2" >"$dir/hosts"
  local status=0
  ip netns exec "$a" env \
    OMPI_MCA_plm_rsh_agent="$dir/agent" \
    OMPI_MCA_orte_default_hostfile="$dir/hosts" \
    OMPI_MCA_oob_tcp_if_include=tofu0 \
    OMPI_MCA_btl=tcp,self \
    OMPI_MCA_btl_tcp_if_include=tofu0 \
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    TOFU_NODES_A="$a" TOFU_NODES_B="$b" \
    TOFU_NODES_CUT="ip -n $b link set tofu0 down" \
    "$@" || status=$?
  return "$status"
}

case "${1:-}" in
  check) check ;;
  run) shift; run "$@" ;;
  *) echo "usage: two-nodes.sh check | run -- CMD..." >&2; exit 2 ;;
esac
