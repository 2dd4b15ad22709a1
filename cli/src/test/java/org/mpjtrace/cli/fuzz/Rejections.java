package org.mpjtrace.cli.fuzz;

/** Sorts the reader's one-line refusals into the layer that caught them, for the fuzz test's tally. */
final class Rejections {
    private Rejections() {}

    static String kind(String message) {
        if (message.contains("checksum mismatch")) return "rejected: checksum mismatch";
        if (message.contains("truncated")) return "rejected: truncated";
        if (message.contains("bad magic") || message.contains("unsupported format version")) return "rejected: magic or version";
        if (message.contains("LZ4 gives at most")) return "rejected: LZ4 block declaring more than 255 raw bytes per packed byte";
        if (message.contains("DEFLATE stream") || message.contains("both stored and deflated") || message.contains("a deflated block is written only"))
            return "rejected: deflated block data";
        if (message.contains("block at body offset")) return "rejected: block framing or LZ4 data";
        if (message.contains("global trace event") && (message.contains("call-path table") || message.contains("stands for call site")))
            return "rejected: global trace stack signature not in the call-path table";
        if (message.contains("global trace node")) return "rejected: global trace shape (empty values, loop counts, loop ranks)";
        if (message.contains("undecodable data")) return "rejected: data ends early or bad varint";
        if (message.contains("unknown section kind") || message.contains("after END") || message.contains("END counts")
                || message.contains("second ") || message.contains("starts with META") || message.contains("does not belong")
                || message.contains(" section before END") || message.contains("without its"))
            return "rejected: sections missing, repeated or out of order";
        return "rejected: a count, value or rule of the trace";
    }
}
