package org.mpjtrace.cli.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.cli.format.TimedCalls;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TraceFile;

/**
 * The two views of "which MPJ calls did each rank make" that the tests compare: the list an example
 * printed itself ({@code CALL rank op peer count} lines), and the (op, peer, count) projection of the
 * rank's decoded events.
 */
final class CallLists {
    private CallLists() {}

    static Map<Integer, List<String>> printed(String stdout) {
        Map<Integer, List<String>> byRank = new TreeMap<>();
        for (String line : jobLines(stdout)) {
            if (!line.startsWith("CALL ")) continue;
            String[] f = line.trim().split(" ");
            byRank.computeIfAbsent(Integer.parseInt(f[1]), r -> new ArrayList<>()).add(f[2] + " " + f[3] + " " + f[4]);
        }
        return byRank;
    }

    static Map<Integer, List<String>> traced(TraceFile trace) {
        return perRank(trace, (rank, w, b) -> Op.ofCode(Event.opCode(w, b)).mpjName + " " + Event.projectedPeer(w, b) + " "
                + Event.projectedCount(w, b));
    }

    /** One rank's record at {@code w[b]} as a line of its call list. */
    interface CallFormat {
        String line(int rank, long[] w, int b);
    }

    /** Each rank's recorded calls (a dump's, or a full trace's kept dump), one formatted line per call. */
    static Map<Integer, List<String>> perRank(TraceFile trace, CallFormat format) {
        Map<Integer, List<String>> byRank = new TreeMap<>();
        for (RankTrace r : trace.ranks()) {
            List<String> calls = new ArrayList<>();
            for (int i = 0; i < r.eventCount(); i++) calls.add(format.line(r.rank(), r.words(), RankTrace.base(i)));
            byRank.put(r.rank(), calls);
        }
        return byRank;
    }

    /** A call's op code, enter and exit: what two views of a rank's calls with their own times agree on exactly. */
    static final CallFormat TIMES = (rank, w, b) -> Event.opCode(w, b) + " " + Event.enter(w, b) + " " + Event.exit(w, b);

    /**
     * One rank's calls as the exports see them ({@link TimedCalls}: its kept dump, or with {@code rebuilt}
     * the calls rebuilt from the loops), per thread in the thread's order, one formatted line per call.
     */
    static Map<Integer, List<String>> byThread(TraceFile trace, RankTrace section, boolean rebuilt, CallFormat format) {
        Map<Integer, List<String>> threads = new TreeMap<>();
        TimedCalls.forEach(trace, section, rebuilt, (calls, base) -> threads.computeIfAbsent(Event.thread(calls.words(), base),
                t -> new ArrayList<>()).add(format.line(section.rank(), calls.words(), base)));
        return threads;
    }

    /** Program output without the examples' CALL lines, order-free (ranks of a job print concurrently). */
    static List<String> resultLines(String stdout) {
        List<String> lines = new ArrayList<>();
        for (String line : jobLines(stdout)) if (!line.startsWith("CALL ")) lines.add(line);
        lines.sort(null);
        return lines;
    }

    static List<String> allLinesSorted(String stdout) {
        List<String> lines = jobLines(stdout);
        lines.sort(null);
        return lines;
    }

    /**
     * MPJ 0.44's niodev starter relays its daemons' messages and, in some runs and not others, prints
     * a token of that protocol (its IOMessagesThread's {@code EXIT@Ping#}) into the job's stdout, alone
     * or glued to a line: it is MPJ's, not the program's output, so it is taken out and the rest kept.
     */
    private static final String STARTER_TOKEN = "EXIT@Ping#";

    /**
     * The job's stderr without the stack traces of MPJ 0.44's niodev starter thread that relays the daemons'
     * output ({@code runtime.starter.IOMessagesThread}): in some runs, traced or not, it reads a socket its
     * daemon has closed and prints {@code java.util.NoSuchElementException: No line found} with its frames.
     * That is MPJ's, not the program's output; every other line is kept.
     */
    static String jobErr(String stderr) {
        List<String> lines = new ArrayList<>(List.of(stderr.split("\n", -1)));
        for (int i = 0; i < lines.size(); i++) {
            int end = i + 1;
            while (end < lines.size() && lines.get(end).startsWith("\tat ")) end++;
            if (end > i + 1 && lines.subList(i + 1, end).stream().anyMatch(l -> l.contains("runtime.starter.IOMessagesThread."))) {
                lines.subList(i, end).clear();
                i--;
            }
        }
        return String.join("\n", lines);
    }

    /** The job's stdout lines, with the starter's stray protocol token removed. */
    private static List<String> jobLines(String stdout) {
        List<String> lines = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            String kept = line.replace(STARTER_TOKEN, "");
            if (!kept.isEmpty() || line.isEmpty()) lines.add(kept);
        }
        return lines;
    }
}
