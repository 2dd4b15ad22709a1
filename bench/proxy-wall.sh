#!/usr/bin/env bash
# Whole-run benchmark of `mpjtrace proxy --compute exact`: how close a proxy's wall time comes to the
# traced program's. Each example is traced once in mode full with timing=lossless, its proxy written
# with --compute exact and compiled with javac against mpj.jar alone; then ROUNDS times, alternating,
# the program and its proxy run traced the same way (mode full, timing=lossless, multicore), and
# `mpjtrace compare --proxy` gives both runs' times (rank 0's MPI.Init to the trace written). Prints
# each round's times and ratio, and the median ratio per example. Arguments: ROUNDS (default 5), then
# optionally one example as "NP Main args..." (default: the four below; Main may name a subpackage of the
# examples, clusters.LeavingPair). SPIN_ALL=1 also runs, each round after the proxy, the same proxy with its
# tracedCores line taken out, so that it spins through every computation as proxies did before they slept
# the part the traced run can not have had a core for.
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
    proxy=${main##*.}Proxy
    javac -cp "$MPJ_HOME/lib/mpj.jar" "$d/src"/*.java
    if [ -n "${SPIN_ALL:-}" ]; then
        mkdir -p "$d/spin"
        cp "$d/src"/* "$d/spin/"
        sed -i '/^ *tracedCores(/d' "$d/spin/$proxy.java"
        javac -cp "$MPJ_HOME/lib/mpj.jar" "$d/spin"/*.java
    fi
    ratios=()
    spins=()
    for ((r = 1; r <= rounds; r++)); do
        # shellcheck disable=SC2086
        bin/mpjtrace run -np "$np" --mode full --timing lossless -o "$d/a.mpjt" --quiet -cp examples/target/classes "org.mpjtrace.examples.$main" $args > "$d/log" 2>&1 || { cat "$d/log" >&2; exit 1; }
        bin/mpjtrace run -np "$np" --mode full --timing lossless -o "$d/b.mpjt" --quiet -cp "$d/src" "$proxy" > "$d/log" 2>&1 || { cat "$d/log" >&2; exit 1; }
        bin/mpjtrace compare "$d/a.mpjt" "$d/b.mpjt" --proxy > "$d/compare"
        # The proxy must make the program's calls: every matching line 100% (or n/a where A has none).
        if grep -E '^  (COUNT|SRC|DEST|TAG|# EVENTS) ' "$d/compare" | grep -vqE '100\.00%|n/a'; then cat "$d/compare" >&2; exit 1; fi
        line=$(grep '^ACC' "$d/compare")
        a=$(sed -E 's/.*A ([0-9.]+) s, B ([0-9.]+) s.*/\1/' <<< "$line")
        b=$(sed -E 's/.*A ([0-9.]+) s, B ([0-9.]+) s.*/\2/' <<< "$line")
        ratio=$(ratio "$a" "$b")
        ratios+=("$ratio")
        spun=""
        if [ -n "${SPIN_ALL:-}" ]; then
            bin/mpjtrace run -np "$np" --mode full --timing lossless -o "$d/c.mpjt" --quiet -cp "$d/spin" "$proxy" > "$d/log" 2>&1 || { cat "$d/log" >&2; exit 1; }
            c=$(bin/mpjtrace compare "$d/a.mpjt" "$d/c.mpjt" --proxy | grep '^ACC' | sed -E 's/.*A ([0-9.]+) s, B ([0-9.]+) s.*/\2/')
            spins+=("$(ratio "$a" "$c")")
            spun=", spinning throughout $c s, ${spins[-1]}"
        fi
        echo "$main round $r: program $a s, proxy $b s, proxy/program $ratio$spun"
    done
    median=$(printf '%s\n' "${ratios[@]}" | median)
    echo "$main -np $np $args: median proxy/program $median over $rounds rounds"
    [ -z "${SPIN_ALL:-}" ] || echo "$main -np $np $args: spinning throughout, median $(printf '%s\n' "${spins[@]}" | median)"
done
