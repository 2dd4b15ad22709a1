#!/usr/bin/env bash
# Two builds' replays of one trace, side by side: traces the example once in mode full with timing=lossless
# (this checkout's bin/mpjtrace), then replays that trace ROUNDS times (default 3) with each build in turn,
# the other build first. Prints each replay's wall time and the traced run's span (`replay`'s own line:
# rank 0's MPI.Init to MPI.Finalize less the tracer's set-up), so that a change to the replay is measured
# on the same trace, without the spread between traced runs.
#   OTHER=/tmp/old/bin/mpjtrace bench/replay-ab.sh NP EXAMPLE [ARGS...]
# e.g. git worktree add /tmp/old HEAD~1 && (cd /tmp/old && mvn -B -q -ntp -o package -DskipTests), then
#   OTHER=/tmp/old/bin/mpjtrace bench/replay-ab.sh 16 clusters.LeavingPair steps=300 early=100 compute=2000
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
[ $# -ge 2 ] || { echo "usage: OTHER=.../bin/mpjtrace bench/replay-ab.sh NP EXAMPLE [ARGS...]" >&2; exit 2; }
[ -x "${OTHER:-}" ] || { echo "replay-ab.sh: OTHER must name another build's bin/mpjtrace" >&2; exit 2; }
np=$1 main=$2
shift 2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$repo/bin/mpjtrace" run -np "$np" --mode full --timing lossless -o "$dir/t.mpjt" --quiet -cp "$repo/examples/target/classes" \
    "org.mpjtrace.examples.$main" "$@" > "$dir/log" 2>&1 || { cat "$dir/log" >&2; exit 1; }
line="$main -np $np $*:"
for _ in $(seq "${ROUNDS:-3}"); do
    for build in "$OTHER" "$repo/bin/mpjtrace"; do
        label=other
        [ "$build" = "$repo/bin/mpjtrace" ] && label=this
        r=$("$build" replay "$dir/t.mpjt" --quiet 2>&1 | sed -n 's/.*wall time \([0-9.]*\) s against the traced run.s \([0-9.]*\) s.*/\1 s (traced \2 s)/p')
        line="$line $label ${r:-failed},"
    done
done
echo "${line%,}"
