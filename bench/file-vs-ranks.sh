#!/usr/bin/env bash
# Whole trace file against the ranks (issue 30 items 1 and 2): one example traced in mode full and in
# mode chameleon at each rank count, one job after the other; prints each file's bytes, the global
# trace's share and the ratio of each file to the one at the first rank count.
# Arguments: the rank counts (default 9 16 36 64), then -- and the example with its arguments (default
# Stencil2D steps=200). MPJTRACE names the mpjtrace to run (default this checkout's bin/mpjtrace; give an
# older checkout's to measure its format side by side).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
mpjtrace=${MPJTRACE:-$repo/bin/mpjtrace}
counts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do counts+=("$1"); shift; done
[ $# -gt 0 ] && shift
[ ${#counts[@]} -gt 0 ] || counts=(9 16 36 64)
[ $# -gt 0 ] || set -- Stencil2D steps=200
main=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
examples=$(cd "$(dirname "$mpjtrace")/.." && pwd)/examples/target/classes
echo "$main $* ($("$mpjtrace" --version | head -1))"
echo "| ranks | mode | file bytes | global trace bytes | file / file at ${counts[0]} ranks |"
echo "|---:|---|---:|---:|---:|"
declare -A first
for np in "${counts[@]}"; do
    for mode in full chameleon; do
        f="$dir/$mode-$np.mpjt"
        "$mpjtrace" run -np "$np" --mode "$mode" -o "$f" --quiet -cp "$examples" "org.mpjtrace.examples.$main" "$@" > "$dir/log" 2>&1 \
            || { cat "$dir/log" >&2; exit 1; }
        bytes=$(stat -c %s "$f")
        global=$("$mpjtrace" stats "$f" | sed -n 's/.*size: global trace \([0-9,.]* [kM]*B\).*/\1/p')
        [ -n "${first[$mode]:-}" ] || first[$mode]=$bytes
        awk -v n="$np" -v m="$mode" -v b="$bytes" -v g="$global" -v f="${first[$mode]}" 'BEGIN { printf "| %d | %s | %d | %s | %.3f |\n", n, m, b, g, b / f }'
    done
done
