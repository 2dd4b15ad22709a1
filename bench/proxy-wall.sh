#!/usr/bin/env bash
# Whole-run benchmark of `mpjtrace proxy --compute exact`: how close a proxy's wall time comes to the
# traced program's. Each example is traced once in mode full with timing=lossless, its proxy written
# with --compute exact and compiled with javac against mpj.jar alone; then ROUNDS times, alternating,
# the program and its proxy run traced the same way (mode full, timing=lossless, multicore), and
# `mpjtrace compare --proxy` gives both runs' times (rank 0's MPI.Init to the trace written). Prints
# each round's times and ratio, and the median ratio per example. Arguments: ROUNDS (default 5), then
# optionally one example as "NP Main args..." (default: the four below).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
. "$repo/bench/lib/stats.sh"
mpjtrace_mpj_home "$repo" || exit 2
rounds=${1:-5}
shift || true
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$repo"
mvn -B -q -ntp -o -pl cli -am install -DskipTests
examples=("4 Stencil2D steps=400 n=256" "4 Sweep sweeps=40 n=64" "4 CGTranspose steps=1000 n=256" "4 Ring steps=8000")
[ $# -gt 0 ] && examples=("$*")
for ex in "${examples[@]}"; do
    read -r np main args <<< "$ex"
    d="$dir/$main"
    mkdir -p "$d"
    # shellcheck disable=SC2086
    bin/mpjtrace run -np "$np" --mode full --timing lossless -o "$d/orig.mpjt" --quiet -cp examples/target/classes "org.mpjtrace.examples.$main" $args > "$d/log" 2>&1 || { cat "$d/log" >&2; exit 1; }
    bin/mpjtrace proxy "$d/orig.mpjt" -o "$d/src" --compute exact --quiet > "$d/log" 2>&1 || { cat "$d/log" >&2; exit 1; }
    javac -cp "$MPJ_HOME/lib/mpj.jar" "$d/src"/*.java
    ratios=()
    for ((r = 1; r <= rounds; r++)); do
        # shellcheck disable=SC2086
        bin/mpjtrace run -np "$np" --mode full --timing lossless -o "$d/a.mpjt" --quiet -cp examples/target/classes "org.mpjtrace.examples.$main" $args > "$d/log" 2>&1 || { cat "$d/log" >&2; exit 1; }
        bin/mpjtrace run -np "$np" --mode full --timing lossless -o "$d/b.mpjt" --quiet -cp "$d/src" "${main}Proxy" > "$d/log" 2>&1 || { cat "$d/log" >&2; exit 1; }
        bin/mpjtrace compare "$d/a.mpjt" "$d/b.mpjt" --proxy > "$d/compare"
        # The proxy must make the program's calls: every matching line 100% (or n/a where A has none).
        if grep -E '^  (COUNT|SRC|DEST|TAG|# EVENTS) ' "$d/compare" | grep -vqE '100\.00%|n/a'; then cat "$d/compare" >&2; exit 1; fi
        line=$(grep '^ACC' "$d/compare")
        a=$(sed -E 's/.*A ([0-9.]+) s, B ([0-9.]+) s.*/\1/' <<< "$line")
        b=$(sed -E 's/.*A ([0-9.]+) s, B ([0-9.]+) s.*/\2/' <<< "$line")
        ratio=$(ratio "$a" "$b")
        ratios+=("$ratio")
        echo "$main round $r: program $a s, proxy $b s, proxy/program $ratio"
    done
    median=$(printf '%s\n' "${ratios[@]}" | median)
    echo "$main -np $np $args: median proxy/program $median over $rounds rounds"
done
