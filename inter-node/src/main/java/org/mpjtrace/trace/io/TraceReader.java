package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.frame.ByteSource;
import org.mpjtrace.trace.io.frame.FileByteSource;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.serial.GlobalTraceSerializer;

/**
 * Reads a trace file, checking all of it. A file that is empty, truncated, damaged or not a version-1
 * mpjtrace file gives a {@link TraceFormatException} whose message is one line naming the file, the
 * section and byte offset, and the problem; failing to read the file at all is an IOException.
 */
public final class TraceReader {

    private TraceReader() {}

    public static TraceFile read(Path file) throws TraceFormatException, IOException {
        String label = file.toString();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return read(new FileByteSource(channel), label);
        }
    }

    /**
     * As {@link #read}, checking all of it the same way, but keeping each rank's section as the file
     * holds it and decoding a rank when {@link TraceFile#ranks()} or {@link TraceFile#rank} is asked for
     * it (each time): for commands that stream the ranks one at a time (export, decode --format jsonl),
     * so that a trace larger than the heap's share for records still goes through. Each rank is
     * decoded once while opening, for its own rules; what the site and stack rules need of it (they need
     * tables written after it) is kept aside then ({@link RankUses}).
     */
    public static TraceFile open(Path file) throws TraceFormatException, IOException {
        String label = file.toString();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return read(new FileByteSource(channel), label, true);
        }
    }

    /**
     * The bytes each kind of section takes in the file, its header included, in the order the kinds first
     * appear (RANK: all ranks' sections together), the preamble under {@code PREAMBLE}. Only the headers are
     * read and checked against the file's size, no body: for a file {@link #read} has taken, to say where its
     * bytes go without reading a large one twice.
     */
    public static Map<String, Long> sectionBytes(Path file) throws TraceFormatException, IOException {
        String label = file.toString();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteSource source = new FileByteSource(channel);
            Preamble.check(source, label, Layout.FILE_MAGIC, "file", Layout.OLDEST_READ);
            Map<String, Long> bytes = new LinkedHashMap<>();
            bytes.put("PREAMBLE", (long) Layout.PREAMBLE_BYTES);
            SectionScanner scanner = new SectionScanner(source, label);
            while (!scanner.atEnd()) {
                long at = scanner.position();
                SectionKind kind = scanner.skip();
                bytes.merge(kind.name(), scanner.position() - at, Long::sum);
            }
            return bytes;
        }
    }

    static TraceFile read(ByteSource source, String label) throws TraceFormatException, IOException {
        return read(source, label, false);
    }

    private static TraceFile read(ByteSource source, String label, boolean lazy) throws TraceFormatException, IOException {
        int version = Preamble.check(source, label, Layout.FILE_MAGIC, "file", Layout.OLDEST_READ);
        SectionScanner scanner = new SectionScanner(source, label);
        TraceAssembler assembler = new TraceAssembler(label, version, lazy);
        Kryo kryo = TraceKryo.create(version);
        while (!assembler.ended()) {
            if (scanner.atEnd())
                throw new TraceFormatException(label + ": truncated: file ends at offset " + scanner.position() + " after "
                        + scanner.count() + " sections, without END");
            SectionScanner.Section section = scanner.next();
            assembler.expect(section);
            assembler.accept(section, SectionDecoder.decode(kryo, label, section));
            // A global trace after it takes the stacks that are their sites' own from the site table.
            if (section.kind() == SectionKind.SITES)
                kryo.getContext().put(GlobalTraceSerializer.SITE_STACKS, SiteTable.stacks(assembler.sites()));
        }
        if (!scanner.atEnd())
            throw new TraceFormatException(label + ": corrupt: " + (source.size() - scanner.position())
                    + " bytes after END, from offset " + scanner.position());
        return assembler.result();
    }
}
