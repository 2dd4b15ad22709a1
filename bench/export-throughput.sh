#!/usr/bin/env bash
# Whole-run benchmark of the export writers (decode --format jsonl, export --format chrome and paraver) over a
# synthetic dump held in memory: calls per second each, written into sinks that discard the bytes, in a
# 512 MB heap. Arguments: CALLS (default 2000000) and ROUNDS (default 3).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
cd "$repo"
mvn -B -q -ntp -o -pl cli -am install -DskipTests
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -B -q -ntp -o -pl cli dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
exec java -Xmx512m -cp "cli/target/test-classes:cli/target/classes:$(cat "$cp_file")" org.mpjtrace.cli.export.ExportThroughput "$@"
