# Sourced by the checks that read lizard's measurements
# (check-function-length.sh, check-size.sh): sets the array `lizard` to
# lizard's script, or its module where pip's script directory is not on
# PATH ($LIZARD overrides), and exits 2 when there is none
# (scripts/setup.sh installs it). `$1`: the calling check, for the message.
if [ -n "${LIZARD:-}" ]; then
  lizard=("$LIZARD")
elif command -v lizard >/dev/null 2>&1; then
  lizard=(lizard)
else
  lizard=(python3 -m lizard)
fi
if ! "${lizard[@]}" --version >/dev/null 2>&1; then
  echo "$1: lizard not found (pip install lizard)" >&2
  exit 2
fi
