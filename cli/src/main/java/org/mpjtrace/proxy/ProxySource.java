package org.mpjtrace.proxy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpjtrace.replay.CpuShare;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.global.GlobalEvent;
import org.mpjtrace.trace.global.GlobalLoop;
import org.mpjtrace.trace.global.GlobalNode;
import org.mpjtrace.trace.ranks.RankSet;

/**
 * Writes the proxy's main class from the merged trace of every rank's calls ({@link ProxyCalls}): per
 * thread a method that calls, in order, one method per run of top-level calls and one per top-level
 * loop, each named after the method most of its calls were made from; loops of the trace become
 * {@code for} loops, ranklists become {@code if (in(R3))} branches on rank classes, and each call is one
 * MPJ statement ({@link CallStatement}) under a comment giving where the program made it. The source
 * is as long as the compressed trace: a loop run 200 or 2,000 times is the same code.
 */
final class ProxySource {
    /** Statements a method holds before its nodes go to methods of their own (a method's code is at most 64 KB). */
    private static final int METHOD_NODES = 120;

    private final TraceFile trace;
    private final ProxyCalls calls;
    private final String className;
    private final ComputeMode compute;
    private final String traceName;
    private final Declarations decl = new Declarations();
    private final Tables tables;
    private final List<String> methods = new ArrayList<>();
    private final Map<String, Integer> methodNames = new HashMap<>();
    private final RankSet world;
    private boolean usesGaps;

    private ProxySource(TraceFile trace, ProxyCalls calls, String className, ComputeMode compute, String traceName) {
        this.trace = trace;
        this.calls = calls;
        this.className = className;
        this.compute = compute;
        this.traceName = traceName;
        this.tables = new Tables(trace);
        this.world = RankSet.range(0, trace.meta().worldSize(), 1);
    }

    static String write(TraceFile trace, ProxyCalls calls, String className, ComputeMode compute, String traceName, boolean buffersSends) {
        return new ProxySource(trace, calls, className, compute, traceName).source(buffersSends);
    }

    private String source(boolean buffersSends) {
        List<String> threadMethods = new ArrayList<>();
        for (int t = 0; t < calls.threads(); t++) threadMethods.addAll(threadMethod(t));
        List<String> tableMethods = tables.methods(decl); // before the declarations: it may add rank classes
        List<String> out = new ArrayList<>();
        out.add("import mpi.*;");
        out.add("");
        out.add("/**");
        String main = trace.meta().mainClass().isEmpty() ? "a program" : trace.meta().mainClass();
        out.add(" * A proxy of " + comment(main) + ", written by mpjtrace " + comment(trace.meta().tracerVersion()) + " proxy from " + comment(traceName));
        out.add(" * (mode " + trace.meta().mode() + ", " + trace.meta().worldSize() + " ranks on " + trace.meta().device() + "): every rank makes the");
        out.add(" * MPJ calls the traced run made, in order, with the same peers, tags, counts and datatypes, into");
        out.add(" * buffers of the same size. Computation between calls: " + compute.describe() + ".");
        out.add(" *");
        out.add(" * <p>Compile: javac -cp $MPJ_HOME/lib/mpj.jar *.java");
        out.add(" * <br>Run: mpjtrace run -np " + trace.meta().worldSize() + " -cp . " + className + " (or mpjrun.sh)");
        out.add(" */");
        out.add("public final class " + className + " extends ProxyKit {");
        for (String d : decl.lines()) out.add("    " + d);
        if (!decl.lines().isEmpty()) out.add("");
        out.add("    public static void main(String[] args) throws Exception {");
        out.add("        MPI.Init(args);");
        String gaps = usesGaps ? "\"" + className + ".gaps\"" : "null", turns = takesTurns() ? "\"" + className + ".turns\"" : "null";
        String ends = usesGaps && calls.ends() != null ? "\"" + className + ".ends\"" : "null";
        out.add("        if (!start(\"" + className + "\", " + trace.meta().worldSize() + ", " + calls.threads() + ", " + gaps + ", " + turns + ", "
                + ends + ")) {");
        out.add("            MPI.Finalize(); // another number of ranks than the trace's: rank 0 said so");
        out.add("            System.exit(2);");
        out.add("        }");
        if (compute != ComputeMode.NONE) {
            CpuShare.Bound b = CpuShare.bound(trace, 0);
            out.add("        tracedCores(" + b.ranksOnHost() + ", " + b.span() + "L, " + b.computation() + "L); // rank 0 traced: ranks on its host, span and computation (ns)");
        }
        if (buffersSends) out.add("        MPI.Buffer_attach(java.nio.ByteBuffer.allocateDirect(64 << 20));");
        for (int t = 1; t < calls.threads(); t++) out.add("        Thread t" + t + " = begin(" + t + ", " + className + "::thread" + t + ");");
        out.add("        thread0(new Calls(0));");
        for (int t = 1; t < calls.threads(); t++) out.add("        t" + t + ".join();");
        if (JobMeta.AT_FINALIZE.equals(trace.meta().ending())) {
            out.add("        MPI.Finalize();");
        } else {
            // The program's last calls are the trace's; so are the proxy's, and it ends the same way.
            out.add("        // The traced job ended by " + comment(trace.meta().ending()) + ": so does the proxy.");
            out.add("        System.exit(1);");
        }
        out.add("    }");
        for (String line : threadMethods) out.add(line.isEmpty() ? "" : "    " + line);
        for (String line : methods) out.add(line.isEmpty() ? "" : "    " + line);
        if (!tableMethods.isEmpty()) {
            out.add("");
            for (String line : tableMethods) out.add("    " + line);
        }
        out.add("}");
        return String.join("\n", out) + "\n";
    }

