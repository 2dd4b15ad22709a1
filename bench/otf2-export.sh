#!/usr/bin/env bash
# The OTF2 export's throughput (calls per second) and memory, over about two million calls: a synthetic
# dump (4 ranks x 500000 calls of a ring exchange, held in memory as a dump's records are) and a real
# mode-full trace of Stencil2D (4 ranks, 100000 steps: 2040012 calls in a 1.9 kB file, rebuilt call by
# call while written, under a 64 MiB heap). Four exports per JVM: the first is what one `mpjtrace
# export` costs, the later ones the JIT-compiled rate a longer export settles at.
#
#   bench/otf2-export.sh            needs libopen-trace-format2-10 (bin/lib/otf2.sh) and a build with test classes
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && mvn -B -ntp -q install -DskipTests -pl cli -am) >/dev/null
cp="$repo/cli/target/mpjtrace-cli.jar:$repo/cli/target/test-classes"
bench=org.mpjtrace.cli.export.otf2.Otf2ExportBenchmark

echo "synthetic dump, -Xmx320m (the dump's records take 192 MB):"
java -Xmx320m -cp "$cp" "$bench" 4 500000 4 "$work/dump"
"$repo/bin/mpjtrace" run -np 4 --mode full -o "$work/stencil.mpjt" -cp "$repo/examples/target/classes" \
    org.mpjtrace.examples.Stencil2D steps=100000 n=4 > "$work/run.log" 2>&1 || { cat "$work/run.log" >&2; exit 1; }
echo "mode full, Stencil2D, -Xmx64m:"
java -Xmx64m -cp "$cp" "$bench" "$work/stencil.mpjt" 4 "$work/full"
