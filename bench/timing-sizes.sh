#!/usr/bin/env bash
# File size per timing mode (issue 27): one program traced in mode full with timing=aggregate, histogram,
# lossy at each epsilon, and lossless, and in mode dump; prints bytes, bytes a call and the fraction of the dump.
# Arguments: NP (default 16), then the example and its arguments (default Stencil2D steps=10000).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
np=${1:-16}
shift || true
[ $# -gt 0 ] || set -- Stencil2D steps=10000
main=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$repo"
mvn -B -q -ntp -o -pl cli -am install -DskipTests
trace() {
    local name=$1
    shift
    bin/mpjtrace run -np "$np" -o "$dir/$name.mpjt" --quiet "$@" -cp examples/target/classes "org.mpjtrace.examples.$main" "${args[@]}" > "$dir/log" 2>&1 \
        || { cat "$dir/log" >&2; exit 1; }
}
args=("$@")
trace dump --mode dump
calls=$(bin/mpjtrace stats "$dir/dump.mpjt" --format json | python3 -c 'import json, sys; print(sum(r["calls"] for r in json.load(sys.stdin)["ranks"]))')
dump=$(stat -c %s "$dir/dump.mpjt")
echo "$main ${args[*]} on $np ranks: $calls calls"
echo "| file | bytes | bytes a call | against the dump |"
echo "|---|---:|---:|---:|"
row() { awk -v n="$1" -v b="$2" -v c="$calls" -v d="$dump" 'BEGIN { printf "| %s | %d | %.3f | %.3f |\n", n, b, b / c, b / d }'; }
trace aggregate --mode full --timing aggregate
row "full, timing=aggregate" "$(stat -c %s "$dir/aggregate.mpjt")"
trace histogram --mode full --timing histogram
row "full, timing=histogram" "$(stat -c %s "$dir/histogram.mpjt")"
for e in 0.5 0.1 0.05 0.01; do
    trace "lossy-$e" --mode full --timing lossy --epsilon "$e"
    row "full, timing=lossy, epsilon $e" "$(stat -c %s "$dir/lossy-$e.mpjt")"
done
trace lossless --mode full --timing lossless
row "full, timing=lossless" "$(stat -c %s "$dir/lossless.mpjt")"
row "dump" "$dump"
