package org.mpjtrace.trace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpjtrace.trace.io.frame.BlockInputStream;
import org.mpjtrace.trace.io.frame.BlockOutputStream;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.value.Strings;

/**
 * Lengths in a file that promise far more data than the file holds (issue 29, item 2): a reader must
 * refuse them in one line before allocating for them, whatever heap it has, so the tests measure what
 * the reading thread allocated rather than wait for an OutOfMemoryError.
 */
class HostileLengthsTest {
    /** Far more than reading any of these small files needs, far less than what their lengths promise. */
    private static final long MAX_ALLOCATION = 16L << 20;
    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @TempDir
    Path dir;

    /** The refusal of {@code bytes}, checked to have cost at most {@link #MAX_ALLOCATION}. */
    private String refusal(byte[] bytes) throws Exception {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        String m = TraceSamples.readFailure(dir.resolve("hostile.mpjt"), bytes);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < MAX_ALLOCATION, "reading " + bytes.length + " bytes allocated " + allocated + " bytes: " + m);
        return m;
    }

    /**
     * A 13.5 kB file whose RANK section holds one honest block (a rank with 40 million events) followed
     * by 1500 blocks of 1 packed byte that each declare a full 1 MiB raw: 1.5 GB of data if believed,
     * enough to back the event count, whose words would take 3.8 GB.
     */
    private static byte[] fortyMillionEventsBackedByEmptyBlocks() {
        BlockOutputStream honest = new BlockOutputStream(0);
        Output head = new Output(honest, 256);
        head.writeVarInt(TraceKryo.RANK_TRACE, true);
        head.writeVarInt(0, false);
        Strings.write(head, "h");
        head.writeLong(0);
        head.writeVarInt(40_000_000, true);
        head.flush();
        honest.finish();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(honest.array(), 0, honest.size());
        for (int i = 0; i < 1500; i++) body.writeBytes(ByteBuffer.allocate(9).putInt(Layout.MAX_BLOCK_RAW).putInt(1).put((byte) 0).array());
        return new FileForge().section(SectionKind.META, TraceSamples.meta(3)).body(SectionKind.RANK.code, body.toByteArray()).toByteArray();
    }

    @Test
    void blocksDeclaringMoreThanLz4CanGiveAreRefusedBeforeAnythingIsAllocatedForThem() throws Exception {
        byte[] hostile = fortyMillionEventsBackedByEmptyBlocks();
        assertTrue(hostile.length < 14_000, hostile.length + " bytes");
        TraceSamples.assertContains(refusal(hostile), "corrupt section 1 (RANK) at offset ",
                ": block at body offset ", " declares 1048576 raw bytes from 1 packed bytes (LZ4 gives at most 255 per packed byte)");
    }

    @Test
    void theMostCompressibleBlockTheWriterMakesIsWithinTheRatio() throws Exception {
        BlockOutputStream blocks = new BlockOutputStream(0);
        blocks.write(new byte[Layout.MAX_BLOCK_RAW], 0, Layout.MAX_BLOCK_RAW);
        blocks.finish();
        try (BlockInputStream in = new BlockInputStream(ByteBuffer.wrap(blocks.array(), 0, blocks.size()))) {
            assertEquals(Layout.MAX_BLOCK_RAW, in.rawTotal());
            assertEquals(Layout.MAX_BLOCK_RAW, in.readAllBytes().length);
        }
    }

    @Test
    void aStringLongerThanAnyNameOrOptionIsRefusedWhateverTheBytesLeft() throws Exception {
        FileForge meta = new FileForge().raw(SectionKind.META.code, out -> {
            out.writeVarInt(TraceKryo.JOB_META, true);
            out.writeVarInt((2 << 20) + 1, true);
            out.writeBytes(new byte[2 << 20]); // the bytes are there: only the maximum refuses it
        });
        TraceSamples.assertContains(refusal(meta.toByteArray()), "corrupt section 0 (META) at offset 12: string of 2097152 bytes, over the 1048576 allowed");
    }

    @Test
    void aWorldOfMoreThanAMillionRanksIsRefused() throws Exception {
        byte[] meta = new FileForge().section(SectionKind.META, TraceSamples.meta((1 << 20) + 1)).toByteArray();
        TraceSamples.assertContains(refusal(meta), "corrupt section 0 (META) at offset 12: world size 1048577 is over the 1048576 ranks a trace may have");
    }
}
