package org.mpjtrace.trace.io.rules;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.FoldedInfos;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankTrace;

/**
 * What a well-formed trace satisfies beyond decoding. The writer refuses what breaks a rule (so it never
 * produces a file its reader rejects) and the readers report it as corruption. Each check returns a
 * description of the first problem, or null.
 */
public final class TraceRules {

    /**
     * Most ranks a job may have: far beyond any MPJ Express job, and small enough that what the commands do
     * once per rank of the world (compare, the statistics) stays quick whatever a file says.
     */
    public static final int MAX_WORLD_SIZE = 1 << 20;

    private TraceRules() {}

    public static String metaProblem(JobMeta meta) {
        if (meta == null) return "no job metadata";
        if (meta.ending() == null || meta.ending().isEmpty()) return "no job ending";
        return worldSizeProblem(meta.worldSize());
    }

    /** A world size of at least 1 and at most {@link #MAX_WORLD_SIZE}, or the problem with it. */
    public static String worldSizeProblem(int worldSize) {
        if (worldSize < 1) return "world size " + worldSize + " is not positive";
        if (worldSize > MAX_WORLD_SIZE) return "world size " + worldSize + " is over the " + MAX_WORLD_SIZE + " ranks a trace may have";
        return null;
    }

    /**
     * Rules for one rank's trace on its own. {@code worldSize} bounds the rank when known (files);
     * pass -1 when it is not (payloads). Site ids are checked against a table by {@link #siteProblem}.
     */
    public static String rankProblem(RankTrace t, int worldSize) {
        if (t == null) return "no rank trace";
        int r = t.rank();
        if (r < 0 || (worldSize >= 0 && r >= worldSize))
            return "rank " + r + " outside [0, " + (worldSize >= 0 ? Integer.toString(worldSize) : "world size") + ")";
        if (t.eventCount() < 0) return "rank " + r + ": negative event count " + t.eventCount();
        if (t.words() == null) return "rank " + r + ": no event words";
        long expected = (long) t.eventCount() * Event.WORDS;
        if (t.words().length != expected)
            return "rank " + r + ": " + t.eventCount() + " events need " + expected + " words, found " + t.words().length;
        String table = tableProblem(r, "communicator", t.comms(), c -> c.id());
        if (table == null) table = tableProblem(r, "datatype", t.datatypes(), d -> d.id());
        if (table == null) table = tableProblem(r, "reduction op", t.redops(), o -> o.id());
        if (table != null) return table;
        if (t.stats() == null) return "rank " + r + ": no statistics";
        String arrays = arraysProblem(r, t.arrays());
        if (arrays != null) return arrays;
        String own = ownArgumentsProblem(r, t.ownArguments());
        if (own != null) return own;
        String stacks = stackSummariesProblem(r, t.stackSummaries());
        if (stacks != null) return stacks;
        if (t.times() == null) return "rank " + r + ": no call times";
        String times = t.times().problem();
        if (times != null) return "rank " + r + ": " + times;
        long[] w = t.words();
        for (int i = 0; i < t.eventCount(); i++) {
            int b = RankTrace.base(i);
            int op = Event.opCode(w, b);
            if (Op.ofCode(op) == null) return "rank " + r + ": event " + i + " has unknown op code " + op;
            int site = Event.site(w, b);
            if (site < 0) return "rank " + r + ": event " + i + " names call site " + site;
        }
        return null;
    }

    /** A table of call arrays must hold each digest once, each made of its arrays. */
    private static String arraysProblem(int rank, List<CallArrays> arrays) {
        if (arrays == null) return "rank " + rank + ": no table of call arrays";
        Set<Long> seen = new HashSet<>();
        for (CallArrays a : arrays) {
            if (a == null) return "rank " + rank + ": a null entry in the table of call arrays";
            if (!seen.add(a.digest())) return "rank " + rank + ": call arrays " + Long.toHexString(a.digest()) + " listed twice";
            if (!a.consistent()) return "rank " + rank + ": call arrays " + Long.toHexString(a.digest()) + " do not hash to their digest";
        }
        return null;
    }

    /** Own arguments are runs of at least one call of an op whose arguments a rank keeps. */
    private static String ownArgumentsProblem(int rank, List<OwnArguments> own) {
        if (own == null) return "rank " + rank + ": no list of own arguments";
        for (OwnArguments a : own) {
            if (a == null) return "rank " + rank + ": a null entry in the own arguments";
            if (!OwnArguments.kept(a.op())) return "rank " + rank + ": own arguments of op code " + a.op() + ", which keeps none";
            if (a.repeat() < 1) return "rank " + rank + ": own arguments repeated " + a.repeat() + " times";
        }
        return null;
    }

    /** Stack summaries name each stack signature once, none with fewer than 0 calls or negative compute time, own values one per call. */
    private static String stackSummariesProblem(int rank, List<StackSummary> counts) {
        if (counts == null) return "rank " + rank + ": no list of stack summaries";
        Set<Long> seen = new HashSet<>();
        for (StackSummary c : counts) {
            if (c == null) return "rank " + rank + ": a null entry in the stack summaries";
            if (c.calls() < 0) return "rank " + rank + ": " + c.calls() + " calls counted for stack " + Long.toHexString(c.stack());
            if (c.computeNanos() < 0) return "rank " + rank + ": " + c.computeNanos() + " ns of compute counted for stack " + Long.toHexString(c.stack());
            if (!seen.add(c.stack())) return "rank " + rank + ": calls of stack " + Long.toHexString(c.stack()) + " counted twice";
            for (ValueSeq v : c.own().values())
                if (v.size() != c.calls())
                    return "rank " + rank + ": " + v.size() + " own values kept for the " + c.calls() + " calls of stack " + Long.toHexString(c.stack());
        }
        return null;
    }

