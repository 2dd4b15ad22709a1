#!/usr/bin/env bash
# JMH benchmarks of the hot path (probe to ring, clock reads included; the fold thread drains
# concurrently into a store that keeps nothing). Prints ns per call percentiles and, with -prof gc,
# bytes allocated per call. Extra arguments go to JMH (e.g. -p stackDepth=0); BENCH=REGEX picks benchmarks
# (default: all of org.mpjtrace.runtime.bench), e.g. BENCH='ProbeBenchmark.send$'. JMH_RUN replaces the
# fork, warm-up and measurement settings (JMH refuses an option given twice, so they cannot be added
# after them), e.g. JMH_RUN='-f 1 -wi 2 -w 1s -i 5 -r 2s'.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
cd "$repo"
mvn -B -q -ntp -pl runtime -am install -DskipTests
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -B -q -ntp -pl runtime dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
exec java -cp "runtime/target/test-classes:runtime/target/classes:$(cat "$cp_file")" org.openjdk.jmh.Main \
    "${BENCH:-org.mpjtrace.runtime.bench}" ${JMH_RUN:--f 1 -wi 3 -w 2s -i 5 -r 3s} -prof gc "$@"
