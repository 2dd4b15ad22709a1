#!/usr/bin/env bash
# Class-load overhead of the agent (issue 34): the time to load every class of a class folder in a new
# class loader, ROUNDS rounds in one JVM (org.mpjtrace.agent.bench.ClassLoadTimes), with no agent and
# under each tracer jar, side by side in one run of this script. Two folders: the examples' classes, and
# a synthetic application of 2,000 classes generated here (one in ten calls MPJ, the rest call each other).
# Prints, per folder and agent, the first round (cold: the agent's own classes load and the class path
# is scanned once) and the median of the later rounds (warm), in ms.
#
#   bench/class-load.sh [ROUNDS]      default 11
#
# TRACER_JARS="a.jar b.jar ..." compares tracer jars, e.g. one built from the commit before Byte Buddy:
#   git worktree add /tmp/before 5d44395 && (cd /tmp/before && mvn -B -q -ntp -o package -DskipTests)
#   TRACER_JARS="/tmp/before/agent/target/tracer.jar agent/target/tracer.jar" bench/class-load.sh
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/bin/lib/mpj-home.sh"
mpjtrace_mpj_home "$repo" || exit 2
rounds=${1:-11}
cd "$repo"
[ -f agent/target/tracer.jar ] && [ -d examples/target/classes ] || mvn -B -q -ntp install -DskipTests
mvn -B -q -ntp -Dstyle.color=never -pl agent test-compile
read -r -a jars <<< "${TRACER_JARS:-$repo/agent/target/tracer.jar}"
for jar in "${jars[@]}"; do [ -f "$jar" ] || { echo "bench/class-load.sh: no tracer jar $jar" >&2; exit 2; }; done
mpj_jar="$MPJ_HOME/lib/mpj.jar"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The synthetic application: 2,000 classes in 20 packages, each with three methods; class i calls class i+1,
# and every tenth class makes MPJ calls (Send, Recv, Allreduce) in a method of its own.
mkdir -p "$work/src" "$work/synth"
for ((i = 0; i < 2000; i++)); do
    pkg="synth.p$((i / 100))" dir="$work/src/synth/p$((i / 100))" next=$(( (i + 1) % 2000 ))
    mkdir -p "$dir"
    if ((i % 10 == 0)); then
        mpj="    static void exchange(mpi.Intracomm c, double[] b) { c.Send(b, 0, 1, mpi.MPI.DOUBLE, 1, $i); c.Recv(b, 0, 1, mpi.MPI.DOUBLE, 1, $i); c.Allreduce(b, 0, b, 0, 1, mpi.MPI.DOUBLE, mpi.MPI.SUM); }"
    else
        mpj=""
    fi
    cat > "$dir/C$i.java" <<JAVA
package $pkg;
public final class C$i {
    private int state = $i;
    public int step(int x) { return x < 0 ? 0 : synth.p$((next / 100)).C$next.work(x - 1) + state; }
    public static int work(int x) { int s = 0; for (int k = 0; k < x % 7; k++) s += k * $i; return s; }
$mpj
}
JAVA
done
find "$work/src" -name '*.java' > "$work/sources"
javac -nowarn -cp "$mpj_jar" -d "$work/synth" @"$work/sources"

measure() { # $1 = folder, $2 = tracer jar or ""
    local agent=()
    [ -n "$2" ] && agent=("-javaagent:$2=mode=dump,output=$work/trace.mpjt")
    java "${agent[@]}" -cp agent/target/test-classes org.mpjtrace.agent.bench.ClassLoadTimes "$1" "$mpj_jar" "$rounds" 2>/dev/null
}
for folder in examples/target/classes "$work/synth"; do
    name=$([ "$folder" = "$work/synth" ] && echo "synthetic" || echo "examples")
    echo "$name, no agent: $(measure "$folder" "")"
    for jar in "${jars[@]}"; do echo "$name, $jar: $(measure "$folder" "$jar")"; done
done
