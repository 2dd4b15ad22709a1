package org.mpjtrace.cli.job;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A job's stdout and stderr, each copied by a thread of its own to where it goes (this process's own
 * streams, or a test's) as it comes, and read line by line for a rank's main that threw ({@link ThrownInMain}).
 * The bytes are passed on as they are read, whole or not, so the job's output reaches the terminal as it
 * would unread.
 */
final class JobOutput {
    /** Longer lines are passed on whole but read only up to this (a stack trace's lines are far shorter). */
    private static final int LINE_LIMIT = 4096;

    private final Thread out;
    private final Thread err;
    private volatile String thrown;

    private JobOutput(Process p, OutputStream toOut, OutputStream toErr) {
        out = pump(p.getInputStream(), toOut, "stdout");
        err = pump(p.getErrorStream(), toErr, "stderr");
    }

    /** Starts copying {@code p}'s stdout to {@code toOut} and its stderr to {@code toErr} (which may be one stream). */
    static JobOutput start(Process p, OutputStream toOut, OutputStream toErr) {
        return new JobOutput(p, toOut, toErr);
    }

    /** Waits up to {@code millis} for each stream to end (the job's end closes them). */
    void join(long millis) {
        try {
            out.join(millis);
            err.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The first exception a rank's main threw, as MPJ printed its cause (e.g. {@code java.lang.IllegalStateException: boom}); null if none. */
    String thrown() {
        return thrown;
    }

    private Thread pump(InputStream from, OutputStream to, String what) {
        Thread t = new Thread(() -> {
            ThrownInMain scan = new ThrownInMain();
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            try (InputStream in = from) {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    synchronized (to) {
                        to.write(buf, 0, n);
                        to.flush();
                    }
                    for (int i = 0; i < n; i++) {
                        if (buf[i] == '\n') {
                            String cause = scan.line(line.toString(StandardCharsets.UTF_8));
                            if (cause != null && thrown == null) thrown = cause;
                            line.reset();
                        } else if (line.size() < LINE_LIMIT) {
                            line.write(buf[i]);
                        }
                    }
                }
            } catch (IOException e) {
                // the job is gone or the sink is closed: nothing more to copy
            }
        }, "mpjtrace-job-" + what);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
