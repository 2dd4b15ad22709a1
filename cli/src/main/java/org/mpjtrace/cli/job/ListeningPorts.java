package org.mpjtrace.cli.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether some process listens on a local TCP port, read from Linux's /proc/net/tcp and tcp6.
 *
 * <p>Why not simply connect to the port: MPJ 0.44's daemon takes any connection on its port as a job
 * request; a probe that closes at once makes it print stack traces and, worse, kills its
 * ConnectionManager thread (NullPointerException in killProcesses), after which the daemon no longer
 * stops a job's rank JVMs when the starter goes away. Connecting to its port-manager port (40052) is
 * worse still: an EOF there makes the daemon call System.exit. Reading the socket table disturbs no one.
 */
public final class ListeningPorts {
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    /** The socket state column's value for LISTEN. */
    private static final String LISTEN = "0A";

    private ListeningPorts() {}

    /** True when the socket tables can be read here (Linux). */
    public static boolean available() {
        return Files.isReadable(TABLES.get(0));
    }

    /** True when a socket in state LISTEN is bound to {@code port} on any local address. */
    public static boolean isListening(int port) {
        String suffix = ":" + String.format(Locale.ROOT, "%04X", port);
        for (Path table : TABLES) {
            List<String> lines;
            try {
                lines = Files.readAllLines(table);
            } catch (IOException e) {
                continue; // tcp6 is missing on kernels without IPv6
            }
            for (int i = 1; i < lines.size(); i++) {
                // "  sl  local_address rem_address   st ...", e.g. "0: 00000000:9C77 00000000:0000 0A ..."
                String[] f = lines.get(i).trim().split("\\s+");
                if (f.length > 3 && f[1].endsWith(suffix) && f[3].equals(LISTEN)) return true;
            }
        }
        return false;
    }
}
