package org.mpjtrace.runtime.rank;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
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
    /** When {@code mpjtrace attach} loaded the tracer into the running job (ms since the epoch); 0 when it started with it. */
    public final long attachedMillis;
    /** Attached: each rank's context by its COMM_WORLD, for the threads of a rank that call MPJ after the first. */
    private final Map<Object, RankContext> attachedRanks = new IdentityHashMap<>();
    /** The program paused tracing ({@link TracingSwitch}): the ranks record no call until it resumes. */
    volatile boolean paused;
    final TracingSwitch tracingSwitch = new TracingSwitch(this);

    private Tracer(TracerConfig config, long attachedMillis) {
        this.config = config;
        this.sites = new SiteRegistry(config.marker);
        this.attachedMillis = attachedMillis;
    }

    /** Called once by the agent's premain. */
    public static synchronized Tracer install(TracerConfig config) {
        return installed(new Tracer(config, 0));
    }

    /**
     * Called once by the agent's agentmain, loaded into a job that runs ({@code mpjtrace attach}): each rank
     * starts recording at its next call ({@link #attachedRank}).
     */
    public static synchronized Tracer attach(TracerConfig config) {
        return installed(new Tracer(config, System.currentTimeMillis()));
    }

    private static Tracer installed(Tracer t) {
        if (installed != null) throw new IllegalStateException("mpjtrace is already tracing this JVM");
        t.fold.start();
        installed = t;
        t.tracingSwitch.register();
        return t;
    }

    /** A running tracer that rewritten code does not reach: for tests and benchmarks of the runtime. */
    public static Tracer start(TracerConfig config) {
        Tracer t = new Tracer(config, 0);
        t.fold.start();
        return t;
    }

    /** Whether the tracer was attached to a running job rather than started with it. */
    public boolean attached() {
        return attachedMillis != 0;
    }

    /**
     * Attached: the context of the rank whose COMM_WORLD is {@code world}, started now at its first call
     * ({@code site}, entered at {@code enter}) when this is the rank's first thread to call MPJ since;
     * {@code collectives} then gives it its collective work, before any thread records.
     */
    public synchronized RankContext attachedRank(Object world, int site, long enter, Consumer<RankContext> collectives)
            throws ReflectiveOperationException {
        RankContext ctx = attachedRanks.get(world);
        if (ctx == null) {
            ctx = RankContext.startAttached(this, world, site, enter);
            collectives.accept(ctx);
            attachedRanks.put(world, ctx);
        }
        return ctx;
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

    /**
     * The session running now of the rank whose COMM_WORLD is {@code world} (MPI.Init returned, MPI.Finalize
     * not yet called), or null: where a thread the rank started before MPI.Init records its calls.
     */
    public RankContext runningRank(Object world) {
        for (int i = ranks.size() - 1; i >= 0; i--) {
            RankContext ctx = ranks.get(i);
            if (ctx.world == world && !ctx.finalizeSeen()) return ctx;
        }
        return null;
    }

    /** The ranks this JVM runs, in the order their MPI.Init returned. */
    public List<RankContext> ranks() {
        return ranks;
    }
}
