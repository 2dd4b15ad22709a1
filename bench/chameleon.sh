#!/usr/bin/env bash
# Mode chameleon against mode full, side by side in one run of this script: Stencil2D (1000 steps,
# marker at its Allreduce, callFrequency 10) on 16, 32 and 64 ranks, the time rank 0 spent clustering
# and merging at markers and Finalize (chameleon: every record's clustering + leads' merge + append +
# file rewrite, from `clusters`) against the merge of all ranks at Finalize (full), the trace sizes,
# and the clusters. Prints Markdown table rows.
#
#   bench/chameleon.sh [RANKS...]      default 16 32 64
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ranks=("$@"); [ ${#ranks[@]} -eq 0 ] && ranks=(16 32 64)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp="$repo/examples/target/classes"
run() { "$repo/bin/mpjtrace" run "$@" > "$work/run.log" 2>&1 || { cat "$work/run.log" >&2; exit 1; }; }
args=(org.mpjtrace.examples.Stencil2D steps=1000 n=8)

echo "| ranks | full: merge at Finalize | chameleon: clustering + merges (count) | ratio | clusters | full trace | chameleon trace |"
echo "|---|---|---|---|---|---|---|"
for n in "${ranks[@]}"; do
    echo "  $n ranks: full ..." >&2
    run -np "$n" --mode full -o "$work/f.mpjt" -cp "$cp" "${args[@]}"
    echo "  $n ranks: chameleon ..." >&2
    run -np "$n" --mode chameleon --marker site:Stencil2D.main --call-frequency 10 -o "$work/c.mpjt" -cp "$cp" "${args[@]}"
    full_ms=$("$repo/bin/mpjtrace" stats "$work/f.mpjt" | grep -E 'merge across' | sed -E 's/.*Finalize: ([0-9.]+) ms.*/\1/')
    # Every record's merge ms (clustering included), and the number of records that merged.
    read -r cham_ms merges < <("$repo/bin/mpjtrace" clusters "$work/c.mpjt" \
        | awk '$3 ~ /^(AT|C|L|F)$/ { ms += $6; if ($5 > 0) m++ } END { printf "%.1f %d\n", ms, m }')
    clusters=$("$repo/bin/mpjtrace" clusters "$work/c.mpjt" | grep -E '^ +[0-9]+ clusters' | tail -1 | awk '{print $1}')
    fsize=$(stat -c %s "$work/f.mpjt"); csize=$(stat -c %s "$work/c.mpjt")
    ratio=$(awk -v c="$cham_ms" -v f="$full_ms" 'BEGIN {printf "%.2f", c / f}')
    echo "| $n | $full_ms ms | $cham_ms ms ($merges) | $ratio | $clusters | $fsize B | $csize B |"
done
