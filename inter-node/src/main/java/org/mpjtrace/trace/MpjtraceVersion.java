package org.mpjtrace.trace;

/**
 * mpjtrace's version: what {@code mpjtrace --version} prints and what the agent writes into every
 * trace's metadata (JobMeta.tracerVersion). Not the file format's version, which the trace/io package
 * keeps and checks on its own.
 */
public final class MpjtraceVersion {
    public static final String VERSION = "0.1.0";

    private MpjtraceVersion() {}
}
