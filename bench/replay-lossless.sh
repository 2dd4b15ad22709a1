#!/usr/bin/env bash
# Whole-run benchmark of `mpjtrace replay` on traces that keep every call's own times (issue 33 item 7):
# each round traces the example in mode full with timing=lossless, then replays that trace (untraced,
# multicore), and compares the replay's wall time (rank 0's MPI.Init to MPI.Finalize) with the traced
# run's own (rank 0's MPI.Init to MPI.Finalize, `stats --format json`'s ranks[0].app_ms, less the tracer's
# set-up at MPI.Init, tracer[0].setup_ns, which the replay leaves out as not the program's). Prints each
# round, the median replay/traced ratio per example, and the range of each side with the ratio of their
# medians (a replay longer than every traced run is long by more than the runs' own spread). Arguments: NP (default 4), ROUNDS (default 3),
# then optionally one example as "Main args..." (default: every example below).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
. "$repo/bench/lib/stats.sh"
mpjtrace_mpj_home "$repo" || exit 2
np=${1:-4}
rounds=${2:-3}
shift 2 || shift $#
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$repo"
mvn -B -q -ntp -o -pl cli -am install -DskipTests
examples=("Stencil2D steps=400 n=256" "Stencil3D steps=100 n=32" "Ring steps=4000" "Sweep sweeps=40 n=64" "CGTranspose steps=1000 n=256"
    "PhaseChange steps=400 phase=100 n=256" "TwoCallers steps=2000" "MasterWorker tasks=2000" "ThreePhases setup=100 steps=400 finish=100 n=256"
    "ShiftingLoops first=400 second=400 early=200 n=256" "RequestPatterns steps=400" "PingPong reps=200 rounds=3 max=65536"
    "ApiTour" "Threads" "PausedSteps steps=400 from=100 to=200")
[ $# -gt 0 ] && examples=("$*")
for ex in "${examples[@]}"; do
    read -r main args <<< "$ex"
    n=$np
    # ApiTour is written for 4 ranks, CGTranspose for a square number.
    [ "$main" = ApiTour ] && n=4
    [ "$main" = CGTranspose ] && n=$(awk -v p="$np" 'BEGIN { s = int(sqrt(p)); print s * s }')
    ratios=()
    wholes=()
    traceds=()
    replays=()
    for ((r = 1; r <= rounds; r++)); do
        # shellcheck disable=SC2086
        bin/mpjtrace run -np "$n" --mode full --timing lossless -o "$dir/t.mpjt" --quiet -cp examples/target/classes "org.mpjtrace.examples.$main" $args > "$dir/log" 2>&1 \
            || { cat "$dir/log" >&2; exit 1; }
        # Rank 0's MPI.Init to MPI.Finalize, less the tracer's set-up at MPI.Init (setup_ns), which is not the
        # program's and which the replay leaves out; the whole span too, as the first figures used it.
        read -r traced whole < <(bin/mpjtrace stats "$dir/t.mpjt" --format json | python3 -c 'import json, sys
d = json.load(sys.stdin)
app = d["ranks"][0]["app_ms"]
setup = next(t["setup_ns"] for t in d["tracer"] if t["rank"] == 0) / 1e6
print("%.3f %.3f" % ((app - setup) / 1000, app / 1000))')
        replay=$(bin/mpjtrace replay "$dir/t.mpjt" --quiet 2>&1 | sed -nE 's/^replay of .*, wall time ([0-9.]+) s .*/\1/p' | tail -1)
        [ -n "$replay" ] || { echo "replay of $main failed" >&2; bin/mpjtrace replay "$dir/t.mpjt" --quiet >&2; exit 1; }
        ratio=$(ratio "$traced" "$replay")
        ratios+=("$ratio")
        traceds+=("$traced")
        replays+=("$replay")
        wholes+=("$(ratio "$whole" "$replay")")
        echo "$main -np $n round $r: traced $traced s (with the tracer's set-up $whole s), replay $replay s, replay/traced $ratio"
    done
    median=$(printf '%s\n' "${ratios[@]}" | median)
    whole=$(printf '%s\n' "${wholes[@]}" | median)
    echo "$main -np $n $args: median replay/traced $median over $rounds rounds (against the span with the tracer's set-up: $whole)"
    # Whether the replays are longer than traced runs are apart from each other: both sets' ranges, and their medians' ratio.
    t_median=$(printf '%s\n' "${traceds[@]}" | median)
    r_median=$(printf '%s\n' "${replays[@]}" | median)
    echo "$main -np $n $args: traced $(printf '%s\n' "${traceds[@]}" | sort -n | sed -n '1p;$p' | paste -sd-) s," \
        "replays $(printf '%s\n' "${replays[@]}" | sort -n | sed -n '1p;$p' | paste -sd-) s, median replay / median traced $(ratio "$t_median" "$r_median")"
done
