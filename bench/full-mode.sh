#!/usr/bin/env bash
# Mode full: compression against dump for every example (exact: the dump is kept in the same run), and
# the merge time at Finalize for Stencil2D on 4 to 64 ranks. Prints Markdown table rows.
#
#   bench/full-mode.sh [RANKS_FOR_RATIOS]      default 16
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
np=${1:-16}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp="$repo/examples/target/classes"
run() { "$repo/bin/mpjtrace" run "$@" > "$work/run.log" 2>&1 || { cat "$work/run.log" >&2; exit 1; }; }
stat_line() { "$repo/bin/mpjtrace" stats "$1" | grep -E "$2" | head -1; }

echo "| example (-np $np) | calls | dump | global trace | ratio |"
echo "|---|---|---|---|---|"
for ex in "Ring steps=1000" "Stencil2D steps=1000" "Stencil3D steps=200" "MasterWorker tasks=2000" "Sweep sweeps=200" \
          "PhaseChange steps=400 phase=20" "TwoCallers steps=500" "ApiTour"; do
    set -- $ex
    n=$np; [ "$1" = ApiTour ] && n=4
    run -np "$n" --mode full --agent-opts keepDump=true -o "$work/t.mpjt" -cp "$cp" "org.mpjtrace.examples.$1" "${@:2}"
    calls=$(stat_line "$work/t.mpjt" "standing for" | sed -E 's/.*standing for ([0-9]+) calls.*/\1/')
    global=$(stat_line "$work/t.mpjt" "size: global" | sed -E 's/.*global trace ([^,]+),.*/\1/')
    dump=$(stat_line "$work/t.mpjt" "dump of the same run" | sed -E 's/.*same run: ([^(]+) \(.*/\1/')
    ratio=$(stat_line "$work/t.mpjt" "compression ratio" | sed -E 's/.*compression ratio (.*)$/\1/')
    echo "| $* (np $n) | $calls | $dump | $global | $ratio |"
done
echo
echo "| ranks (Stencil2D, 1000 steps) | merge at Finalize | global trace |"
echo "|---|---|---|"
for n in 4 8 16 32 64; do
    run -np "$n" --mode full -o "$work/m.mpjt" -cp "$cp" org.mpjtrace.examples.Stencil2D steps=1000 n=8
    merge=$(stat_line "$work/m.mpjt" "merge across" | sed -E 's/.*Finalize: (.*)$/\1/')
    global=$(stat_line "$work/m.mpjt" "size: global" | sed -E 's/.*global trace ([^,]+),.*/\1/')
    echo "| $n | $merge | $global |"
done
