package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Paraver's objects for a trace: one application; a task per rank (task = its place among the trace's
 * ranks + 1, which is rank + 1 in a whole job's trace); a thread per thread of the rank that called MPJ
 * (thread = its place among them + 1: 1 is the thread that called MPI.Init, and the .row file gives each
 * one's number in the trace); a node per host the ranks ran on, in
 * order of first rank; and a CPU per thread, numbered node by node, so that Paraver's resource view shows
 * each thread on the host it ran on. Gives the .prv header's resource and application parts and writes
 * the .row file that names every CPU, node and thread.
 */
final class ParaverObjects {
    private final List<String> hosts = new ArrayList<>();
    /** Per node (index into hosts): its threads, in rank and thread order. */
    private final List<List<ParaverTimeline.Stream>> nodes = new ArrayList<>();
    private final List<ParaverTimeline.Stream[]> ranks;
    private final int[] rankNode;

    /** Numbers every stream's CPU and task. */
    ParaverObjects(ParaverTimeline timeline) {
        ranks = timeline.ranks;
        rankNode = new int[ranks.size()];
        Map<String, Integer> nodeOf = new LinkedHashMap<>();
        for (int i = 0; i < ranks.size(); i++) {
            int node = nodeOf.computeIfAbsent(timeline.hosts.get(i), h -> {
                hosts.add(h);
                nodes.add(new ArrayList<>());
                return hosts.size() - 1;
            });
            rankNode[i] = node;
            ParaverTimeline.Stream[] threads = ranks.get(i);
            for (int t = 0; t < threads.length; t++) {
                ParaverTimeline.Stream s = threads[t];
                s.task = i + 1;
                s.place = t + 1;
                nodes.get(node).add(s);
            }
        }
        int cpu = 0;
        for (List<ParaverTimeline.Stream> node : nodes) for (ParaverTimeline.Stream s : node) s.cpu = ++cpu;
    }

    /** The header's resource part: {@code NNODES(CPUS,...)}. */
    String resources() {
        StringBuilder b = new StringBuilder().append(nodes.size()).append('(');
        for (int n = 0; n < nodes.size(); n++) b.append(n == 0 ? "" : ",").append(nodes.get(n).size());
        return b.append(')').toString();
    }

    /** The header's application part: {@code NTASKS(NTHREADS:NODE,...)}, nodes 1-based. */
    String application() {
        StringBuilder b = new StringBuilder().append(ranks.size()).append('(');
        for (int i = 0; i < ranks.size(); i++) b.append(i == 0 ? "" : ",").append(ranks.get(i).length).append(':').append(rankNode[i] + 1);
        return b.append(')').toString();
    }

    /** The .row file: the names of the CPUs (host and thread), nodes (hosts) and threads, in Paraver's numbering. */
    void writeRow(OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder();
        int cpus = 0;
        for (List<ParaverTimeline.Stream> node : nodes) cpus += node.size();
        b.append("LEVEL CPU SIZE ").append(cpus).append('\n');
        for (int n = 0; n < nodes.size(); n++)
            for (ParaverTimeline.Stream s : nodes.get(n)) b.append(hosts.get(n)).append(' ').append(name(s)).append('\n');
        b.append("\nLEVEL NODE SIZE ").append(hosts.size()).append('\n');
        for (String h : hosts) b.append(h).append('\n');
        b.append("\nLEVEL THREAD SIZE ").append(cpus).append('\n');
        for (ParaverTimeline.Stream[] rank : ranks) for (ParaverTimeline.Stream s : rank) b.append(name(s)).append('\n');
        out.write(b.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String name(ParaverTimeline.Stream s) {
        return "rank " + s.rank + " thread " + s.thread;
    }
}
