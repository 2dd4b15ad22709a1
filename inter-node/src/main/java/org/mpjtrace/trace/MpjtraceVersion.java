package org.mpjtrace.trace;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * mpjtrace's version: what {@code mpjtrace --version} prints and what the agent writes into every
 * trace's metadata (JobMeta.tracerVersion), with the commit the build came from, e.g. {@code 0.1.0
 * (abc1234)}, or {@code 0.1.0 (abc1234, modified)} when the checkout had uncommitted changes. The build
 * writes the commit next to this class (git-commit-id-maven-plugin, in inter-node's pom); a build outside
 * a git checkout has none. Not the file format's version, which the trace/io package keeps on its own.
 */
public final class MpjtraceVersion {
    public static final String RELEASE = "0.1.0";
    /** The release and, when known, the commit. */
    public static final String VERSION = RELEASE + commit();

    private MpjtraceVersion() {}

    private static String commit() {
        Properties p = new Properties();
        try (InputStream in = MpjtraceVersion.class.getResourceAsStream("commit.properties")) {
            if (in == null) return "";
            p.load(in);
        } catch (IOException | RuntimeException e) {
            return "";
        }
        String id = p.getProperty("git.commit.id.abbrev", "");
        if (id.isEmpty()) return "";
        return " (" + id + (Boolean.parseBoolean(p.getProperty("git.dirty")) ? ", modified" : "") + ")";
    }
}
