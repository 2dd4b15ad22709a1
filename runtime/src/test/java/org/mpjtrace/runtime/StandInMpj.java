package org.mpjtrace.runtime;

import org.mpjtrace.runtime.config.TracerConfig;
import org.mpjtrace.runtime.mpj.MpjAccess;
import org.mpjtrace.runtime.rank.RankContext;
import org.mpjtrace.runtime.rank.Tracer;
import org.mpjtrace.runtime.sink.EventStore;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.RedOpInfo;

/**
 * Describes plain objects as if they were MPJ's, for tests and benchmarks of the probe path that need
 * no MPJ job. Never used where MPJ itself is under test: integration tests run real jobs.
 */
final class StandInMpj implements MpjAccess {
    /** MPI.REQUEST_NULL. */
    static final Object DONE = new Object();

    /** A request a test completes by hand, as MPJ's Wait or a successful Test does. */
    static final class Request {
        boolean done;
    }

    @Override public Object cloneComm(Object comm) { return new Object(); }
    @Override public String device() { return "none"; }
    @Override public CommInfo describeComm(int id, Object comm) { return new CommInfo(id, "Intracomm", 4, 0); }
    @Override public DatatypeInfo describeDatatype(int id, Object datatype) { return new DatatypeInfo(id, 8, 8, 1); }
    @Override public RedOpInfo describeRedOp(int id, Object op) { return new RedOpInfo(id, 3); }
    @Override public int shiftSource(Object shiftParms) { return 3; }
    @Override public int shiftDest(Object shiftParms) { return 1; }
    @Override public int statusSource(Object status) { return 2; }
    @Override public int statusTag(Object status) { return 5; }
    /** Plain objects stand for pending requests, {@link #DONE} for MPI.REQUEST_NULL. */
    @Override public boolean requestIsNull(Object request) { return request == DONE || request instanceof Request r && r.done; }
    @Override public boolean isRequestNullConstant(Object request) { return request == DONE; }
    @Override public int[] groupRanks(Object group, Object comm) { return (int[]) group; }
    @Override public int bufferCapacity(Object buffer) { return ((byte[]) buffer).length; }
    @Override public void sendBytes(Object comm, byte[] data, int dest, int tag) { throw new UnsupportedOperationException(); }
    @Override public byte[] recvBytes(Object comm, int source, int tag) { throw new UnsupportedOperationException(); }
    @Override public Object isendBytes(Object comm, byte[] data, int dest, int tag) { throw new UnsupportedOperationException(); }
    @Override public void waitSent(Object handle) { throw new UnsupportedOperationException(); }
    @Override public int arrivedFrom(Object comm, int source, int tag) { throw new UnsupportedOperationException(); }
    @Override public int allreduceSum(Object comm, int value) { throw new UnsupportedOperationException(); }
    @Override public int[] allreduceSum(Object comm, int[] values) { throw new UnsupportedOperationException(); }
    @Override public int size(Object comm) { return 4; }

    /** A rank context of a fresh tracer, bound to the calling thread, keeping its events in {@code store}. */
    static RankContext bindRank(int ringSize, EventStore store) {
        return bindRank("ringSize=" + ringSize, store);
    }

    /** The same with any agent options, e.g. {@code "ringSize=64,stackDepth=0"}. */
    static RankContext bindRank(String agentOptions, EventStore store) {
        Tracer tracer = Tracer.start(TracerConfig.parse(agentOptions));
        RankContext ctx = new RankContext(tracer, new StandInMpj(), new Object(), 0, 4, new Object(), -1, System.nanoTime(), store);
        Probe.bind(ctx);
        return ctx;
    }
}
