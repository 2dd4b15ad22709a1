package org.mpjtrace.runtime.rank;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.mpjtrace.runtime.config.TracerConfig;

/**
 * The tracer of one JVM: its configuration, the call-site and call-path tables and the fold thread. One instance,
 * installed by the agent before the application starts; shared by all ranks of a multicore JVM.
 */
public final class Tracer {
    private static volatile Tracer installed;

    final TracerConfig config;
    final SiteRegistry sites;
    final CallPathRegistry paths = new CallPathRegistry();
    final FoldThread fold = new FoldThread();
    /** The ranks this JVM runs (all of them in multicore mode, one with niodev), as their MPI.Init returned. */
    final List<RankContext> ranks = new CopyOnWriteArrayList<>();
    /** The program paused tracing ({@link TracingSwitch}): the ranks record no call until it resumes. */
    volatile boolean paused;
    final TracingSwitch tracingSwitch = new TracingSwitch(this);

    private Tracer(TracerConfig config) {
        this.config = config;
        this.sites = new SiteRegistry(config.marker);
    }

    /** Called once by the agent's premain. */
    public static synchronized Tracer install(TracerConfig config) {
        if (installed != null) throw new IllegalStateException("mpjtrace is already installed in this JVM");
        installed = start(config);
        installed.tracingSwitch.register();
        return installed;
    }

    /** A running tracer that rewritten code does not reach: for tests and benchmarks of the runtime. */
    public static Tracer start(TracerConfig config) {
        Tracer t = new Tracer(config);
        t.fold.start();
        return t;
    }

    /** The switch that pauses and resumes tracing of every rank of this JVM (JMX: {@link TracingSwitch#NAME}). */
    public TracingSwitch tracingSwitch() {
        return tracingSwitch;
    }

    /** The installed tracer, or null (rewritten code run without the agent does not trace). */
    public static Tracer get() {
        return installed;
    }

    public SiteRegistry sites() {
        return sites;
    }

    public TracerConfig config() {
        return config;
    }

    public CallPathRegistry paths() {
        return paths;
    }

    /** The ranks this JVM runs, in the order their MPI.Init returned. */
    public List<RankContext> ranks() {
        return ranks;
    }
}
