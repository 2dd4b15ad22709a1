#!/usr/bin/env bash
# What a clustered trace keeps of every rank (issue 33 item 4): each example traced in mode full, then in
# chameleon and acurdion (marker auto, default K), one job after the other, and `compare FULL CLUSTERED`'s
# COUNT, SRC, DEST and TAG printed as a table row per example and mode. Arguments: the rank count
# (default 16). MPJTRACE names the mpjtrace to run (default this checkout's bin/mpjtrace; an older
# checkout's measures its format and compare side by side).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
mpjtrace=${MPJTRACE:-$repo/bin/mpjtrace}
np=${1:-16}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
examples=$repo/examples/target/classes
echo "-np $np ($("$mpjtrace" --version | head -1))"
echo "| example | mode | COUNT | SRC | DEST | TAG |"
echo "|---|---|---:|---:|---:|---:|"
while read -r main args; do
    [ -n "$main" ] || continue
    # CGTranspose needs a square number of ranks.
    if [ "$main" = CGTranspose ]; then s=$(awk -v n="$np" 'BEGIN { r = int(sqrt(n) + 0.5); print (r * r == n) }'); [ "$s" = 1 ] || continue; fi
    for mode in full chameleon acurdion; do
        # shellcheck disable=SC2086 # the arguments are words
        "$mpjtrace" run -np "$np" --mode "$mode" -o "$dir/$mode.mpjt" --quiet -cp "$examples" "org.mpjtrace.examples.$main" $args \
            > "$dir/log" 2>&1 || { cat "$dir/log" >&2; exit 1; }
    done
    for mode in chameleon acurdion; do
        "$mpjtrace" compare "$dir/full.mpjt" "$dir/$mode.mpjt" > "$dir/cmp"
        awk -v e="$main $args" -v m="$mode" '$1 == "COUNT" || $1 == "SRC" || $1 == "DEST" || $1 == "TAG" { v[$1] = $2 }
            END { printf "| %s | %s | %s | %s | %s | %s |\n", e, m, v["COUNT"], v["SRC"], v["DEST"], v["TAG"] }' "$dir/cmp"
    done
done <<'LIST'
Ring steps=20
Stencil2D steps=100 n=16
Stencil3D steps=20 n=4
Sweep sweeps=10 n=8
PhaseChange steps=60 phase=10
TwoCallers steps=100
CGTranspose steps=100 n=16
ShiftingLoops first=40 second=40 early=20 n=8
ThreePhases setup=10 steps=40 finish=10 n=8
RequestPatterns steps=20
MasterWorker tasks=480
clusters.RankCounts steps=40
clusters.ParityExchange steps=40
LIST
