package org.mpjtrace.trace.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.mpjtrace.trace.io.frame.ArrayByteSource;
import org.mpjtrace.trace.io.frame.ByteSource;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.rules.TraceRules;

/**
 * Encodes what a rank sends to rank 0 at the end of a job: magic, version and one PAYLOAD section,
 * with the same serializers, LZ4 blocks and checksum as trace files. Decoding checks as much as the
 * file reader does, and names the source "payload" in its messages.
 */
public final class PayloadCodec {
    private static final String LABEL = "payload";

    private PayloadCodec() {}

    /** @throws IllegalArgumentException for a payload a reader would reject (see {@link TraceRules}) */
    public static byte[] encode(RankPayload payload) {
        String problem = problem(payload);
        if (problem != null) throw new IllegalArgumentException(problem);
        ByteBuffer section = SectionEncoder.encode(TraceKryo.forThread(), SectionKind.PAYLOAD, payload);
        byte[] bytes = new byte[Layout.PREAMBLE_BYTES + section.remaining()];
        System.arraycopy(Preamble.bytes(Layout.PAYLOAD_MAGIC), 0, bytes, 0, Layout.PREAMBLE_BYTES);
        section.get(bytes, Layout.PREAMBLE_BYTES, section.remaining());
        return bytes;
    }

    public static RankPayload decode(byte[] bytes) throws TraceFormatException {
        if (bytes == null) throw new TraceFormatException(LABEL + ": no bytes");
        try {
            ByteSource source = new ArrayByteSource(bytes);
            Preamble.check(source, LABEL, Layout.PAYLOAD_MAGIC, "payload");
            SectionScanner scanner = new SectionScanner(source, LABEL);
            if (scanner.atEnd()) throw new TraceFormatException(LABEL + ": truncated: no section after the header");
            SectionScanner.Section section = scanner.next();
            if (section.kind() != SectionKind.PAYLOAD)
                throw TraceFormatException.corrupt(LABEL, section.ref(), "a payload holds a PAYLOAD section");
            RankPayload payload = (RankPayload) SectionDecoder.decode(TraceKryo.forThread(), LABEL, section);
            if (!scanner.atEnd())
                throw new TraceFormatException(LABEL + ": corrupt: " + (bytes.length - scanner.position())
                        + " bytes after the payload, from offset " + scanner.position());
            String problem = problem(payload);
            if (problem != null) throw TraceFormatException.corrupt(LABEL, section.ref(), problem);
            return payload;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // bytes in memory: reading them cannot fail
        }
    }

    private static String problem(RankPayload payload) {
        if (payload == null) return "no payload";
        String problem = TraceRules.rankProblem(payload.trace(), -1);
        if (problem == null) problem = TraceRules.sitesProblem(payload.sites());
        if (problem == null) problem = TraceRules.siteProblem(payload.trace(), payload.sites().size());
        if (problem == null) problem = TraceRules.callPathsProblem(payload.callPaths());
        if (problem == null) problem = TraceRules.callPathSitesProblem(payload.callPaths(), payload.sites().size());
        // An empty table is a job without calling context (or a rank with no events to explain).
        if (problem == null && !payload.callPaths().isEmpty())
            problem = TraceRules.stackProblem(payload.trace(), TraceRules.bySignature(payload.callPaths()));
        return problem;
    }
}
