/**
 * The trace file format, version 23 ({@link org.mpjtrace.trace.io.frame.Layout#VERSION}), and the payload a
 * rank sends to rank 0 at the end of a job.
 *
 * <p>All integers in headers are big-endian.
 *
 * <pre>
 * trace file
 *   offset 0   8 bytes  magic "MPJTRACE" (ASCII)
 *   offset 8   int32    format version (23)
 *   offset 12  sections, one after another, the last one END, nothing after it
 *
 * section (at offset s)
 *   s+0        uint8    kind: 1 META, 2 RANK, 3 SITES, 4 END, 5 PAYLOAD (payloads only), 6 CALL_PATHS,
 *                       7 GLOBAL, 8 MARKERS, 9 RANK_TABLE (since version 14);
 *                       others unknown
 *   s+1        int32    body length n (bytes after this 9-byte header)
 *   s+5        int32    CRC32C of the kind byte, the 4 length bytes and the n body bytes
 *   s+9        n bytes  body: blocks, back to back, filling the body exactly
 *
 * block (inside a body)
 *   +0         int32    raw length r, 1 .. 1 MiB (the reader allocates no more than this per block) and at
 *                       most 255 p (the most raw bytes LZ4 can give per packed byte; the writer deflates no
 *                       block past that ratio either)
 *   +4         int32    packed length p, 1 .. bytes left in the body (the low 30 bits); with its top bit set
 *                       (since version 19) the block is stored: p equals r and the p bytes are the raw bytes;
 *                       with bit 30 set (since version 21; trace files only, never messages, and never with
 *                       the top bit) the p bytes are a raw DEFLATE stream (RFC 1951) that inflates to exactly
 *                       r bytes and ends at the block's end; the writer deflates a block of at most 64 KiB
 *                       where that is smaller than LZ4
 *   +8         p bytes  else one LZ4 block (raw format), decompressed with the safe decompressor to exactly r bytes
 *
 * decompressed data of a section: varint registration id of the section's class (see TraceKryo),
 *   then that object as written by its serializer; nothing may follow it.
 *   META    JobMeta       written first, exactly once; says how the job ended: MPI.Finalize,
 *                         running (a clustering mode's file rewritten at a marker), or what ended it
 *                         before MPI.Finalize ("exit before MPI.Finalize", "SIGTERM before MPI.Finalize");
 *                         its last field (version 16) when the tracer was attached to the running job, or 0
 *   RANK    RankTrace     one per rank that keeps calls of its own (events or, with timing=lossless or lossy,
 *                         their times; up to version 13 one per rank), any order: its communicator, datatype and
 *                         reduction-op tables (since version 23 as folded columns, FoldedInfosIo, so that a
 *                         program making a communicator a step adds nothing a step; before, row by row); ends with the rank's table of call arrays (CallArrays:
 *                         each distinct set of array arguments its calls passed, under the digest its
 *                         events hold; each digest once, and it must be the hash of its arrays; since version 10 also the
 *                         symbolic request ids each Waitall, Testany, Startall... was given, in array order,
 *                         with -2 for MPI.REQUEST_NULL or a completed request and -3 for a Java null, where
 *                         version 9 and older kept only a hash of the ids in the event), then the rank's own
 *                         arguments (OwnArguments: in the clustering modes, the rank's runs of equal
 *                         communicator-constructor and v-collective arguments in call order, which a
 *                         replay takes instead of its lead's; empty in the other modes; each of an op
 *                         OwnArguments.kept names and at least one call long), then the rank's
 *                         stack summaries (StackSummary: in the clustering modes, per stack signature
 *                         and thread (StackSummary.key) the
 *                         calls, at least 0, their compute nanoseconds, at least 0, and each peer field
 *                         when it never varied; since version 15 a byte of flags and the rank's own
 *                         values there in call order (peer, peer2, tag, tag2, count, count2: bit 0 to
 *                         5; comm, bit 6, since version 22) as folded value sequences, one value per call, where they differ from
 *                         what its lead's calls give it; each stack once;
 *                         only where the global trace's expansion for the rank differs; empty in the
 *                         other modes), then (since version 12) the calls' own times (CallTimes: in mode
 *                         full and the clustering modes with timing=lossless or lossy, the thread count, since version 13 the
 *                         epsilon as a double when threads follow (0: exact; lossy's: the values are
 *                         LossyBins), then per thread in ascending order its number, its calls
 *                         and its bytes: per call the interval since the thread's previous call and the
 *                         call's duration, zigzag varlongs, exactly as many as its calls; no threads in
 *                         the other modes); its statistics (RankStats) end, since version 12, with the
 *                         spans the program paused tracing (org.mpjtrace.api.Tracing): count, then each
 *                         one's start and length
 *   RANK_TABLE RankTable  since version 14, at most once: every other rank (no events, no calls' own
 *                         times: the compressed modes), column by column (layout in serial.RankTableSerializer):
 *                         the tables the ranks share once (communicator ranks relative to the rank's),
 *                         then per field a column of each rank's value (since version 20 no clock at
 *                         MPI.Init, which reads back as 0, and the set-up time to 2.5%); a rank is in a RANK
 *                         section or here, never both
 *   SITES   SiteTable     the call-site table, exactly once (rank 0 knows it only after all ranks):
 *                         MPJ call sites and, with calling context, their callers' call sites
 *   CALL_PATHS CallPathTable  at most once, in any place between META and END: what each stack
 *                         signature stands for (CallPath: signature, MPJ site id, caller site ids
 *                         nearest first, -1 for a caller too deep to have been recorded). Present when
 *                         the job was traced with calling context (agent key stackDepth above 0); then
 *                         every event's stack signature must be in it, naming the event's own site, and
 *                         every site id in it must be in the site table. Without it, an event's stack
 *                         signature is its call site's own (CallSite.stackSignature). Since version 20 a
 *                         path with no callers whose signature is its site's own is written without it
 *                         (layout in CallPathTableSerializer), the site table giving it as the file is read.
 *   GLOBAL  GlobalTrace   mode full and the clustering modes: the loop-compressed trace of all ranks, at most once,
 *                         required in those modes (layout in serial.GlobalTraceSerializer); since version 21 an
 *                         event whose stack is its site's own is written without it, and then the SITES section
 *                         must come before GLOBAL (the writer puts it there); every call site it names
 *                         must be in the site table and, when the call-path table is not empty, every stack
 *                         signature in it, naming the event's own site. In mode full the RANK sections hold each rank's
 *                         tables and statistics, and its events only when the dump was kept (keepDump).
 *   MARKERS MarkerLog     the clustering modes (chameleon, acurdion, reference): at most once, required
 *                         in those modes: the
 *                         clusterings (leads, member ranklists, signatures) and one record per acted-on
 *                         marker and for Finalize (layout in serial.MarkerLogSerializer). A file written at a
 *                         marker while the job ran says so (finished false) and may have no RANK sections.
 *   END     EndMark       the number of sections before it, so a file cut at a section boundary is
 *                         recognised as truncated; then the format version again (since 9), under
 *                         the checksum the preamble lacks
 *
 * payload (what a rank sends to rank 0)
 *   offset 0   8 bytes  magic "MPJTPAYL"
 *   offset 8   int32    format version (23)
 *   offset 12  exactly one section of kind PAYLOAD (RankPayload: the rank's trace, its JVM's call-site
 *              table, its JVM's call paths, empty without calling context), nothing after it
 *
 * global trace message (mode full: a subtree's merged trace, sent up the merge tree)
 *   offset 0   8 bytes  magic "MPJTGLOB"
 *   offset 8   int32    format version (23)
 *   offset 12  exactly one section of kind GLOBAL, nothing after it
 * </pre>
 *
 * <p>Readers check all of it (magic, version, header bounds against the size, checksum, block lengths,
 * decoded lengths, decoding, then the trace's own rules in {@link org.mpjtrace.trace.io.rules.TraceRules}
 * and {@link org.mpjtrace.trace.io.rules.GlobalRules}) and report the first problem as a one-line
 * {@link org.mpjtrace.trace.io.TraceFormatException}. Every count and length read from a file is checked
 * before anything is allocated for it: against the decoded bytes left (at least the fewest bytes one
 * element takes for each), which the LZ4 ratio bounds by 255 times the file, and against a maximum where
 * the format has one (1 MiB per block, 1 MiB per string, 2^20 ranks per job, nesting 200 deep).
 * A global trace must also have the shape its expansion for a rank needs (GlobalRules.shapeProblem):
 * a value in every value sequence, loop counts of at least 1, and every rank of a loop running
 * something in its body.
 *
 * <p>The package keeps the entry points (TraceReader, TraceWriter, PayloadCodec, GlobalCodec) and what
 * assembles and checks a file from its sections; its subpackages, each used only from here and below,
 * hold the parts: {@code frame} the bytes on disk (sections' blocks, byte sources, the layout's sizes),
 * {@code serial} the Kryo serializer of each model class (TraceKryo here registers them under their
 * ids), {@code rules} the trace's own rules both the writer and the readers apply, and {@code value} the
 * bounded readers of counts, strings, rank sets, times and event words that every serializer uses. Their
 * classes are public only so that this package can reach them: they are internal to the trace format.
 */
package org.mpjtrace.trace.io;
