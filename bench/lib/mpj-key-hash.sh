#!/usr/bin/env bash
# Builds the bench-only agent of mpj-key-hash/KeyHashAgent.java (MPJ's multicore message key given a
# real hash code) and prints the -javaagent option that loads it, e.g.
#   JVM_OPTS="$(bench/lib/mpj-key-hash.sh)" bench/overhead.sh 16 10000 5 full ""
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
version=$(sed -n 's:.*<bytebuddy.version>\(.*\)</bytebuddy.version>.*:\1:p' "$repo/pom.xml")
bb="$HOME/.m2/repository/net/bytebuddy/byte-buddy/$version/byte-buddy-$version.jar"
[ -f "$bb" ] || { echo "mpj-key-hash.sh: no $bb: build mpjtrace first (mvn install)" >&2; exit 2; }
out="$repo/target/mpj-key-hash"
if [ ! -f "$out/mpj-key-hash.jar" ] || [ "$repo/bench/lib/mpj-key-hash/KeyHashAgent.java" -nt "$out/mpj-key-hash.jar" ]; then
    rm -rf "$out" && mkdir -p "$out/classes"
    javac -d "$out/classes" -cp "$bb" "$repo/bench/lib/mpj-key-hash/KeyHashAgent.java"
    printf 'Premain-Class: KeyHashAgent\nClass-Path: %s\n' "$bb" > "$out/manifest.txt"
    jar cfm "$out/mpj-key-hash.jar" "$out/manifest.txt" -C "$out/classes" .
fi
echo "-javaagent:$out/mpj-key-hash.jar"
