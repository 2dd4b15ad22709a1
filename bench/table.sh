#!/usr/bin/env bash
# The whole comparison, one Markdown table: every example under every mode (untraced, dump, full,
# chameleon, acurdion) at each rank count (multicore), measured side by side in one run of this script.
# Per example, rank count and mode:
#   wall s      the job's wall time (MPJ's starter run directly, as bench/overhead.sh; JVM start included)
#   ratio       traced / untraced wall time of the same example and rank count
#   inter-node  rank 0's time merging ranks' traces: full, the merge at Finalize (`stats`); the clustering
#               modes, every marker's clustering + leads' merge + append, at rank 0 and on its writer thread (`clusters`)
#   bytes       the trace file, and the file divided by the ranks
#   clusters    clusters made by each clustering, in order (`clusters`)
#   C/L/AT      markers acted on in states C, L and AT
#   replay s    wall time of `mpjtrace replay` of the trace (rank 0's MPI.Init to MPI.Finalize); for full and the
#               clustering modes the median over TRACES traced runs of REPLAYS replays each (default 1), taken in
#               rounds (full, chameleon, acurdion, then again), since on a few cores both the times a traced run
#               of 16 or 64 rank threads records and one replay of them move by several percent from run to run
#               (the papers averaged five runs). TRACES defaults to 5 at -np 16, the rank count of the accuracy
#               target, 3 below it and 1 above it (a traced run of 64 rank threads on 2 cores takes long). The
#               dump's is replayed once. The other columns are the first traced run's
#   ACC         1 - |t - t'| / t, t the replay of the full trace, t' this mode's replay (ACURDION)
#   COUNT ... TAG  `mpjtrace compare FULL THIS`: matching percentages against the full trace (Table II)
# The examples run with compute=US (see the README's Examples) so that computation dominates the time
# between calls, as in the papers' accuracy runs. Progress on stderr; exits 1 when a traced job fails or
# the tracer reports an error. A replay that cannot run is shown as such in the table: "not replayable"
# (a trace holding Abort), "peers do not fit" or "stalled" (a clustered trace whose
# members' peers or message counts differ from their lead's; stalled: no call returned for STALL_AFTER
# seconds, default 15).
#
#   bench/table.sh [NP...]      default 4 16 64
#   EXAMPLES="Ring PhaseChange" bench/table.sh 16     only these examples
#   TRACES=5 REPLAYS=2 bench/table.sh                  the median of 2 replays of each of 5 traced runs per mode,
#                                                      at every rank count
#   MARKER=auto bench/table.sh 16                      the clustering modes with no marker option (marker auto):
#                                                      the examples' marker and callFrequency keys are left out
#
# ApiTour runs only when NP is 4 (it is written for 4 ranks), CGTranspose only when NP is a square.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
nps=("$@"); [ ${#nps[@]} -eq 0 ] && nps=(4 16 64)
for np in "${nps[@]}"; do
    [[ "$np" =~ ^[1-9][0-9]*$ ]] && [ "$np" -ge 2 ] || { echo "table.sh: NP must be an integer of at least 2, got '$np'" >&2; exit 2; }
done
jar="$repo/agent/target/tracer.jar"
cp="$repo/examples/target/classes"
if [ ! -f "$jar" ] || [ ! -f "$repo/cli/target/mpjtrace-cli.jar" ] || [ ! -d "$cp" ]; then
    echo "table.sh: building mpjtrace (mvn install -DskipTests) ..." >&2
    (cd "$repo" && mvn -B -q -ntp install -DskipTests) >&2 # the table alone goes to stdout
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mpjtrace="$repo/bin/mpjtrace"
stall_after=${STALL_AFTER:-15}
replays=${REPLAYS:-1}
[[ "$replays" =~ ^[1-9][0-9]*$ ]] || { echo "table.sh: REPLAYS must be a positive integer, got '$replays'" >&2; exit 2; }
[[ "${TRACES:-1}" =~ ^[1-9][0-9]*$ ]] || { echo "table.sh: TRACES must be a positive integer, got '$TRACES'" >&2; exit 2; }
# Traced runs per mode at a rank count: TRACES, or the most at 16 ranks, where ACC is to reach 95%.
traces_at() {
    if [ -n "${TRACES:-}" ]; then echo "$TRACES"
    elif [ "$1" -eq 16 ]; then echo 5
    elif [ "$1" -lt 16 ]; then echo 3
    else echo 1
    fi
}

# Example, its arguments, and the agent keys of the clustering modes: the marker is a collective of the
# main loop where there is one (as bench/table4.sh), else none (cluster once, at Finalize). K is the
# default 9 except for Stencil3D, whose periodic grid has up to 27 classes of relative neighbours (low
# end, inside, high end on each of three axes), as Stencil2D's plate has 9.
examples=(
    "Ring|steps=10 compute=5000|marker=none"
    "Stencil2D|steps=100 n=16 compute=10000|marker=site:Stencil2D.main,callFrequency=1"
    "Stencil3D|steps=50 n=4 compute=10000|marker=site:Stencil3D.main,callFrequency=5,k=27"
    "MasterWorker|tasks=480 compute=10000|marker=none"
    "Sweep|sweeps=40 n=8 compute=10000|marker=none"
    "PhaseChange|steps=60 phase=10 compute=10000|marker=site:PhaseChange.main,callFrequency=2"
    "TwoCallers|steps=100 compute=10000|marker=site:TwoCallers.total"
    "CGTranspose|steps=100 n=16 compute=10000|marker=site:CGTranspose.run,callFrequency=10"
    "ApiTour||marker=none"
)
if [ -n "${EXAMPLES:-}" ]; then
    chosen=()
    for want in $EXAMPLES; do
        found=""
        for e in "${examples[@]}"; do [ "${e%%|*}" = "$want" ] && chosen+=("$e") && found=1; done
        [ -n "$found" ] || { echo "table.sh: EXAMPLES names '$want', which is not one of: $(printf '%s ' "${examples[@]%%|*}")" >&2; exit 2; }
    done
    examples=("${chosen[@]}")
fi
modes=(untraced dump full chameleon acurdion)

runs_on() { # example np
    case "$1" in
        ApiTour) [ "$2" -eq 4 ] ;;
        CGTranspose) local s; s=$(awk -v n="$2" 'BEGIN {printf "%d", sqrt(n) + 0.5}'); [ $((s * s)) -eq "$2" ] ;;
        *) true ;;
    esac
}
fail() { echo "table.sh: $*" >&2; exit 1; }
in_state() { sed -nE "s/^markers: (.*[^0-9])?([0-9]+) in $1(,.*)?$/\\2/p" "$work/clusters.txt" | grep . || echo 0; }
pct() { awk -v t="$1" -v u="$2" 'BEGIN { printf "%.1f%%", 100 * (1 - (u > t ? u - t : t - u) / t) }'; }