    /** Thread {@code t}'s method: the top-level runs of calls and loops it takes part in, in order. */
    private List<String> threadMethod(int t) {
        List<String> body = new ArrayList<>();
        List<GlobalNode> run = new ArrayList<>();
        for (GlobalNode n : calls.calls().nodes()) {
            if (!hasThread(n, t)) continue;
            if (n instanceof GlobalEvent) {
                run.add(n);
                continue;
            }
            flushRun(run, t, body);
            String name = method(t, (GlobalLoop) n);
            body.add(guarded(n.ranks(), world, name + "(c);"));
        }
        flushRun(run, t, body);
        List<String> out = new ArrayList<>();
        out.add("");
        out.add(t == 0 ? "/** The thread of each rank that called MPI.Init. */" : "/** Each rank's thread " + t + " (numbered in the order the rank started its threads). */");
        out.add("static void thread" + t + "(Calls c) throws Exception {");
        for (String line : body) out.add("    " + line);
        out.add("}");
        return out;
    }

    private void flushRun(List<GlobalNode> run, int t, List<String> body) {
        if (run.isEmpty()) return;
        if (run.stream().allMatch(n -> Op.ofCode(((GlobalEvent) n).op()) == Op.INIT)) {
            run.clear();
            return;
        }
        String name = newMethod(t, mostCommonMethod(run), false);
        List<String> lines = new ArrayList<>();
        nodes(run, world, t, 0, name, lines);
        addMethod(name, describe(run, null), lines);
        body.add(name + "(c);");
        run.clear();
    }

    private String method(int t, GlobalLoop loop) {
        String name = newMethod(t, mostCommonMethod(loop.body()), true);
        List<String> lines = new ArrayList<>();
        loop(loop, loop.ranks(), t, 0, name, lines);
        addMethod(name, describe(loop.body(), loop), lines);
        return name;
    }

    private void addMethod(String name, String javadoc, List<String> lines) {
        methods.add("");
        methods.add("/** " + javadoc + " */");
        methods.add("static void " + name + "(Calls c) throws Exception {");
        for (String l : lines) methods.add("    " + l);
        methods.add("}");
    }

