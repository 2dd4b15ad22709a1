#!/usr/bin/env bash
# Whole-run overhead of the tracer: wall time of the same MPJ job untraced and traced, alternating,
# REPS times each, in one run of this script (absolute times on a shared 2-core machine are noisy;
# the ratio of medians measured side by side is the figure). Runs MPJ's starter directly, so nothing
# of the mpjtrace command is counted.
#
#   bench/overhead.sh [NP] [STEPS] [REPS] [MODE] [AGENT_OPTS]      defaults: 16 10000 3 dump ""
#   e.g. bench/overhead.sh 16 10000 5 chameleon marker=site:Stencil2D.main,callFrequency=10
#
# EXAMPLE (default Stencil2D) runs another example, with STEPS given as its STEP_ARG (default steps) and
# EXAMPLE_ARGS after it, e.g. EXAMPLE=Sweep STEP_ARG=sweeps EXAMPLE_ARGS="n=8 compute=100" bench/overhead.sh 16 2000 3 chameleon ""
#
# TRACER_JARS="a.jar b.jar ..." compares tracer jars (built from different commits, say) side by side:
# each round runs the job untraced, then traced with each jar in turn, and a ratio is printed per jar.
# OPTION_SETS="timing=histogram;timing=lossless" likewise compares agent option sets (added to AGENT_OPTS),
# each round running the job traced once per set (and per jar).
# JVM_OPTS go to every run's JVM, untraced and traced alike, e.g. JVM_OPTS="$(bench/lib/mpj-key-hash.sh)".
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
np=${1:-16} steps=${2:-10000} reps=${3:-3} mode=${4:-dump} extra=${5:+,$5}
examples="$repo/examples/target/classes"
if [ -z "${TRACER_JARS:-}" ]; then
    [ -f "$repo/agent/target/tracer.jar" ] && [ -d "$examples" ] || (cd "$repo" && mvn -B -q -ntp install -DskipTests)
    TRACER_JARS="$repo/agent/target/tracer.jar"
fi
read -r -a jars <<< "$TRACER_JARS"
for jar in "${jars[@]}"; do [ -f "$jar" ] || { echo "bench/overhead.sh: no tracer jar $jar" >&2; exit 2; }; done
[ -d "$examples" ] || (cd "$repo" && mvn -B -q -ntp install -DskipTests)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # $1 = output name, $2 = tracer jar or "" for untraced, $3 = more agent options (",k=v"); prints wall ms
    local agent=()
    [ -n "$2" ] && agent=("-javaagent:$2=mode=$mode,output=$work/trace.mpjt$extra${3:-}")
    local start end
    start=$(date +%s%N)
    # shellcheck disable=SC2086 # JVM_OPTS and EXAMPLE_ARGS are words
    (cd "$work" && java -jar "$MPJ_HOME/lib/starter.jar" -np "$np" -dev multicore ${JVM_OPTS:-} "${agent[@]}" \
        -cp "$examples" "org.mpjtrace.examples.${EXAMPLE:-Stencil2D}" "${STEP_ARG:-steps}=$steps" ${EXAMPLE_ARGS:-} > "$work/$1.out" 2>&1)
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}

. "$repo/bench/lib/stats.sh"

echo "${EXAMPLE:-Stencil2D} -np $np ${STEP_ARG:-steps}=$steps${EXAMPLE_ARGS:+ $EXAMPLE_ARGS}, multicore, mode $mode${5:+ ($5)}, $reps runs each (alternating)${JVM_OPTS:+, JVM options $JVM_OPTS}" >&2
# The traced configurations: each jar, with each option set when OPTION_SETS is given.
IFS=';' read -r -a sets <<< "${OPTION_SETS:-}"
[ ${#sets[@]} -gt 0 ] || sets=("")
cjar=() copts=() clabel=()
for jar in "${jars[@]}"; do
    for set in "${sets[@]}"; do
        cjar+=("$jar")
        copts+=("${set:+,$set}")
        label="${jars[1]:+$(basename "$jar")}${jars[1]:+${set:+ }}$set"
        clabel+=("${label:+ ($label)}")
    done
done
untraced=()
declare -A traced
for i in $(seq "$reps"); do
    u=$(run untraced "")
    untraced+=("$u")
    line="  run $i: untraced ${u} ms"
    for j in "${!cjar[@]}"; do
        t=$(run "traced$j" "${cjar[$j]}" "${copts[$j]}")
        traced[$j]="${traced[$j]:-} $t"
        line="$line, traced${clabel[$j]} ${t} ms"
    done
    echo "$line" >&2
done
mu=$(printf '%s\n' "${untraced[@]}" | median)
grep -v '^MPJ Express' "$work/untraced.out" > "$work/u" || true
for j in "${!cjar[@]}"; do
    mt=$(printf '%s\n' ${traced[$j]} | median)
    grep -v '^MPJ Express' "$work/traced$j.out" > "$work/t" || true
    cmp -s "$work/u" "$work/t" || echo "  warning: program output differs with the agent${clabel[$j]}" >&2
    echo "median untraced ${mu} ms, traced${clabel[$j]} ${mt} ms, ratio $(awk -v t="$mt" -v u="$mu" 'BEGIN {printf "%.3f", t / u}')"
done
echo "last trace: $(stat -c %s "$work/trace.mpjt") bytes"

