#!/usr/bin/env bash
# Mode acurdion's clustering (Adaptive Signature Building + K-farthest over the binomial tree), how it
# grows with the number of ranks, in two parts, each printing Markdown:
#  1. AcurdionTreeSimulation (runtime test sources): the tree algorithm with the production classes and
#     byte codecs, all nodes in one JVM thread, synthetic signatures, P = 256 to 65,536; the parallel
#     time is the critical path over each node's measured work (see the class comment).
#  2. Real jobs on MPJ's multicore device with the agent in mode acurdion (marker=none: one clustering,
#     at Finalize): CGTranspose (steps=20 n=16) on 4, 16, 64 ranks and Stencil2D (steps=100 n=16) on 4,
#     8, 16, 32, 64; the clustering time is rank 0's, read from `mpjtrace clusters` ("clustered in X ms":
#     Adaptive Signature Building + K-farthest, from its start to the result at the root).
# Progress goes to stderr. Takes about 6 minutes (the simulation at 65,536 ranks most of it).
#
#   bench/acurdion-scaling.sh [SIMULATION_ARGS...]   e.g. p=256,1024,4096 reps=3 (see AcurdionTreeSimulation)
#   SKIP_SIMULATION=1 / SKIP_JOBS=1 bench/acurdion-scaling.sh     one part only
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
cd "$repo"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "building mpjtrace (mvn install -DskipTests) ..." >&2
mvn -B -q -ntp install -DskipTests
jar="$repo/agent/target/tracer.jar"
examples="$repo/examples/target/classes"

if [ -z "${SKIP_SIMULATION:-}" ]; then
    mvn -B -q -ntp -pl runtime dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$work/cp"
    echo "simulation (warm-up at the largest P first) ..." >&2
    # A fixed, pre-touched heap: page faults of a growing heap would land on the critical path.
    java -Xms3g -Xmx3g -XX:+AlwaysPreTouch -cp "runtime/target/test-classes:runtime/target/classes:$(cat "$work/cp")" \
        org.mpjtrace.runtime.bench.AcurdionTreeSimulation "$@" | tee "$work/simulation.md"
    # The program exits 1 on an invalid clustering (set -e, pipefail); check that it printed its table.
    rows=$(grep -cE '^\| [0-9,]+ \| [0-9]+ \|' "$work/simulation.md" || true)
    if [ "$rows" -lt 1 ] || ! grep -q '^Root' "$work/simulation.md"; then
        echo "acurdion-scaling: the simulation printed no table" >&2
        exit 1
    fi
    echo
fi

[ -n "${SKIP_JOBS:-}" ] && exit 0

# One traced job; prints "clusters|selected signatures|ms" after checking the trace.
job() { # PROGRAM NP ARGS...
    local program=$1 np=$2
    shift 2
    echo "  $program -np $np $* ..." >&2
    rm -f "$work/t.mpjt"
    if ! (cd "$work" && timeout 900 java -jar "$MPJ_HOME/lib/starter.jar" -np "$np" -dev multicore \
            "-javaagent:$jar=mode=acurdion,marker=none,output=$work/t.mpjt" \
            -cp "$examples" "org.mpjtrace.examples.$program" "$@") > "$work/run.log" 2>&1; then
        cat "$work/run.log" >&2
        echo "acurdion-scaling: $program -np $np failed" >&2
        exit 1
    fi
    if ! grep -q "^$program grid=" "$work/run.log"; then
        cat "$work/run.log" >&2
        echo "acurdion-scaling: $program -np $np printed no result line" >&2
        exit 1
    fi
    if grep -q '^mpjtrace: ' "$work/run.log"; then
        echo "acurdion-scaling: the tracer complained in $program -np $np:" >&2
        grep '^mpjtrace: ' "$work/run.log" >&2
    fi
    "$repo/bin/mpjtrace" clusters "$work/t.mpjt" > "$work/clusters.txt"
    # marker=none: exactly one clustering (at Finalize); its heading, Table I row and cluster sizes.
    awk -v np="$np" -v k=9 '
        /^ +[0-9]+ clusters? \(on [0-9]+ of 11 signatures, clustered in [0-9.]+ ms\)$/ {
            headings++; clusters = $1; on = $4; ms = $0; sub(/.*clustered in /, "", ms); sub(/ ms\)$/, "", ms)
        }
        $1 == "format" { for (i = 2; i <= NF; i++) label[i] = $i }
        $1 == "selected" { for (i = 2; i <= NF; i++) if ($i == "X") { sel = sel (n++ ? " " : "") label[i] } }
        $1 == "lead" && $2 == "size" { table = 1; next }
        /^markers:/ { table = 0 }
        table && $1 ~ /^[0-9]+$/ { rows++; ranks += $2 }
        END {
            problem = ""
            if (headings != 1) problem = headings + 0 " clusterings, expected 1"
            else if (rows != clusters) problem = rows + 0 " cluster rows for " clusters " clusters"
            else if (ranks != np) problem = "clusters hold " ranks + 0 " ranks, not " np
            else if (clusters < 1 || clusters > k) problem = clusters " clusters for K " k
            else if (n != on) problem = n + 0 " signatures marked X, heading says " on
            if (problem != "") { print "acurdion-scaling: " problem > "/dev/stderr"; exit 1 }
            printf "%d|%d (%s)|%s\n", clusters, n, sel, ms
        }' "$work/clusters.txt" || { cat "$work/clusters.txt" >&2; exit 1; }
}

echo "real jobs (multicore, one JVM; K 9) ..." >&2
rows=()
for np in 4 16 64; do
    r=$(job CGTranspose "$np" steps=20 n=16)
    rows+=("CGTranspose steps=20 n=16|$np|$r")
done
for np in 4 8 16 32 64; do
    r=$(job Stencil2D "$np" steps=100 n=16)
    rows+=("Stencil2D steps=100 n=16|$np|$r")
done
echo "| program | np | clusters | selected signatures | clustering ms (rank 0) |"
echo "|---|---|---|---|---|"
for row in "${rows[@]}"; do
    IFS='|' read -r program np clusters selected ms <<< "$row"
    echo "| $program | $np | $clusters | $selected | $ms |"
done