    /** Emits {@code nodes} (those of thread t), each guarded by its ranks where they are fewer than {@code enclosing}. */
    private void nodes(List<GlobalNode> nodes, RankSet enclosing, int t, int depth, String method, List<String> out) {
        List<GlobalNode> mine = new ArrayList<>();
        for (GlobalNode n : nodes) if (hasThread(n, t)) mine.add(n);
        if (mine.size() > METHOD_NODES) {
            // Long bodies go to methods of their own, in order: they do not read the loop variables.
            for (int from = 0; from < mine.size(); from += METHOD_NODES) {
                String name = method + "Part" + methodNames.merge(method + "Part", 1, Integer::sum);
                List<String> lines = new ArrayList<>();
                nodes(mine.subList(from, Math.min(mine.size(), from + METHOD_NODES)), enclosing, t, 0, name, lines);
                addMethod(name, "Calls " + (from + 1) + " to " + Math.min(mine.size(), from + METHOD_NODES) + " of " + method + ".", lines);
                out.add(name + "(c);");
            }
            return;
        }
        int i = 0;
        while (i < mine.size()) {
            // Neighbours made by the same ranks share one branch.
            RankSet ranks = mine.get(i).ranks();
            int j = i;
            while (j < mine.size() && mine.get(j).ranks().equals(ranks)) j++;
            List<String> lines = new ArrayList<>();
            for (GlobalNode n : mine.subList(i, j)) {
                if (n instanceof GlobalEvent e) event(e, lines);
                else loop((GlobalLoop) n, ranks, t, depth, method, lines);
            }
            if (ranks.equals(enclosing) || lines.isEmpty()) {
                out.addAll(lines);
            } else {
                out.add("if (in(" + decl.ranks(ranks) + ")) { // " + plural(ranks.size(), "rank"));
                for (String l : lines) out.add("    " + l);
                out.add("}");
            }
            i = j;
        }
    }

    private void loop(GlobalLoop l, RankSet enclosing, int t, int depth, String method, List<String> out) {
        String v = depth < 3 ? String.valueOf((char) ('i' + depth)) : "i" + depth;
        Long count = Declarations.constant(l.counts());
        if (count != null) {
            out.add("for (" + (count > Integer.MAX_VALUE ? "long " : "int ") + v + " = 0; " + v + " < " + count + (count > Integer.MAX_VALUE ? "L" : "") + "; " + v + "++) {");
        } else {
            out.add("for (long " + v + " = 0, " + v + "End = " + decl.seq(l.counts()) + ".next(); " + v + " < " + v + "End; " + v + "++) {");
        }
        List<String> body = new ArrayList<>();
        nodes(l.body(), l.ranks(), t, depth + 1, method, body);
        for (String s : body) out.add("    " + s);
        out.add("}");
    }

    private void event(GlobalEvent e, List<String> out) {
        Op op = Op.ofCode(e.op());
        if (op == Op.INIT) return; // main's own
        CallSite site = trace.site(e.site());
        String where = comment(site == null ? "site " + e.site() : site.where());
        if (compute == ComputeMode.EXACT) {
            usesGaps = true;
            out.add("c.compute();");
        } else if (compute == ComputeMode.MEAN) {
            long mean = Math.round(e.compute().mean());
            if (mean > 0) out.add("compute(" + mean + ");");
        }
        if (op == Op.FINALIZE) {
            out.add("// " + where + ": MPI.Finalize, made by main once the rank's threads end");
            return;
        }
        out.add("// " + where);
        if (!takesTurns()) {
            out.addAll(CallStatement.of(e, decl, tables));
            return;
        }
        // Every call counts, so that each thread knows which of its calls take a turn on a shared communicator.
        out.add("c.turn();");
        out.addAll(CallStatement.of(e, decl, tables));
        out.add("c.turned();");
    }

