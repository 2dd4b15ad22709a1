package org.mpjtrace.cli.job;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The settings of MPJ_HOME/conf/mpjexpress.conf that mpjtrace needs. The daemon and the starter both
 * read their daemon port from this file, so we read it there too instead of assuming 40055.
 */
public final class MpjConf {
    /** MPJ Express's default daemon port. */
    public static final int DEFAULT_DAEMON_PORT = 40055;

    private MpjConf() {}

    public static int daemonPort(Path mpjHome) {
        Path conf = mpjHome.resolve("conf").resolve("mpjexpress.conf");
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(conf)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            return DEFAULT_DAEMON_PORT;
        }
        try {
            return Integer.parseInt(p.getProperty("mpjexpress.mpjdaemon.port.1", "").trim());
        } catch (NumberFormatException e) {
            return DEFAULT_DAEMON_PORT;
        }
    }
}
