package org.mpjtrace.cli;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The fuzz corpus's real traces (cli/src/test/resources/fuzz/corpus), for tests that read a trace of each mode. */
public final class CorpusFiles {
    private CorpusFiles() {}

    /** {@code fuzz/corpus/NAME.mpjt} on the test class path. */
    public static Path path(String name) {
        try {
            return Path.of(CorpusFiles.class.getClassLoader().getResource("fuzz/corpus/" + name + ".mpjt").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
