#!/usr/bin/env bash
# Issue 30 item 4: a model of mode full's merge at Finalize against mode chameleon's clustering + leads'
# merge at a marker, at P ranks, run with the production merge, clustering and codecs over synthetic
# per-rank traces of a 2-D stencil (ScaleModel, runtime test sources; see its class comment). Every
# message is charged latency + bytes / bandwidth, measured on niodev loopback with the example PingPong
# (MEASURE=1 measures them again first; the defaults are the figures in docs/benchmarks.md, "Scale model").
# Prints one JSON line per P: {"ranks":P,"full_merge_ms":...,"clustered_ms":...,"full_bytes":...,
# "clustered_bytes":...,...}. Progress goes to stderr. 65,536 ranks take a few minutes on 2 cores.
#
#   bench/scale-model.sh [P...]                 default 16 64 256 1024 4096 16384 65536
#   LATENCY_US=37 BANDWIDTH_MBPS=2300 bench/scale-model.sh 4096
#   MEASURE=1 bench/scale-model.sh 16           measure latency and bandwidth on niodev first
#   MODEL_ARGS="timing=5 steps=1000 interval=100 k=9 variants=4" bench/scale-model.sh
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
ps=("$@"); [ ${#ps[@]} -eq 0 ] && ps=(16 64 256 1024 4096 16384 65536)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
latency=${LATENCY_US:-36}
bandwidth=${BANDWIDTH_MBPS:-1400}

echo "scale-model: building runtime and examples (mvn install -DskipTests -am) ..." >&2
mvn -B -q -ntp install -DskipTests -pl runtime,examples -am >&2

if [ -n "${MEASURE:-}" ]; then
    . "$repo/bin/lib/mpj-home.sh"
    mpjtrace_mpj_home "$repo" || exit 2
    echo "scale-model: PingPong on 2 ranks, niodev loopback ..." >&2
    "$repo/bin/mpjtrace" run --no-trace --dev=niodev -np 2 -cp "$repo/examples/target/classes" org.mpjtrace.examples.PingPong > "$work/pp.log" 2>&1 \
        || { cat "$work/pp.log" >&2; exit 1; }
    grep -E '^(size|latency)' "$work/pp.log" >&2
    line=$(grep -E '^latency-us=' "$work/pp.log")
    latency=$(sed -E 's/latency-us=([0-9.]+) .*/\1/' <<< "$line")
    bandwidth=$(sed -E 's/.*bandwidth-mbps=([0-9.]+)/\1/' <<< "$line")
fi
echo "scale-model: latency $latency us, bandwidth $bandwidth MB/s per message" >&2

mvn -B -q -ntp -pl runtime dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$work/cp" >&2
# A fixed, pre-touched heap, as bench/acurdion-scaling.sh: page faults of a growing heap would land on the critical path.
# shellcheck disable=SC2086
java -Xms3g -Xmx3g -XX:+AlwaysPreTouch -cp "runtime/target/test-classes:runtime/target/classes:$(cat "$work/cp")" \
    org.mpjtrace.runtime.bench.ScaleModel "${ps[@]}" "latency-us=$latency" "bandwidth-mbps=$bandwidth" ${MODEL_ARGS:-}
