#!/usr/bin/env bash
# Marker auto's quality bar on the examples (issue 31): each time-stepped example traced in mode full, then
# in chameleon and acurdion with no marker option, one job after the other, and one table row per example
# and mode:
#   choice       what marker auto chose: "collective" (a loop of collectives on all ranks), "own loops"
#                (each rank's own loop, clustered by messages to rank 0), or "none" (clustered at Finalize)
#   C/L/AT       markers acted on in each state (`stats`)
#   rank 0       own loops: the call of rank 0's at which it clustered (non-leads hold no trace from about
#                there on); else -
#   non-leads    how many of the last clustering's non-leads held 0 B at every marker in L and at F, and how
#                many made other calls than their lead (counted at Finalize; the run warns)
#   COUNT ... LOOP  `compare FULL THIS` matching percentages (# EV: # EVENTS)
#   ACC          `compare --replay --rounds REPLAYS FULL THIS`: the two traces replayed in turn REPLAYS times
#                each (default 3), ACC of the medians of their wall times ("replay failed" when the clustered
#                trace does not replay)
# Arguments: the rank count (default 16); REPLAYS=N; ONLY="Ring Sweep" runs only those examples;
# BASELINE=1 also traces each example in mode full a second time and gives that trace a row of its own
# ("full, another run"), measured against the first as the clustered ones are: what two runs of the same
# program differ by. Progress on stderr.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
mpjtrace=${MPJTRACE:-$repo/bin/mpjtrace}
np=${1:-16}
replays=${REPLAYS:-3}
[[ "$replays" =~ ^[1-9][0-9]*$ ]] || { echo "marker-auto.sh: REPLAYS must be a positive integer, got '$replays'" >&2; exit 2; }
[[ "$np" =~ ^[1-9][0-9]*$ ]] && [ "$np" -ge 4 ] || { echo "marker-auto.sh: NP must be an integer of at least 4, got '$np'" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
examples=$repo/examples/target/classes
echo "-np $np ($("$mpjtrace" --version | head -1)), $(date -u '+%Y-%m-%d %H:%M') UTC"
echo "| example | mode | choice | C/L/AT | rank 0 clustered at call | non-leads at 0 B in L and F | COUNT | # EV | SRC | DEST | TAG | LOOP | ACC |"
echo "|---|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"
while read -r main args; do
    [ -n "$main" ] || continue
    if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $main "* ]]; then continue; fi
    if [ "$main" = CGTranspose ]; then s=$(awk -v n="$np" 'BEGIN { r = int(sqrt(n) + 0.5); print (r * r == n) }'); [ "$s" = 1 ] || continue; fi
    for mode in full chameleon acurdion ${BASELINE:+full2}; do
        echo "marker-auto.sh: $main $args, $mode" >&2
        # shellcheck disable=SC2086 # the arguments are words
        "$mpjtrace" run -np "$np" --mode "${mode%2}" -o "$dir/$mode.mpjt" -cp "$examples" "org.mpjtrace.examples.$main" $args \
            > "$dir/$mode.log" 2>&1 || { cat "$dir/$mode.log" >&2; exit 1; }
    done
    for mode in chameleon acurdion ${BASELINE:+full2}; do
        "$mpjtrace" compare "$dir/full.mpjt" "$dir/$mode.mpjt" | grep -v '^ACC' > "$dir/cmp"
        # A clustered trace whose non-leads did other calls than their lead (the run warned) may not replay.
        if "$mpjtrace" compare --replay --rounds "$replays" "$dir/full.mpjt" "$dir/$mode.mpjt" > "$dir/replay" 2> "$dir/replay.err"; then
            grep '^ACC' "$dir/replay" >> "$dir/cmp"
        else
            echo "ACC replay-failed" >> "$dir/cmp"
        fi
        "$mpjtrace" stats "$dir/$mode.mpjt" > "$dir/stats"
        if [ "$mode" = full2 ]; then
            echo '{"clusterings": [], "markers": []}' > "$dir/clusters.json"
        else
            "$mpjtrace" clusters --format json "$dir/$mode.mpjt" > "$dir/clusters.json"
        fi
        python3 - "$main $args" "$mode" "$dir/$mode.log" "$dir/stats" "$dir/clusters.json" "$dir/cmp" <<'PY'
import json, re, sys
example, mode, log, stats, clusters, cmp = sys.argv[1:]
log, stats, cmp = open(log).read(), open(stats).read(), open(cmp).read()
c = json.load(open(clusters))
choice = ("own loops" if "marker auto: each rank's own loop" in log else "none" if "marker auto found no loop" in log
          else "collective" if "marker auto: " in log else "?")
m = re.search(r"markers acted on: (\d+) in C, (\d+) in L, (\d+) in AT", stats)
states = "/".join(m.groups()) if m else "?"
m = re.search(r"rank 0 proposed at its call \d+ and clustered at its call (\d+)", log)
at = m.group(1) if m else "-"
def ranks(text):
    out = []
    for sec in re.findall(r"<([0-9 ]+)>", text):
        f = [int(x) for x in sec.split()]
        d, start, rest = f[0], f[1], f[2:]
        pts = [start]
        for k in range(d):
            count, stride = rest[2 * k], rest[2 * k + 1]
            pts = [p + i * stride for p in pts for i in range(count)]
        out += pts
    return out
zero = set()
table = stats.split("Trace memory per rank at markers, by state")[1].split("\n\n")[0].splitlines()[2:] if "Trace memory per rank at markers" in stats else []
for row in table:
    head, _, nums = row.rpartition(">")
    v = nums.split()
    lmax, fmax = v[8], v[11]
    if lmax in ("-", "0") and fmax == "0":
        zero.update(ranks(head + ">"))
last = c["clusterings"][-1]["clusters"] if c["clusterings"] else []
nonleads = sum(k["size"] - 1 for k in last)
mem = f"{len(zero)} of {nonleads}" if last else "-"
unlike = [m["changed_ranks"] for m in c["markers"] if m["state"] == "F"]
if unlike and unlike[-1]: mem += f" ({unlike[-1]} unlike their lead)"
v, acc = {}, []
for line in cmp.splitlines():
    w = line.split()
    if not w: continue
    if w[0] in ("COUNT", "SRC", "DEST", "TAG", "LOOP"): v[w[0]] = w[1]
    if w[0] == "#" and len(w) > 2 and w[1] == "EVENTS": v["EV"] = w[2]
    if w[0] == "ACC": acc.append(w[1])
if "replay-failed" in acc: v["ACC"] = "replay failed"
elif acc: v["ACC"] = acc[0] + (f" (medians of {m.group(1)})" if (m := re.search(r"medians of (\d+)", cmp)) else "")
if mode == "full2": mode, choice, states = "full, another run", "-", "-"
print(f"| {example} | {mode} | {choice} | {states} | {at} | {mem} | " + " | ".join(v.get(k, "?") for k in ("COUNT", "EV", "SRC", "DEST", "TAG", "LOOP", "ACC")) + " |")
PY
    done
done <<'LIST'
Ring steps=400 compute=1000
Sweep sweeps=200 n=8 compute=2000
TwoCallers steps=300 compute=2000
CGTranspose steps=300 n=16 compute=2000
Stencil2D steps=100 n=16 compute=10000
Stencil3D steps=50 n=4 compute=10000
PhaseChange steps=60 phase=10 compute=10000
ThreePhases setup=10 steps=100 finish=10 n=8 compute=5000
ShiftingLoops first=40 second=40 early=20 n=8
clusters.LeavingPair steps=300 early=100 compute=2000
clusters.RingThenPairs first=300 second=300 compute=2000
clusters.RingThenPairs first=300 second=3000 compute=2000
MasterWorker tasks=480 compute=10000
LIST
