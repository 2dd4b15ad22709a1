package org.mpjtrace.trace.io.frame;

import java.nio.charset.StandardCharsets;

/** Sizes and magic numbers of the file format (the picture is in package-info). */
public final class Layout {
    public static final byte[] FILE_MAGIC = "MPJTRACE".getBytes(StandardCharsets.US_ASCII);
    public static final byte[] PAYLOAD_MAGIC = "MPJTPAYL".getBytes(StandardCharsets.US_ASCII);
    public static final int VERSION = 23;
    /**
     * The oldest file format the reader still takes: version 22 writes each row of a rank's communicator,
     * datatype and reduction-op tables (RankTraceSerializer, RankTableSerializer; since, FoldedInfosIo), version 21 keeps no rank's own communicators per stack
     * where they varied (StackSummary), version 20 writes no block deflated (DEFLATED_BLOCK), every stack of the global trace (GlobalTraceSerializer) and the marker log's Call-Paths, dests and reasons in full (MarkerLogSerializer), version 19 writes every rank set of the global trace, each compressed-mode rank's clock and exact set-up time, and every site's and call path's signature (GlobalTraceSerializer, RankTableSerializer, CallSiteSerializer, CallPathTableSerializer), version 18 stores no block uncompressed (STORED_BLOCK), version 17 does not say where among rank 0's calls a marker fell (MarkerRecord), version 16 does not say whether a marker auto choice is each rank's own loop (MarkerChoice), version 15 records no attach time (JobMeta), version 14 keeps no rank's own peers and tags per
     * stack where they varied (StackSummary), version 13 has every rank in a RANK section of its own (no
     * RANK_TABLE), version 12 keeps no epsilon of the calls' own times (they are exact),
     * version 11 no call's own times beside a compressed trace
     * (RankTrace.times, timing=lossless), version 10 no marker auto choices (MarkerLog), version 9 keeps no request ids of the array calls
     * (see Event, COMPLETION: a replay finds their requests by a digest of the ids), version 8 no thread
     * numbers either (every call reads as thread 0, see Event), version 7 not the job's ending either (JobMeta).
     */
    public static final int OLDEST_READ = 7;

    /** Magic and version. */
    public static final int PREAMBLE_BYTES = 12;
    /** Kind byte, body length, checksum. */
    public static final int SECTION_HEADER_BYTES = 9;
    /** Raw length and packed length of an LZ4 block. */
    static final int BLOCK_HEADER_BYTES = 8;
    /**
     * Largest raw block. Bounds what a reader allocates per block whatever a length field says, and
     * is far beyond LZ4's 64 KiB window, so larger blocks would not compress better.
     */
    public static final int MAX_BLOCK_RAW = 1 << 20;
    /**
     * Set in a block's packed length when the block is stored as it is, not LZ4-compressed (since
     * version 19): what follows the header is then exactly its raw length of raw bytes.
     */
    public static final int STORED_BLOCK = 0x8000_0000;
    /**
     * Set in a block's packed length when the block is deflated (raw DEFLATE, RFC 1951, by the JDK's zlib)
     * rather than LZ4-compressed (since version 21; trace files only, never messages). Never with
     * {@link #STORED_BLOCK}.
     */
    public static final int DEFLATED_BLOCK = 0x4000_0000;
    /** Blocks up to this many raw bytes are also tried deflated, where a file is written. */
    public static final int MAX_DEFLATED_RAW = 64 * 1024;
    /**
     * Most raw bytes one packed byte of an LZ4 block can stand for: a match's length grows by at most 255
     * per extra length byte, and every other byte of a block stands for less. A block declaring more raw
     * bytes than this many times its packed ones cannot decompress to them, so the raw total a reader
     * bounds counts with never exceeds 255 times the file.
     */
    public static final int MAX_LZ4_RATIO = 255;

    private Layout() {}
}
