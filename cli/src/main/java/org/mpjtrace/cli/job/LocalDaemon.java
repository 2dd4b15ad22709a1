package org.mpjtrace.cli.job;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.mpjtrace.runtime.collective.EndedEarlyNote;

/**
 * An MPJ Express 0.44 daemon on this host for the niodev device, started for one job and stopped after
 * it, together with the rank JVMs it started, also when mpjtrace is interrupted (a shutdown hook).
 *
 * <p>What 0.44's daemon needs, found by experiment: {@code java -jar MPJ_HOME/lib/daemon.jar PORT} with
 * MPJ_HOME in its environment (it refuses to start without); its working directory does not matter
 * (rank JVMs run in the starter's working directory, which the starter sends along). It binds its
 * port-manager port (40052) and then the daemon port (mpjexpress.conf, 40055 by default) within a few
 * hundred milliseconds and prints nothing until a job comes; with logging OFF in mpjexpress.conf it
 * writes no files. See {@link ListeningPorts} for why readiness is read from the socket table instead of
 * by connecting. The machines file is a temporary file naming {@code localhost}.
 *
 * <p>When a daemon already listens on the port (the user's own, or another job's), it is used as it is
 * and left running: a second daemon could not bind the port anyway.
 */
public final class LocalDaemon implements AutoCloseable {
    private static final long POLL_MILLIS = 25;
    /** Where /proc is missing, readiness cannot be seen; the daemon has always been up within this. */
    private static final long BLIND_WAIT_MILLIS = 3000;
    private static final long STOP_GRACE_MILLIS = 5000;
    /** The folder, in the daemon's own, of the notes of rank JVMs that ended before MPI.Finalize. */
    private static final String NOTES = "ended-early";

    private final Process process;
    private final Path dir;
    private final Path machines;
    private final int port;
    private final Thread hook;
    private boolean closed;

    private LocalDaemon(Process process, Path dir, Path machines, int port) {
        this.process = process;
        this.dir = dir;
        this.machines = machines;
        this.port = port;
        this.hook = new Thread(this::stop, "mpjtrace-daemon-stopper");
    }

    /**
     * Starts a daemon (or finds one already listening) and waits until it accepts connections.
     *
     * @param mpjHome  MPJ_HOME (the daemon's jars and conf)
     * @param messages where to say that an existing daemon is used
     * @param timeout  how long to wait for it to listen
     */
    public static LocalDaemon start(Path mpjHome, PrintWriter messages, Duration timeout) throws DaemonException {
        int port = MpjConf.daemonPort(mpjHome);
        Path dir;
        Path machines;
        try {
            dir = Files.createTempDirectory("mpjtrace-daemon-");
            machines = Files.writeString(dir.resolve("machines"), "localhost\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new DaemonException("cannot create a machines file: " + e.getMessage());
        }
        if (ListeningPorts.available() && ListeningPorts.isListening(port)) {
            messages.println("mpjtrace: using the MPJ daemon already listening on port " + port);
            messages.flush();
            return new LocalDaemon(null, dir, machines, port);
        }
        Path log = dir.resolve("daemon.log");
        Process p;
        try {
            ProcessBuilder pb = new ProcessBuilder(javaBinary(), "-jar", mpjHome.resolve("lib").resolve("daemon.jar").toString(),
                    Integer.toString(port));
            pb.environment().put("MPJ_HOME", mpjHome.toString());
            // The rank JVMs it starts inherit this: a traced rank that ends before MPI.Finalize says so there.
            pb.environment().put(EndedEarlyNote.FOLDER_VARIABLE, Files.createDirectories(dir.resolve(NOTES)).toString());
            pb.directory(dir.toFile());
            pb.redirectErrorStream(true);
            pb.redirectOutput(log.toFile());
            p = pb.start();
        } catch (IOException e) {
            deleteTree(dir);
            throw new DaemonException("cannot start the MPJ daemon: " + e.getMessage());
        }
        LocalDaemon d = new LocalDaemon(p, dir, machines, port);
        Runtime.getRuntime().addShutdownHook(d.hook);
        try {
            d.awaitListening(timeout, log);
        } catch (DaemonException | RuntimeException e) {
            d.close();
            throw e;
        }
        return d;
    }

    private void awaitListening(Duration timeout, Path log) throws DaemonException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean canSee = ListeningPorts.available();
        long blindUntil = System.nanoTime() + Duration.ofMillis(Math.min(BLIND_WAIT_MILLIS, timeout.toMillis())).toNanos();
        while (true) {
            if (!process.isAlive())
                throw new DaemonException("the MPJ daemon exited with code " + process.exitValue() + lastLine(log));
            if (canSee ? ListeningPorts.isListening(port) : System.nanoTime() >= blindUntil) return;
            if (System.nanoTime() >= deadline)
                throw new DaemonException("the MPJ daemon did not listen on port " + port + " within "
                        + timeout.toSeconds() + " s" + lastLine(log));
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DaemonException("interrupted while waiting for the MPJ daemon");
            }
        }
    }

    /** A one-line machines file naming localhost, for the starter's -machinesfile. */
    public Path machinesFile() {
        return machines;
    }

    public int port() {
        return port;
    }

    /** False when an already running daemon is used (and will be left running). */
    public boolean ownsDaemon() {
        return process != null;
    }

    /**
     * Where the traced rank JVMs of this daemon note that they ended before MPI.Finalize ({@link EndedEarlyNote});
     * null when an existing daemon is used, whose rank JVMs do not know the folder.
     */
    public Path endedEarlyNotes() {
        return process == null ? null : dir.resolve(NOTES);
    }

    /** The daemon's process, or null when an existing daemon is used. */
    public ProcessHandle handle() {
        return process == null ? null : process.toHandle();
    }

    /** Stops our daemon and the rank JVMs it started, and deletes the temporary files. Idempotent. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // JVM shutting down (the hook is running or ran) or never added: nothing to remove
        }
    }

    private synchronized void stop() {
        if (closed) return;
        closed = true;
        if (process != null) {
            ProcessTrees.destroy(process.toHandle(), STOP_GRACE_MILLIS);
            // The next job's daemon must be able to bind the port: wait until the socket is gone.
            long deadline = System.nanoTime() + Duration.ofMillis(STOP_GRACE_MILLIS).toNanos();
            while (ListeningPorts.available() && ListeningPorts.isListening(port) && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        deleteTree(dir);
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--)
                if (!lines.get(i).isBlank()) return ": " + lines.get(i).strip();
        } catch (IOException | RuntimeException e) {
            // no log to quote
        }
        return "";
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void deleteTree(Path dir) {
        if (dir == null) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a temp directory left behind is harmless
        }
    }
}