total=0
for np in "${nps[@]}"; do
    for e in "${examples[@]}"; do
        runs_on "${e%%|*}" "$np" && total=$((total + ${#modes[@]} + 3 * ($(traces_at "$np") - 1)))
    done
done

# Runs the example with MPJ's starter; $1 the mode (untraced: no agent), $2 the agent's clustering keys, $3 the
# trace file (default $work/MODE.mpjt). Prints the wall time in seconds; the job's output is left in $work/job.log.
run_job() {
    local mode=$1 keys=$2 agent=() trace=${3:-$work/$1.mpjt}
    if [ "$mode" != untraced ]; then
        local opts="mode=$mode,output=$trace"
        case "$mode" in chameleon|acurdion) [ -n "$keys" ] && opts+=",$keys" ;; esac
        agent=("-javaagent:$jar=$opts")
    fi
    local start end
    start=$(date +%s%N)
    if ! (cd "$work" && java -jar "$MPJ_HOME/lib/starter.jar" -np "$np" -dev multicore "${agent[@]}" \
            -cp "$cp" "org.mpjtrace.examples.$ex" "${argv[@]}") > "$work/job.log" 2>&1; then
        cat "$work/job.log" >&2; fail "job failed: $ex -np $np, mode $mode"
    fi
    end=$(date +%s%N)
    # MPJ's starter exits 0 when a rank throws: the trace and the tracer's messages tell.
    if grep -qE '^mpjtrace: .*(tracing is off|could not)' "$work/job.log"; then
        cat "$work/job.log" >&2; fail "the tracer reported an error: $ex -np $np, mode $mode"
    fi
    if [ "$mode" != untraced ] && [ ! -s "$trace" ]; then
        cat "$work/job.log" >&2; fail "no trace written: $ex -np $np, mode $mode"
    fi
    awk -v ns=$((end - start)) 'BEGIN { printf "%.2f", ns / 1e9 }'
}

# The median of its arguments (numbers).
median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Replays $work/$1.mpjt once; prints its wall time in seconds, or why there is none.
replay_once() {
    local out
    if out=$("$mpjtrace" replay "$work/$1.mpjt" --stall-after "$stall_after" 2>&1); then
        sed -nE 's/^replay of .*, wall time ([0-9.]+) s .*/\1/p' <<< "$out" | tail -1
    elif grep -q '^mpjtrace replay: stalled' <<< "$out"; then
        echo "stalled"
    elif grep -q "this rank's peers differ from its lead's" <<< "$out"; then
        echo "peers do not fit"
    elif grep -q '^mpjtrace: .*: cannot be replayed: ' <<< "$out"; then
        echo "not replayable"
    else
        # The table gets one line (a rank's reason, else mpjtrace's); stderr the whole output, to look into.
        local why
        why=$(grep -m1 '^mpjtrace replay: rank ' <<< "$out" | sed -E 's/^mpjtrace replay: rank [0-9]+: //') \
            || why=$(grep -m1 -E '^mpjtrace: (job|replay) failed' <<< "$out" | sed -E 's/^mpjtrace: //') || why="no reason given"
        { echo "table.sh: replay of $ex -np $np $1 failed; its output:"; sed 's/^/    /' <<< "$out"; } >&2
        echo "failed: $(sed -E 's/[|]/\\|/g' <<< "$why" | cut -c1-80)"
    fi
}

echo "Multicore. Examples run with the arguments shown; the clustering modes with the agent keys shown (K 9)."
echo "ACC and the matching percentages are against the full trace of the same example and rank count."
echo
echo "| example | -np | mode | wall s | ratio | inter-node ms | bytes | bytes/rank | clusters | C/L/AT | replay s | ACC | COUNT | LOOP | # EVENTS | SRC | DEST | TAG |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
job=0 start=$(date +%s)
for np in "${nps[@]}"; do
    traces=$(traces_at "$np")
    for e in "${examples[@]}"; do
        IFS='|' read -r ex args keys <<< "$e"
        if [ "${MARKER:-}" = auto ]; then keys=$(tr ',' '\n' <<< "$keys" | grep -vE '^(marker|callFrequency)=' | paste -sd, - || true); fi
        runs_on "$ex" "$np" || continue
        read -ra argv <<< "$args"
        rm -f "$work"/*.mpjt
        untraced=""
        declare -A row=() rest=()
        for mode in "${modes[@]}"; do
            job=$((job + 1))
            echo "[$job/$total, $(( $(date +%s) - start )) s] $ex -np $np $mode ..." >&2
            wall=$(run_job "$mode" "$keys")
            label="$ex${args:+ $args}"
            case "$mode" in chameleon|acurdion) label+=" ($keys)" ;; esac
            if [ "$mode" = untraced ]; then
                untraced=$wall
                echo "| $label | $np | untraced | $wall | 1 | | | | | | | | | | | | | |"
                continue
            fi
            file="$work/$mode.mpjt"
            ratio=$(awk -v t="$wall" -v u="$untraced" 'BEGIN { printf "%.2f", t / u }')
            bytes=$(stat -c %s "$file")
            inter="" clusters="" markers="" match="| | | | | |"
            case "$mode" in
                full)
                    inter=$("$mpjtrace" stats "$file" | sed -nE 's/^  merge across ranks at Finalize: ([0-9.]+) ms.*/\1/p')
                    [ -n "$inter" ] || fail "no merge time in 'mpjtrace stats' of $ex -np $np full" ;;
                chameleon|acurdion)
                    "$mpjtrace" clusters "$file" > "$work/clusters.txt" || fail "clusters failed on $ex -np $np $mode"
                    inter=$(awk '$3 ~ /^(AT|C|L|F)$/ { ms += $6 } END { printf "%.1f", ms }' "$work/clusters.txt")
                    clusters=$(sed -nE 's/^ +([0-9]+) clusters? \(.*/\1/p' "$work/clusters.txt" | paste -sd/)
                    markers="$(in_state C)/$(in_state L)/$(in_state AT)"
                    "$mpjtrace" compare "$work/full.mpjt" "$file" > "$work/compare.txt" 2>&1 \
                        || fail "compare failed on $ex -np $np $mode: $(cat "$work/compare.txt")"
                    match=""
                    for p in COUNT LOOP '# EVENTS' SRC DEST TAG; do
                        match+="| $(awk -v p="$p" 'index($0, "  " p " ") == 1 { sub("^  " p " +", ""); print $1 }' "$work/compare.txt") "
                    done ;;
            esac
            row[$mode]="| $label | $np | $mode | $wall | $ratio | $inter | $bytes | $((bytes / np)) | $clusters | $markers"
            rest[$mode]="$match|"
        done
        # More traced runs of full, chameleon and acurdion (their first run gave the row), in rounds.
        for ((k = 2; k <= traces; k++)); do
            for mode in full chameleon acurdion; do
                job=$((job + 1))
                echo "[$job/$total, $(( $(date +%s) - start )) s] $ex -np $np $mode, traced run $k of $traces ..." >&2
                run_job "$mode" "$keys" "$work/$mode.$k.mpjt" > /dev/null
            done
        done
        # Replays in rounds, full, chameleon and acurdion in turn (each traced run of a mode in turn), so
        # that the machine's drift over the example's replays falls on all three alike; the dump once.
        echo "[$job/$total] $ex -np $np: replays ..." >&2
        declare -A replay=([dump]=$(replay_once dump)) times=()
        for ((round = 0; round < replays; round++)); do
            for ((k = 1; k <= traces; k++)); do
                for mode in full chameleon acurdion; do
                    [ -n "${replay[$mode]:-}" ] && continue # it failed: no more rounds
                    name=$mode
                    [ "$k" -eq 1 ] || name+=".$k"
                    t=$(replay_once "$name")
                    if [[ "$t" =~ ^[0-9.]+$ ]]; then times[$mode]+="$t "; else replay[$mode]=$t; fi
                done
            done
        done
        for mode in full chameleon acurdion; do
            [ -n "${replay[$mode]:-}" ] || replay[$mode]=$(median ${times[$mode]})
        done
        for mode in dump full chameleon acurdion; do
            acc=""
            if [ "$mode" = full ]; then
                [[ "${replay[full]}" =~ ^[0-9.]+$ ]] && acc="ref"
            elif [ "$mode" != dump ] && [[ "${replay[$mode]}" =~ ^[0-9.]+$ ]] && [[ "${replay[full]}" =~ ^[0-9.]+$ ]]; then
                acc=$(pct "${replay[full]}" "${replay[$mode]}")
            fi
            echo "${row[$mode]} | ${replay[$mode]} | $acc ${rest[$mode]}"
        done
        unset row rest replay times
    done
done
echo "table.sh: $job jobs in $(( $(date +%s) - start )) s" >&2
