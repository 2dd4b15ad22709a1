#!/usr/bin/env bash
# Trace size per process by mode (the ACURDION paper's Table IV): every example under modes full,
# reference, chameleon and acurdion, multicore, on each rank count given. Per example and mode: the
# number of clusters of the last clustering (full: one per rank, as the paper counts no clustering),
# the trace file's bytes per rank, the mean over the ranks of the largest trace each rank held in
# memory (mode full: its whole trace at Finalize; the clustering modes: the largest partial trace it
# held at a marker), and the mean over the ranks of the trace each held on average over its markers
# (non-leads in state L hold 0). Prints one Markdown table per rank count; progress on stderr. Exits 1 if a job
# fails, the tracer reports an error, or a figure is missing from `mpjtrace stats` / `clusters`.
#
#   bench/table4.sh [NP...]      default 16; e.g. bench/table4.sh 16 64
#
# ApiTour runs only when NP is 4 (it is written for 4 ranks), CGTranspose only when NP is a square.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
nps=("$@"); [ ${#nps[@]} -eq 0 ] && nps=(16)
for np in "${nps[@]}"; do
    [[ "$np" =~ ^[1-9][0-9]*$ ]] && [ "$np" -ge 2 ] || { echo "table4.sh: NP must be an integer of at least 2, got '$np'" >&2; exit 2; }
done
cp="$repo/examples/target/classes"
[ -f "$repo/agent/target/tracer.jar" ] && [ -f "$repo/cli/target/mpjtrace-cli.jar" ] && [ -d "$cp" ] \
    || (cd "$repo" && mvn -B -q -ntp install -DskipTests)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mpjtrace="$repo/bin/mpjtrace"
modes=(full reference chameleon acurdion)

# Example, its arguments (larger than the tests' so that loops form), and the marker options of the
# clustering modes: a collective of the main loop where there is one (as ChameleonModeIT's marker()),
# else none (cluster once, at Finalize). CGTranspose's collectives are in its method run, not main.
examples=(
    "Ring|steps=100|--marker none"
    "Stencil2D|steps=1000 n=16|--marker site:Stencil2D.main --call-frequency 10"
    "Stencil3D|steps=100 n=4|--marker site:Stencil3D.main"
    "MasterWorker|tasks=160|--marker none"
    "Sweep|sweeps=20 n=8|--marker none"
    "PhaseChange|steps=60 phase=10|--marker site:PhaseChange.main --call-frequency 2"
    "TwoCallers|steps=100|--marker site:TwoCallers.total"
    "CGTranspose|steps=100 n=16|--marker site:CGTranspose.run --call-frequency 10"
    "ApiTour||--marker none"
)

runs_on() { # example np
    case "$1" in
        ApiTour) [ "$2" -eq 4 ] ;;
        CGTranspose) local s; s=$(awk -v n="$2" 'BEGIN {printf "%d", sqrt(n) + 0.5}'); [ $((s * s)) -eq "$2" ] ;;
        *) true ;;
    esac
}

total=0
for np in "${nps[@]}"; do
    for e in "${examples[@]}"; do runs_on "${e%%|*}" "$np" && total=$((total + ${#modes[@]})); done
done

# "9.8 kB" -> 9800 (stats prints three significant digits above 999 B).
to_bytes() { awk -v v="$1" -v u="$2" 'BEGIN { m = (u == "B") ? 1 : (u == "kB") ? 1e3 : (u == "MB") ? 1e6 : (u == "GB") ? 1e9 : -1;
    if (m < 0) exit 1; printf "%d\n", v * m + 0.5 }'; }
fail() { echo "table4.sh: $*" >&2; exit 1; }

job=0 start=$(date +%s)
for np in "${nps[@]}"; do
    echo
    echo "Multicore, $np ranks. Per mode: **cl** clusters of the last clustering (full: one per rank), **file/rank** the"
    echo "trace file's bytes divided by the ranks, **peak** the mean over the ranks of the largest trace a rank held in"
    echo "memory, in bytes (full: its whole trace at Finalize; clustering modes: its largest partial trace at a"
    echo "marker), **avg** the mean over the ranks of the trace a rank held on average over its markers (non-leads hold"
    echo "0 in state L; full: its whole trace); from \`stats\`, three significant digits. Marker options apply to the"
    echo "clustering modes."
    echo
    echo "| example (-np $np) | marker | full cl | full file/rank | full peak | full avg | reference cl | reference file/rank | reference peak | reference avg | chameleon cl | chameleon file/rank | chameleon peak | chameleon avg | acurdion cl | acurdion file/rank | acurdion peak | acurdion avg |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    for e in "${examples[@]}"; do
        IFS='|' read -r ex args markers <<< "$e"
        runs_on "$ex" "$np" || continue
        read -ra argv <<< "$args"
        read -ra mopts <<< "$markers"
        row="| $ex${args:+ $args} | \`${markers#--marker }\`"
        for mode in "${modes[@]}"; do
            job=$((job + 1))
            echo "[$job/$total] $ex $mode -np $np ..." >&2
            file="$work/$ex.$mode.$np.mpjt"
            opts=(); [ "$mode" != full ] && opts=("${mopts[@]}")
            cmd=("$mpjtrace" run -np "$np" --mode "$mode" -o "$file" "${opts[@]}" -cp "$cp" "org.mpjtrace.examples.$ex" "${argv[@]}")
            if ! "${cmd[@]}" > "$work/run.log" 2>&1; then
                cat "$work/run.log" >&2
                fail "job failed: ${cmd[*]}"
            fi
            if grep -q '^mpjtrace: rank .*internal error' "$work/run.log"; then
                cat "$work/run.log" >&2
                fail "the tracer reported an error: ${cmd[*]}"
            fi
            "$mpjtrace" stats "$file" > "$work/stats.txt" || fail "stats failed on the trace of: ${cmd[*]}"
            grep -qE '^  size: global trace .*, whole file .*, .* per rank$' "$work/stats.txt" \
                || fail "no 'size:' line in 'mpjtrace stats' of the trace of: ${cmd[*]}"
            line=$(grep -E '^  trace memory per rank \(the largest partial trace it held\): ' "$work/stats.txt" || true)
            [ -n "$line" ] || fail "no 'trace memory per rank' line in 'mpjtrace stats' of the trace of: ${cmd[*]}"
            peak=$(to_bytes $(sed -nE 's/.*held\): mean ([0-9.]+) ([kMG]?B), largest .*/\1 \2/p' <<< "$line"))
            avg=$(to_bytes $(sed -nE 's/.*averaged over its markers: mean ([0-9.]+) ([kMG]?B)$/\1 \2/p' <<< "$line"))
            # Exactly what stats rounds for its "per rank": the file's bytes divided by the ranks.
            per_rank=$(( $(stat -c %s "$file") / np ))
            if [ "$mode" = full ]; then
                clusters=$np
            else
                "$mpjtrace" clusters "$file" > "$work/clusters.txt" || fail "clusters failed on the trace of: ${cmd[*]}"
                # "1 cluster (" or "9 clusters ("; no match must reach the check below, not end the script under pipefail.
                clusters=$( (grep -E '^ +[0-9]+ clusters? \(' "$work/clusters.txt" || true) | tail -1 | awk '{print $1}')
                [ -n "$clusters" ] || fail "no clustering in 'mpjtrace clusters' of the trace of: ${cmd[*]}"
            fi
            row+=" | $clusters | $per_rank | $peak | $avg"
        done
        echo "$row |"
    done
done
echo "table4.sh: $job jobs in $(( $(date +%s) - start )) s" >&2
