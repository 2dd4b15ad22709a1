package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import org.mpjtrace.trace.CallArrays;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.DatatypeInfo;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.OwnArguments;
import org.mpjtrace.trace.RankStats;
import org.mpjtrace.trace.RankTrace;
import org.mpjtrace.trace.RedOpInfo;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.cluster.MarkerLog;
import org.mpjtrace.trace.global.GlobalTrace;
import org.mpjtrace.trace.io.serial.CallArraysSerializer;
import org.mpjtrace.trace.io.serial.CallPathSerializer;
import org.mpjtrace.trace.io.serial.CallSiteSerializer;
import org.mpjtrace.trace.io.serial.CommInfoSerializer;
import org.mpjtrace.trace.io.serial.DatatypeInfoSerializer;
import org.mpjtrace.trace.io.serial.GlobalTraceSerializer;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.serial.JobMetaSerializer;
import org.mpjtrace.trace.io.serial.MarkerLogSerializer;
import org.mpjtrace.trace.io.serial.OwnArgumentsSerializer;
import org.mpjtrace.trace.io.serial.RankStatsSerializer;
import org.mpjtrace.trace.io.serial.RankTable;
import org.mpjtrace.trace.io.serial.RankTableSerializer;
import org.mpjtrace.trace.io.serial.RankTraceSerializer;
import org.mpjtrace.trace.io.serial.RedOpInfoSerializer;
import org.mpjtrace.trace.io.serial.StackSummarySerializer;

/**
 * Kryo set up for the format: only the classes below, each under an explicit id with a hand-written
 * serializer, so nothing about the encoding depends on registration order, field reflection or Kryo's
 * defaults. The ids are part of the format (a section's data starts with its object's id): never reuse
 * or renumber one; new classes take new ids. Kryo instances are not thread-safe: each writer and read
 * makes its own, codecs use one per thread.
 */
final class TraceKryo {
    // Kryo's own registrations of primitives and String use ids 0..9; ours start well clear of them.
    static final int JOB_META = 20;
    static final int CALL_SITE = 21;
    static final int COMM_INFO = 22;
    static final int DATATYPE_INFO = 23;
    static final int RED_OP_INFO = 24;
    static final int RANK_STATS = 25;
    static final int RANK_TRACE = 26;
    static final int SITE_TABLE = 27;
    static final int END_MARK = 28;
    static final int RANK_PAYLOAD = 29;
    static final int CALL_PATH = 30;
    static final int CALL_PATH_TABLE = 31;
    static final int GLOBAL_TRACE = 32;
    static final int MARKER_LOG = 33;
    static final int CALL_ARRAYS = 34;
    static final int OWN_ARGUMENTS = 35;
    static final int STACK_SUMMARY = 36;
    static final int RANK_TABLE = 37;

    /**
     * One instance per thread for the codecs of messages sent at every marker (mode chameleon): making a
     * Kryo and registering every class costs more than encoding a small trace. Kryo resets its per-call
     * state after each read and write, and our serializers keep none.
     */
    private static final ThreadLocal<Kryo> PER_THREAD = ThreadLocal.withInitial(TraceKryo::create);

    private TraceKryo() {}

    /** This thread's instance; never hand it to another thread. */
    static Kryo forThread() {
        return PER_THREAD.get();
    }

    static Kryo create() {
        return create(Layout.VERSION);
    }

    /** An instance of the current version whose global traces are written as timing=aggregate keeps them (no quantiles). */
    static Kryo createAggregate() {
        return create(Layout.VERSION, true);
    }

    /** An instance that reads files of format {@code version} (from {@link Layout#OLDEST_READ}) and writes the current one. */
    static Kryo create(int version) {
        return create(version, false);
    }

    private static Kryo create(int version, boolean aggregate) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false); // trees of records: no shared or cyclic objects to track
        kryo.register(JobMeta.class, new JobMetaSerializer(version), JOB_META);
        kryo.register(CallSite.class, new CallSiteSerializer(version), CALL_SITE);
        kryo.register(CommInfo.class, new CommInfoSerializer(), COMM_INFO);
        kryo.register(DatatypeInfo.class, new DatatypeInfoSerializer(), DATATYPE_INFO);
        kryo.register(RedOpInfo.class, new RedOpInfoSerializer(), RED_OP_INFO);
        kryo.register(RankStats.class, new RankStatsSerializer(version), RANK_STATS);
        kryo.register(RankTrace.class, new RankTraceSerializer(version), RANK_TRACE);
        kryo.register(SiteTable.class, new SiteTableSerializer(), SITE_TABLE);
        kryo.register(EndMark.class, new EndMarkSerializer(version), END_MARK);
        kryo.register(RankPayload.class, new RankPayloadSerializer(), RANK_PAYLOAD);
        kryo.register(CallPath.class, new CallPathSerializer(), CALL_PATH);
        kryo.register(CallPathTable.class, new CallPathTableSerializer(version), CALL_PATH_TABLE);
        kryo.register(GlobalTrace.class, new GlobalTraceSerializer(version, aggregate), GLOBAL_TRACE);
        kryo.register(MarkerLog.class, new MarkerLogSerializer(version), MARKER_LOG);
        kryo.register(CallArrays.class, new CallArraysSerializer(), CALL_ARRAYS);
        kryo.register(OwnArguments.class, new OwnArgumentsSerializer(), OWN_ARGUMENTS);
        kryo.register(StackSummary.class, new StackSummarySerializer(version), STACK_SUMMARY);
        kryo.register(RankTable.class, new RankTableSerializer(version), RANK_TABLE);
        return kryo;
    }
}
