package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpjtrace.trace.AgentKeys;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Event;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.TimingMode;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.global.SitePruning;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.rules.GlobalRules;
import org.mpjtrace.trace.io.rules.TraceRules;
import org.mpjtrace.trace.io.serial.GlobalTraceSerializer;
import org.mpjtrace.trace.io.serial.RankTable;

/**
 * Writes one trace file: {@link #create} (header and META), {@link #writeRank} per rank in any order
 * (a rank that keeps calls of its own gets a RANK section at once; the others, in the compressed modes
 * a few dozen bytes each, wait for commit to go into one RANK_TABLE section, see {@link RankTable}),
 * {@link #writeSites} once, {@link #writeGlobal} and {@link #writeCallPaths} (traces with calling context)
 * at most once, then {@link #commit}. The global trace and the two tables are checked when given and
 * written at commit, so that when no rank keeps events the site table can be cut to the sites the trace
 * names ({@link SitePruning}). Everything goes to a temp file of the writer's own beside the target (a random
 * name, created new), which commit forces to disk and renames over the target in one step: readers see
 * the old file or the whole new one, never a part; two jobs writing one target each publish a whole
 * file, the last one's; a symlink at either name is replaced, never followed. Without commit, {@link #close} deletes the temp file and leaves the
 * target as it was.
 *
 * <p>The writer refuses (IllegalArgumentException, nothing written) what the reader would reject: a
 * rank twice or outside the world, words that do not match the event count, an unknown op code, a
 * site id outside the table, a call path naming a site outside the table, an event (of a rank or of
 * the global trace) whose stack signature the call-path table does not explain (whichever of the two
 * is written first). Not
 * thread-safe: one thread writes a file.
 */
public final class TraceWriter implements Closeable {
    private final Path file;
    private final Path temp;
    private final FileChannel channel;
    private final int worldSize;
    private static final SecureRandom RANDOM = new SecureRandom();
    private final Kryo kryo;
    private final BitSet ranksWritten = new BitSet();
    /** The ranks that keep no calls of their own, by rank, for the RANK_TABLE that commit writes. */
    private final TreeMap<Integer, RankTrace> tableRanks = new TreeMap<>();
    private int sections;
    private int siteCount = -1;
    /** The call-site table once given; written at commit. */
    private List<CallSite> siteList;
    /** The event naming the highest site id so far, to check against the table whichever comes first. */
    private String highestSiteUse;
    private int highestSite = -1;
    /** Signatures of the ranks written while no call-path table is, to check one written later. */
    private final StackUses stackUses = new StackUses();
    /** The call-path table by signature once written, else null. */
    private Map<Long, CallPath> callPaths;
    /** The global trace once written, else null: a call-path table written later must explain its stacks. */
    private GlobalTrace global;
    private boolean markersWritten;
    private List<CallPath> callPathList;
    private boolean broken;
    private boolean committed;
    private boolean closed;

    private TraceWriter(Path file, Path temp, FileChannel channel, JobMeta meta) {
        // timing=aggregate: the global trace's histograms go without their quantiles.
        boolean aggregate = meta.agentOptions() != null && TimingMode.AGGREGATE.key.equals(meta.agentOptions().get(AgentKeys.TIMING));
        this.kryo = aggregate ? TraceKryo.createAggregate() : TraceKryo.create();
        int worldSize = meta.worldSize();
        this.file = file;
        this.temp = temp;
        this.channel = channel;
        this.worldSize = worldSize;
    }

