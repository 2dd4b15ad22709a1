package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.frame.ByteSource;
import org.mpjtrace.trace.io.frame.FileByteSource;
import org.mpjtrace.trace.io.frame.Layout;

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

    static TraceFile read(ByteSource source, String label) throws TraceFormatException, IOException {
        int version = Preamble.check(source, label, Layout.FILE_MAGIC, "file", Layout.OLDEST_READ);
        SectionScanner scanner = new SectionScanner(source, label);
        TraceAssembler assembler = new TraceAssembler(label);
        Kryo kryo = TraceKryo.create(version);
        while (!assembler.ended()) {
            if (scanner.atEnd())
                throw new TraceFormatException(label + ": truncated: file ends at offset " + scanner.position() + " after "
                        + scanner.count() + " sections, without END");
            SectionScanner.Section section = scanner.next();
            assembler.accept(section.ref(), section.kind(), SectionDecoder.decode(kryo, label, section));
        }
        if (!scanner.atEnd())
            throw new TraceFormatException(label + ": corrupt: " + (source.size() - scanner.position())
                    + " bytes after END, from offset " + scanner.position());
        return assembler.result();
    }
}