    /** The first event whose site id is not in a table of {@code siteCount} sites. */
    public static String siteProblem(RankTrace t, int siteCount) {
        for (int i = 0; i < t.eventCount(); i++) {
            int site = Event.site(t.words(), RankTrace.base(i));
            if (site >= siteCount) return siteUseProblem(t.rank(), i, site, siteCount);
        }
        return null;
    }

    /** What is wrong with event {@code event} of the rank naming {@code site} of a table of {@code siteCount}. */
    public static String siteUseProblem(int rank, int event, int site, int siteCount) {
        return "rank " + rank + ": event " + event + " names call site " + site + ", the site table has " + siteCount;
    }

    /** Index of the (first) event naming the highest site id, or -1 when there are no events. */
    public static int eventWithHighestSite(RankTrace t) {
        int best = -1;
        int highest = Integer.MIN_VALUE;
        for (int i = 0; i < t.eventCount(); i++) {
            int site = Event.site(t.words(), RankTrace.base(i));
            if (site > highest) {
                highest = site;
                best = i;
            }
        }
        return best;
    }

    /** Sites are numbered by their position, which is how events name them. */
    public static String sitesProblem(List<CallSite> sites) {
        if (sites == null) return "no call-site table";
        for (int i = 0; i < sites.size(); i++) {
            CallSite s = sites.get(i);
            if (s == null) return "call site " + i + " missing";
            if (s.id() != i) return "call site at index " + i + " has id " + s.id();
        }
        return null;
    }

    /**
     * The call-path table on its own: no gaps, non-negative site ids (callers may also be
     * {@link CallPath#UNRECORDED}), one path per signature. Site ids are checked against a site table by
     * {@link #callPathSitesProblem}.
     */
    public static String callPathsProblem(List<CallPath> paths) {
        if (paths == null) return "no call-path table";
        Map<Long, Integer> seen = new HashMap<>();
        for (int i = 0; i < paths.size(); i++) {
            CallPath p = paths.get(i);
            if (p == null) return "call path " + i + " missing";
            if (p.callers() == null) return "call path " + i + " has no caller list";
            if (p.site() < 0) return "call path " + i + " names call site " + p.site();
            for (int c : p.callers())
                if (c < CallPath.UNRECORDED) return "call path " + i + " names caller site " + c;
            Integer first = seen.putIfAbsent(p.signature(), i);
            if (first != null) return "call paths " + first + " and " + i + " have the same signature " + hex(p.signature());
        }
        return null;
    }

    /** The first call path naming a site (its own or a caller's) outside a table of {@code siteCount} sites. */
    public static String callPathSitesProblem(List<CallPath> paths, int siteCount) {
        for (int i = 0; i < paths.size(); i++) {
            CallPath p = paths.get(i);
            int highest = p.site();
            for (int c : p.callers()) highest = Math.max(highest, c);
            if (highest >= siteCount)
                return "call path " + i + " names call site " + highest + ", the site table has " + siteCount;
        }
        return null;
    }

    /** The table by signature; call after {@link #callPathsProblem} found none. */
    public static Map<Long, CallPath> bySignature(List<CallPath> paths) {
        Map<Long, CallPath> m = new HashMap<>();
        for (CallPath p : paths) m.put(p.signature(), p);
        return m;
    }

    /**
     * When a trace has a call-path table, every event's stack signature must be in it, with the event's
     * own call site: otherwise the frames shown for the event would be another call's.
     */
    public static String stackProblem(RankTrace t, Map<Long, CallPath> paths) {
        long[] w = t.words();
        for (int i = 0; i < t.eventCount(); i++) {
            int b = RankTrace.base(i);
            String problem = stackUseProblem(paths.get(Event.stack(w, b)), Event.stack(w, b), Event.site(w, b));
            if (problem != null) return eventProblem(t.rank(), i, problem);
        }
        return null;
    }

    /** A problem of event {@code event} of the rank, for a message. */
    public static String eventProblem(int rank, int event, String problem) {
        return "rank " + rank + ": event " + event + " " + problem;
    }

    /** Whether one use of a signature (by an event naming {@code site}) agrees with its path, which may be null. */
    public static String stackUseProblem(CallPath path, long signature, int site) {
        if (path == null) return "has stack signature " + hex(signature) + ", missing from the call-path table";
        if (path.site() != site)
            return "names call site " + site + " but its stack signature " + hex(signature) + " stands for call site " + path.site();
        return null;
    }

    static String hex(long signature) {
        return "0x" + Long.toHexString(signature);
    }

    /** RankTrace's lookups index its tables by id, so each entry's id must be its position. */
    private static <T> String tableProblem(int rank, String what, List<T> table, ToIntFunction<T> id) {
        if (table == null) return "rank " + rank + ": no " + what + " table";
        if (table instanceof FoldedInfos) return null; // since version 23 a row's id is its index, by construction
        for (int i = 0; i < table.size(); i++) {
            T entry = table.get(i);
            if (entry == null) return "rank " + rank + ": " + what + " " + i + " missing";
            if (id.applyAsInt(entry) != i) return "rank " + rank + ": " + what + " at index " + i + " has id " + id.applyAsInt(entry);
        }
        return null;
    }
}
