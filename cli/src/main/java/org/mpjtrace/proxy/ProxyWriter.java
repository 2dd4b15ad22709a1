package org.mpjtrace.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import javax.lang.model.SourceVersion;
import org.mpjtrace.replay.ReplayException;
import org.mpjtrace.replay.Replayability;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.TimingMode;
import org.mpjtrace.trace.TraceFile;

/**
 * {@code mpjtrace proxy}'s work: a trace turned into the source of an MPJ program that makes the same
 * calls ({@link ProxySource}), written beside the helper every proxy shares ({@code ProxyKit.java}) and,
 * with {@code --compute exact}, the recorded gaps ({@code NAME.gaps}); where a rank's threads took turns on a
 * communicator and the trace kept their times, those turns ({@code NAME.turns}); with the gaps, where a thread
 * waited for another thread's end (a join), those waits ({@code NAME.ends}). Everything is made in memory
 * first and checked ({@link Expressibility}); the files are then each written under a temporary name and
 * renamed, so a trace the proxy cannot express leaves the folder as it was.
 */
public final class ProxyWriter {
    /** What was written. */
    public record Written(List<Path> files, int sourceLines, long sourceBytes, long calls) {}

    /** The trace or the arguments do not allow a proxy; the message says why in one line. */
    public static final class ProxyException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProxyException(String message) {
            super(message);
        }
    }

    private ProxyWriter() {}

    /** The default class name: the traced main class's simple name and "Proxy". */
    public static String defaultClassName(TraceFile trace) {
        String main = trace.meta().mainClass();
        String simple = main.substring(main.lastIndexOf('.') + 1);
        String name = ProxySource.identifier(simple.isEmpty() ? "Mpj" : simple) + "Proxy";
        return SourceVersion.isName(name) ? name : "MpjProxy";
    }

    /** @throws ProxyException when the class name is no Java name or the trace holds what a proxy cannot express */
    public static Written write(TraceFile trace, String traceName, Path dir, String className, ComputeMode compute,
                                IntConsumer rankDone) throws IOException {
        if (!SourceVersion.isName(className) || className.contains("."))
            throw new ProxyException("--class " + className + " is not a Java class name (a simple name, no package)");
        if (className.equals("ProxyKit")) throw new ProxyException("--class ProxyKit is the name of the proxy's helper class; choose another");
        if (compute == ComputeMode.EXACT && !keepsEachTime(trace))
            throw new ProxyException("--compute exact needs each call's time: a trace of mode dump, or of mode full with timing=lossless "
                    + "or lossy (this one keeps histograms; use --compute mean)");
        ProxyCalls calls;
        try {
            calls = ProxyCalls.of(trace, compute == ComputeMode.EXACT, rankDone);
        } catch (ReplayException | IllegalStateException e) {
            throw new ProxyException("cannot rebuild the ranks' calls: " + e.getMessage());
        }
        String problem = Expressibility.problem(trace, calls.calls().nodes());
        if (problem != null) throw new ProxyException(problem);
        String source = ProxySource.write(trace, calls, className, compute, traceName, Replayability.buffersSends(trace));
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(className + ".java", source.getBytes(StandardCharsets.UTF_8));
        files.put("ProxyKit.java", kit());
        if (compute == ComputeMode.EXACT) files.put(className + ".gaps", gaps(calls.gaps()));
        if (calls.turns() != null) files.put(className + ".turns", turns(calls.turns()));
        if (calls.ends() != null) files.put(className + ".ends", turns(calls.ends()));
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) written.add(writeWhole(dir.resolve(f.getKey()), f.getValue()));
        long lines = source.chars().filter(c -> c == '\n').count();
        return new Written(written, (int) lines, files.get(className + ".java").length, calls.calls().calls());
    }

    /** Whether the trace kept every call's own times: a dump's records, or a compressed trace's lossless or lossy times. */
    private static boolean keepsEachTime(TraceFile trace) {
        if (trace.global() == null) return true;
        TimingMode timing = TimingMode.of(trace.meta().agentOptions().getOrDefault(AgentKeys.TIMING, ""));
        return timing != null && timing.keepsEachCall();
    }

    private static byte[] kit() throws IOException {
        try (InputStream in = ProxyWriter.class.getResourceAsStream("ProxyKit.java")) {
            if (in == null) throw new IOException("ProxyKit.java is missing from mpjtrace's jar");
            return in.readAllBytes();
        }
    }

    /** Rank after rank: its threads, then per thread its gaps' count and the gaps, each an unsigned LEB128 varlong. */
    static byte[] gaps(long[][][] gaps) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long[][] rank : gaps) {
            varlong(out, rank.length);
            for (long[] thread : rank) {
                varlong(out, thread.length);
                for (long g : thread) varlong(out, Math.max(0, g));
            }
        }
        return out.toByteArray();
    }

    /**
     * Rank after rank, its numbers ({@link ProxyCalls#turns}, {@link ProxyCalls#ends}; a rank with none: a single 0),
     * each an unsigned LEB128 varlong.
     */
    static byte[] turns(long[][] turns) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long[] rank : turns) {
            if (rank == null) varlong(out, 0);
            else for (long v : rank) varlong(out, v);
        }
        return out.toByteArray();
    }

    private static void varlong(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7fL) != 0) {
            out.write((int) (v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** A temporary file is made readable by its owner alone; the proxy's files are read like any source. */
    private static void readableByAll(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException notPosix) {
            // Other file systems keep their defaults.
        }
    }

    private static Path writeWhole(Path target, byte[] bytes) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
        try {
            Files.write(tmp, bytes);
            readableByAll(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }
}
