#!/usr/bin/env bash
# Where a job's CPU goes: the same MPJ job untraced and in each mode, alternating, REPS rounds; for each run
# its wall time and the CPU seconds of its JVM's threads by kind: the ranks, the tracer's fold and writer
# threads, the JIT compilers, the garbage collector, the rest (the starter's main thread, which runs the
# agent's premain, and the JVM's own). Read from /proc/PID/task/*/stat every 0.2 s, each thread's last
# reading kept, so a thread's last 0.2 s may be missed. Runs MPJ's starter directly, as bench/overhead.sh.
#
#   bench/cpu-by-thread.sh [NP] [STEPS] [REPS] [MODES]      defaults: 16 10000 3 "none full chameleon"
#
# EXAMPLE (default Stencil2D), STEP_ARG (default steps) and EXAMPLE_ARGS as in bench/overhead.sh; AGENT_OPTS
# are added to every traced run's agent options; JVM_OPTS go to every run's JVM, traced or not, e.g.
# JVM_OPTS="$(bench/lib/mpj-key-hash.sh)".
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
np=${1:-16} steps=${2:-10000} reps=${3:-3}
read -r -a modes <<< "${4:-none full chameleon}"
examples="$repo/examples/target/classes" jar="$repo/agent/target/tracer.jar"
[ -f "$jar" ] && [ -d "$examples" ] || (cd "$repo" && mvn -B -q -ntp install -DskipTests)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tick=$(getconf CLK_TCK)

run() { # $1 = mode or none; prints "wall_ms group=seconds ..."
    local agent=() start end pid=""
    [ "$1" != none ] && agent=("-javaagent:$jar=mode=$1,output=$work/trace.mpjt${AGENT_OPTS:+,$AGENT_OPTS}")
    : > "$work/stat"
    start=$(date +%s%N)
    # shellcheck disable=SC2086 # JVM_OPTS and EXAMPLE_ARGS are words
    (cd "$work" && exec java -jar "$MPJ_HOME/lib/starter.jar" -np "$np" -dev multicore ${JVM_OPTS:-} "${agent[@]}" \
        -cp "$examples" "org.mpjtrace.examples.${EXAMPLE:-Stencil2D}" "${STEP_ARG:-steps}=$steps" ${EXAMPLE_ARGS:-} > "$work/$1.out" 2>&1) &
    local starter=$!
    while kill -0 "$starter" 2>/dev/null; do
        # The starter's child is the JVM that runs the ranks.
        [ -n "$pid" ] || pid=$(pgrep -P "$starter" java | head -1 || true)
        [ -n "$pid" ] && cat /proc/"$pid"/task/*/stat >> "$work/stat" 2>/dev/null || true
        sleep 0.2
    done
    wait "$starter" || { cat "$work/$1.out" >&2; exit 1; }
    end=$(date +%s%N)
    awk -v tick="$tick" -v wall=$(( (end - start) / 1000000 )) '
        { from = index($0, "("); to = index($0, ") "); name = substr($0, from + 1, to - from - 1)
          split(substr($0, to + 2), f, " ")
          cpu[$1] = (f[12] + f[13]) / tick; kind[$1] = name ~ /^[0-9]+$/ ? "ranks" : name ~ /^mpjtrace-fold/ ? "fold" \
              : name ~ /^mpjtrace-writer/ ? "writer" : name ~ /^C[12] CompilerThre/ ? "jit" : name ~ /GC|G1/ ? "gc" : "other" }
        END { for (t in cpu) { sum[kind[t]] += cpu[t]; all += cpu[t] }
              printf "%d all=%.2f", wall, all
              n = split("ranks fold writer jit gc other", order, " ")
              for (i = 1; i <= n; i++) printf " %s=%.2f", order[i], sum[order[i]]; print "" }' "$work/stat"
}

echo "${EXAMPLE:-Stencil2D} -np $np ${STEP_ARG:-steps}=$steps${EXAMPLE_ARGS:+ $EXAMPLE_ARGS}, multicore, ${modes[*]}, $reps rounds${JVM_OPTS:+, JVM options $JVM_OPTS}" >&2
echo "| round | run | wall ms | CPU s: all | ranks | fold | writer | JIT | GC | other |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for i in $(seq "$reps"); do
    for mode in "${modes[@]}"; do
        read -r wall rest <<< "$(run "$mode")"
        echo "| $i | $mode | $wall | $(echo "$rest" | sed 's/[a-z]*=//g; s/ / | /g') |"
    done
done
