package org.mpjtrace.cli.it;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.LocalDaemon;

/**
 * An MPJ daemon on loopback for a test class's niodev jobs: started before its first test, stopped
 * (with the rank JVMs it started) after its last. Test classes run one at a time (MPJ's ports are fixed).
 */
final class NiodevDaemon implements BeforeAllCallback, AfterAllCallback {
    private static LocalDaemon daemon;

    /** The machines file naming localhost, for the starter's -machinesfile. */
    static Path machines() {
        if (daemon == null) throw new IllegalStateException("no daemon: annotate the class with @ExtendWith(NiodevDaemon.class)");
        return daemon.machinesFile();
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        daemon = LocalDaemon.start(Installation.fromEnvironment().mpjHome(), new PrintWriter(new StringWriter()), Duration.ofSeconds(90));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (daemon != null) daemon.close();
        daemon = null;
    }
}
