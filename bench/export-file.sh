#!/usr/bin/env bash
# Whole-run benchmark of `mpjtrace export` and `decode --format jsonl` on a dump FILE written first
# (synthetic: 16 ranks, a ring of Irecv, Isend, Waitall and an Allreduce every 10 steps): each format
# exported by the real command in a JVM of its own with a 512 MB heap, reading the file included, output
# written to disk. Prints the wall time and calls per second of each. Arguments: CALLS (default
# 10000000) and DIR (default a fresh temporary folder, removed at the end).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
calls=${1:-10000000}
dir=${2:-$(mktemp -d)}
mkdir -p "$dir"
[ -n "${2:-}" ] || trap 'rm -rf "$dir"' EXIT
cd "$repo"
mvn -B -q -ntp -o -pl cli -am install -DskipTests
cp_file=$(mktemp)
mvn -B -q -ntp -o -pl cli dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
java -Xmx2g -cp "cli/target/test-classes:cli/target/classes:$(cat "$cp_file")" org.mpjtrace.cli.export.SyntheticDumpFile "$dir/dump.mpjt" "$calls"
rm -f "$cp_file"
ls -l "$dir/dump.mpjt"
cli_jar="$repo/cli/target/mpjtrace-cli.jar"
# run NAME STDOUT ARGS...: one command in a JVM of its own, 512 MB of heap; its wall time and rate.
run() {
    local what=$1 out=$2; shift 2
    local start end
    # Each command starts with the previous one's gigabytes on disk, not in the kernel's writeback.
    sync
    start=$(date +%s.%N)
    java -Xmx512m -Dmpjtrace.home="$repo" -jar "$cli_jar" "$@" > "$out" 2> "$dir/$what.err" || { cat "$dir/$what.err" >&2; exit 1; }
    end=$(date +%s.%N)
    awk -v w="$what" -v s="$start" -v e="$end" -v n="$calls" 'BEGIN { printf "%-8s %6.1f s  %.2f M calls/s\n", w, e - s, n / (e - s) / 1e6 }'
}
run jsonl "$dir/dump.jsonl" decode "$dir/dump.mpjt" --format jsonl
run chrome /dev/null export "$dir/dump.mpjt" --format chrome -o "$dir/dump.json"
run otf2 /dev/null export "$dir/dump.mpjt" --format otf2 -o "$dir/dump-otf2"
run paraver /dev/null export "$dir/dump.mpjt" --format paraver -o "$dir/dump"
du -sh "$dir"/dump.jsonl "$dir"/dump.json "$dir"/dump-otf2 "$dir"/dump.prv