    /** Starts writing {@code file} via a temp file of its own beside it; writes header and META. */
    public static TraceWriter create(Path file, JobMeta meta) throws IOException {
        String problem = TraceRules.metaProblem(meta);
        if (problem != null) throw new IllegalArgumentException(problem);
        Path temp = null;
        FileChannel channel = null;
        for (int attempt = 0; channel == null; attempt++) {
            temp = tempBeside(file);
            try {
                channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 9) throw e;
            }
        }
        TraceWriter writer = new TraceWriter(file, temp, channel, meta);
        try {
            writer.append(ByteBuffer.wrap(Preamble.bytes(Layout.FILE_MAGIC)));
            writer.writeSection(SectionKind.META, meta);
        } catch (IOException | RuntimeException | Error e) {
            writer.close();
            throw e;
        }
        return writer;
    }

    /** Appends one RANK section. */
    public void writeRank(RankTrace rank) throws IOException {
        checkWritable();
        String problem = TraceRules.rankProblem(rank, worldSize);
        if (problem != null) throw new IllegalArgumentException(problem);
        if (ranksWritten.get(rank.rank())) throw new IllegalArgumentException("rank " + rank.rank() + " written twice");
        int highest = TraceRules.eventWithHighestSite(rank);
        if (siteCount >= 0) {
            String siteProblem = TraceRules.siteProblem(rank, siteCount);
            if (siteProblem != null) throw new IllegalArgumentException(siteProblem);
        }
        if (callPaths != null) {
            String stackProblem = TraceRules.stackProblem(rank, callPaths);
            if (stackProblem != null) throw new IllegalArgumentException(stackProblem);
        }
        if (rank.eventCount() == 0 && rank.times().isEmpty()) tableRanks.put(rank.rank(), rank);
        else writeSection(SectionKind.RANK, rank);
        ranksWritten.set(rank.rank());
        if (callPaths == null) stackUses.record(rank);
        if (highest >= 0) {
            int site = Event.site(rank.words(), RankTrace.base(highest));
            if (site > highestSite) {
                highestSite = site;
                highestSiteUse = "rank " + rank.rank() + ": event " + highest + " names call site " + site;
            }
        }
    }

    /** Gives the call-site table the ranks' site ids refer to (written at commit). Once per file. */
    public void writeSites(List<CallSite> sites) throws IOException {
        checkWritable();
        if (siteCount >= 0) throw new IllegalStateException("call-site table already written");
        String problem = TraceRules.sitesProblem(sites);
        if (problem != null) throw new IllegalArgumentException(problem);
        if (highestSite >= sites.size())
            throw new IllegalArgumentException(highestSiteUse + ", the site table has " + sites.size());
        if (callPathList != null) {
            String pathProblem = TraceRules.callPathSitesProblem(callPathList, sites.size());
            if (pathProblem != null) throw new IllegalArgumentException(pathProblem);
        }
        if (global != null) {
            String globalProblem = GlobalRules.sitesProblem(global, sites.size());
            if (globalProblem != null) throw new IllegalArgumentException(globalProblem);
        }
        siteList = List.copyOf(sites);
        siteCount = sites.size();
    }

    /** Gives the loop-compressed trace of all ranks (written at commit, its sites renumbered if the table is cut). At most once per file. */
    public void writeGlobal(GlobalTrace global) throws IOException {
        checkWritable();
        if (this.global != null) throw new IllegalStateException("global trace already written");
        if (!global.ranks().isEmpty() && global.ranks().max() >= worldSize)
            throw new IllegalArgumentException("global trace names rank " + global.ranks().max() + " of a " + worldSize + "-rank job");
        String shapeProblem = GlobalRules.shapeProblem(global);
        if (shapeProblem != null) throw new IllegalArgumentException(shapeProblem);
        if (siteCount >= 0) {
            String siteProblem = GlobalRules.sitesProblem(global, siteCount);
            if (siteProblem != null) throw new IllegalArgumentException(siteProblem);
        }
        // As the reader: an empty table (every call straight from its site) explains the global trace's stacks.
        if (callPaths != null && !callPaths.isEmpty()) {
            String stackProblem = GlobalRules.stacksProblem(global, callPaths);
            if (stackProblem != null) throw new IllegalArgumentException(stackProblem);
        }
        this.global = global;
    }

    /** Appends the MARKERS section: mode chameleon's clustering history. At most once per file. */
    public void writeMarkers(MarkerLog markers) throws IOException {
        checkWritable();
        if (markersWritten) throw new IllegalStateException("marker log already written");
        if (markers.worldSize() != worldSize)
            throw new IllegalArgumentException("marker log of " + markers.worldSize() + " ranks in a " + worldSize + "-rank job");
        writeSection(SectionKind.MARKERS, markers);
        markersWritten = true;
    }

    /**
     * Gives the call-path table (written at commit): what each stack signature of the events stands for. At
     * most once per file; a trace without one has no calling context.
     */
    public void writeCallPaths(List<CallPath> paths) throws IOException {
        checkWritable();
        if (callPaths != null) throw new IllegalStateException("call-path table already written");
        String problem = TraceRules.callPathsProblem(paths);
        if (problem == null && siteCount >= 0) problem = TraceRules.callPathSitesProblem(paths, siteCount);
        Map<Long, CallPath> bySignature = problem == null ? TraceRules.bySignature(paths) : null;
        if (problem == null) problem = stackUses.problem(bySignature);
        if (problem == null && global != null && !paths.isEmpty()) problem = GlobalRules.stacksProblem(global, bySignature);
        if (problem != null) throw new IllegalArgumentException(problem);
        callPaths = bySignature;
        callPathList = List.copyOf(paths);
    }

    /**
     * Writes what waited for the end (the global trace, the call-site table and the call-path table, cut to
     * the sites the trace names when no rank keeps events of its own, see {@link SitePruning}; the
     * RANK_TABLE) and END, forces to disk, atomically renames the temp file over {@code file}.
     */
    public void commit() throws IOException {
        checkWritable();
        if (siteCount < 0) throw new IllegalStateException("no call-site table written");
        GlobalTrace g = global;
        List<CallSite> sites = siteList;
        List<CallPath> paths = callPathList;
        if (highestSite < 0) { // no rank's events name a site: the table can lose what the trace never names
            SitePruning.Pruned pruned = SitePruning.prune(sites, g, paths);
            g = pruned.global();
            sites = pruned.sites();
            paths = pruned.callPaths();
        }
        // Encoded in memory first, all of them: a failure there leaves the file as it was and commit can be tried again.
        // The site table first: the global trace leaves out each stack that is its site's own, and a reader
        // takes those from the table it has read (GlobalTraceSerializer.SITE_STACKS).
        List<ByteBuffer> pending = new ArrayList<>();
        pending.add(SectionEncoder.encodeForFile(kryo, SectionKind.SITES, new SiteTable(sites)));
        if (g != null) {
            kryo.getContext().put(GlobalTraceSerializer.SITE_STACKS, SiteTable.stacks(sites));
            try {
                pending.add(SectionEncoder.encodeForFile(kryo, SectionKind.GLOBAL, g));
            } finally {
                kryo.getContext().remove(GlobalTraceSerializer.SITE_STACKS);
            }
        }
        if (paths != null) pending.add(SectionEncoder.encodeForFile(kryo, SectionKind.CALL_PATHS, CallPathTable.of(paths, sites)));
        if (!tableRanks.isEmpty()) pending.add(SectionEncoder.encodeForFile(kryo, SectionKind.RANK_TABLE, new RankTable(List.copyOf(tableRanks.values()))));
        try {
            for (ByteBuffer section : pending) {
                append(section);
                sections++;
            }
            writeSection(SectionKind.END, new EndMark(sections));
            channel.force(true);
            channel.close();
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException | Error e) {
            broken = true; // part of the end may be written: another try would append it twice
            throw e;
        }
        committed = true;
        syncDirectory();
    }

    /** Without commit: deletes the temp file; an existing {@code file} is left untouched. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        if (committed) return;
        try {
            channel.close();
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * A temp name no other writer uses: {@code <file>.<random>.tmp} in the target's folder (so the
     * rename stays on one file system). Created with create-new semantics, which never follows a
     * symlink planted there, nor opens another job's temp file writing the same target.
     */
    static Path tempBeside(Path file) {
        return file.resolveSibling(file.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
    }

    /** The temp file this writer writes, until commit renames it. */
    Path temp() {
        return temp;
    }

    private void checkWritable() {
        if (closed || committed) throw new IllegalStateException("trace writer for " + file + " already " + (committed ? "committed" : "closed"));
        if (broken) throw new IllegalStateException("an earlier write to " + temp + " failed; the file cannot be committed");
    }

    private void writeSection(SectionKind kind, Object value) throws IOException {
        // Encoded in memory first: a failure there leaves the file as it was and the writer usable.
        append(SectionEncoder.encodeForFile(kryo, kind, value));
        sections++;
    }

    private void append(ByteBuffer bytes) throws IOException {
        try {
            while (bytes.hasRemaining()) channel.write(bytes);
        } catch (IOException | RuntimeException | Error e) {
            broken = true; // part of a section may be on disk: committing now would publish a corrupt file
            throw e;
        }
    }

    /** Makes the rename itself durable. Best effort: not every platform lets a directory be forced. */
    private void syncDirectory() {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null) return;
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | RuntimeException e) {
            // The file is complete and in place; only its survival across a power cut is less certain.
        }
    }
}