    /** Whether some rank's threads took turns on a communicator they share, which the proxy then keeps (NAME.turns). */
    private boolean takesTurns() {
        return calls.turns() != null;
    }

    private String newMethod(int t, String base, boolean loop) {
        String name = (t == 0 ? "" : "t" + t + "_") + base + (loop ? "Loop" : "");
        int n = methodNames.merge(name, 1, Integer::sum);
        return name + n;
    }

    /** The method most of the calls were made from, as a Java identifier. */
    private String mostCommonMethod(List<GlobalNode> nodes) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        countMethods(nodes, counts);
        String best = "calls";
        int most = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() > most) {
                best = e.getKey();
                most = e.getValue();
            }
        }
        return identifier(best);
    }

    private void countMethods(List<GlobalNode> nodes, Map<String, Integer> counts) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) {
                CallSite s = trace.site(e.site());
                if (s != null && Op.ofCode(e.op()) != Op.INIT && Op.ofCode(e.op()) != Op.FINALIZE) counts.merge(s.methodName(), 1, Integer::sum);
            } else {
                countMethods(((GlobalLoop) n).body(), counts);
            }
        }
    }

    /** An ASCII Java identifier from a method's name: its letters, digits and underscores (a lambda$main$0 is lambdamain0). */
    static String identifier(String method) {
        StringBuilder b = new StringBuilder();
        for (char ch : method.toCharArray()) if (ch < 128 && Character.isLetterOrDigit(ch) || ch == '_') b.append(ch);
        String s = b.toString();
        if (s.isEmpty() || Character.isDigit(s.charAt(0))) s = "m" + s;
        return s;
    }

    /**
     * Text from the trace made safe inside a comment: printable ASCII only (javac reads sources in the
     * platform's encoding), no backslash (javac turns a unicode escape into its character even in a
     * comment, a line break among them) and no end of comment, so a hostile trace cannot put code in the proxy.
     */
    static String comment(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (char ch : text.toCharArray()) b.append(ch >= 0x20 && ch < 0x7f && ch != '\\' ? ch : '?');
        return b.toString().replace("*/", "*?");
    }

    /** The javadoc line of a method: where its calls were made, and how often a loop runs. */
    private String describe(List<GlobalNode> nodes, GlobalLoop loop) {
        List<String> sites = new ArrayList<>();
        collectSites(nodes, sites);
        StringBuilder b = new StringBuilder();
        if (loop != null) {
            Long count = Declarations.constant(loop.counts());
            b.append(count != null ? "A loop run " + count + (count == 1 ? " time" : " times") : "A loop run as often as each rank ran it").append(", of calls from ");
        } else {
            b.append("Calls from ");
        }
        int shown = Math.min(4, sites.size());
        b.append(String.join(", ", sites.subList(0, shown)));
        if (sites.size() > shown) b.append(" and ").append(sites.size() - shown).append(" more sites");
        return comment(b.append('.').toString());
    }

    private void collectSites(List<GlobalNode> nodes, List<String> sites) {
        for (GlobalNode n : nodes) {
            if (n instanceof GlobalEvent e) {
                CallSite s = trace.site(e.site());
                String w = s == null ? "site " + e.site() : s.where();
                if (!sites.contains(w)) sites.add(w);
            } else {
                collectSites(((GlobalLoop) n).body(), sites);
            }
        }
    }

    private static boolean hasThread(GlobalNode n, int t) {
        if (n instanceof GlobalEvent e) return e.thread() == t;
        for (GlobalNode b : ((GlobalLoop) n).body()) if (hasThread(b, t)) return true;
        return false;
    }

    private String guarded(RankSet ranks, RankSet enclosing, String statement) {
        return ranks.equals(enclosing) ? statement : "if (in(" + decl.ranks(ranks) + ")) " + statement;
    }

    private static String plural(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
