package org.mpjtrace.cli.export.otf2;

import com.sun.jna.Callback;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * The libotf2 functions the OTF2 export calls, and the constants it passes, as OTF2 3.0's headers
 * declare them (Debian libopen-trace-format2-dev, /usr/include/otf2). Widths follow the C typedefs:
 * uint8_t enums are bytes, uint32_t references ints, uint64_t times, locations and request ids longs
 * (unsigned values keep their bits). Every function returning an int returns an OTF2_ErrorCode.
 *
 * <p>JNA direct mapping (static natives bound by {@link Otf2Loader}) rather than an interface: an export
 * makes two or three calls per MPJ call, and over a 2-million-call dump (docs/benchmarks.md) the
 * interface's per-call reflection held the export to 0.35 M calls/s where direct calls reach the
 * figure given there. The event writers, called for every record, take the writer and the attribute
 * list as addresses ({@code long}, as C passes a pointer) rather than {@link Pointer}s: JNA converts a
 * Pointer argument through JNI field reads on every call, and with primitives only its dispatch, 37% of
 * a 10-million-call export's time, took (see docs/benchmarks.md).
 */
final class Otf2Library {
    private Otf2Library() {}

    static final int SUCCESS = 0;

    static final byte FILEMODE_WRITE = 0;
    static final byte SUBSTRATE_POSIX = 1;
    static final byte COMPRESSION_NONE = 1;
    static final byte FLUSH = 1;
    static final long CHUNK_SIZE_EVENTS = 1024 * 1024;
    static final long CHUNK_SIZE_DEFINITIONS = 4 * 1024 * 1024;

    static final int UNDEFINED_UINT32 = -1;
    static final byte PARADIGM_MPI = 4;
    static final byte LOCATION_GROUP_TYPE_PROCESS = 1;
    static final byte LOCATION_TYPE_CPU_THREAD = 1;
    static final byte GROUP_TYPE_COMM_LOCATIONS = 4;
    static final byte GROUP_TYPE_COMM_GROUP = 5;
    static final int GROUP_FLAG_NONE = 0;
    static final int REGION_FLAG_NONE = 0;
    static final int COMM_FLAG_NONE = 0;

    static final byte REGION_ROLE_FUNCTION = 1;
    static final byte REGION_ROLE_BARRIER = 15;
    static final byte REGION_ROLE_COLL_ONE2ALL = 23;
    static final byte REGION_ROLE_COLL_ALL2ONE = 24;
    static final byte REGION_ROLE_COLL_ALL2ALL = 25;
    static final byte REGION_ROLE_COLL_OTHER = 26;
    static final byte REGION_ROLE_POINT2POINT = 28;

    static final byte COLLECTIVE_OP_BARRIER = 0;
    static final byte COLLECTIVE_OP_BCAST = 1;
    static final byte COLLECTIVE_OP_GATHER = 2;
    static final byte COLLECTIVE_OP_GATHERV = 3;
    static final byte COLLECTIVE_OP_SCATTER = 4;
    static final byte COLLECTIVE_OP_SCATTERV = 5;
    static final byte COLLECTIVE_OP_ALLGATHER = 6;
    static final byte COLLECTIVE_OP_ALLGATHERV = 7;
    static final byte COLLECTIVE_OP_ALLTOALL = 8;
    static final byte COLLECTIVE_OP_ALLTOALLV = 9;
    static final byte COLLECTIVE_OP_ALLREDUCE = 11;
    static final byte COLLECTIVE_OP_REDUCE = 12;
    static final byte COLLECTIVE_OP_REDUCE_SCATTER = 13;
    static final byte COLLECTIVE_OP_SCAN = 14;

    /** OTF2_PreFlushCallback: whether a writer's full buffer goes to its file (always, here). */
    public interface PreFlush extends Callback {
        byte invoke(Pointer userData, byte fileType, long location, Pointer callerData, byte last);
    }

    /** OTF2_PostFlushCallback: the time stamped on the buffer-flush record. */
    public interface PostFlush extends Callback {
        long invoke(Pointer userData, byte fileType, long location);
    }

    /** OTF2_ErrorCallback: called instead of libotf2 printing an error to stderr. */
    public interface ErrorCallback extends Callback {
        int invoke(Pointer userData, String file, long line, String function, int errorCode, String format, Pointer va);
    }

    /** OTF2_FlushCallbacks. */
    @Structure.FieldOrder({"preFlush", "postFlush"})
    public static final class FlushCallbacks extends Structure {
        public PreFlush preFlush;
        public PostFlush postFlush;
    }

    static native String OTF2_Error_GetName(int errorCode);
    static native String OTF2_Error_GetDescription(int errorCode);
    static native Pointer OTF2_Error_RegisterCallback(ErrorCallback callback, Pointer userData);

    static native Pointer OTF2_Archive_Open(String archivePath, String archiveName, byte fileMode, long chunkSizeEvents,
                              long chunkSizeDefs, byte fileSubstrate, byte compression);
    static native int OTF2_Archive_SetFlushCallbacks(Pointer archive, FlushCallbacks callbacks, Pointer flushData);
    static native int OTF2_Archive_SetSerialCollectiveCallbacks(Pointer archive);
    static native int OTF2_Archive_SetCreator(Pointer archive, String creator);
    static native int OTF2_Archive_OpenEvtFiles(Pointer archive);
    static native int OTF2_Archive_CloseEvtFiles(Pointer archive);
    static native int OTF2_Archive_OpenDefFiles(Pointer archive);
    static native int OTF2_Archive_CloseDefFiles(Pointer archive);
    static native Pointer OTF2_Archive_GetEvtWriter(Pointer archive, long location);
    static native int OTF2_Archive_CloseEvtWriter(Pointer archive, Pointer writer);
    static native Pointer OTF2_Archive_GetDefWriter(Pointer archive, long location);
    static native int OTF2_Archive_CloseDefWriter(Pointer archive, Pointer writer);
    static native Pointer OTF2_Archive_GetGlobalDefWriter(Pointer archive);
    static native int OTF2_Archive_Close(Pointer archive);

    /** OTF2_MeasurementMode (uint8_t): recording resumed, recording suspended. */
    static final byte MEASUREMENT_ON = 1, MEASUREMENT_OFF = 2;

    static native int OTF2_EvtWriter_MeasurementOnOff(long writer, long attributes, long time, byte measurementMode);
    static native int OTF2_EvtWriter_Enter(long writer, long attributes, long time, int region);
    static native int OTF2_EvtWriter_Leave(long writer, long attributes, long time, int region);
    static native int OTF2_EvtWriter_MpiSend(long writer, long attributes, long time, int receiver, int comm, int tag, long length);
    static native int OTF2_EvtWriter_MpiRecv(long writer, long attributes, long time, int sender, int comm, int tag, long length);
    static native int OTF2_EvtWriter_MpiIsend(long writer, long attributes, long time, int receiver, int comm, int tag, long length,
                                long request);
    static native int OTF2_EvtWriter_MpiIsendComplete(long writer, long attributes, long time, long request);
    static native int OTF2_EvtWriter_MpiIrecvRequest(long writer, long attributes, long time, long request);
    static native int OTF2_EvtWriter_MpiIrecv(long writer, long attributes, long time, int sender, int comm, int tag, long length,
                                long request);
    static native int OTF2_EvtWriter_MpiRequestCancelled(long writer, long attributes, long time, long request);
    static native int OTF2_EvtWriter_MpiCollectiveBegin(long writer, long attributes, long time);
    static native int OTF2_EvtWriter_MpiCollectiveEnd(long writer, long attributes, long time, byte op, int comm, int root,
                                        long sizeSent, long sizeReceived);

    static native int OTF2_GlobalDefWriter_WriteClockProperties(Pointer writer, long resolution, long globalOffset, long traceLength,
                                                  long realtimeTimestamp);
    static native int OTF2_GlobalDefWriter_WriteString(Pointer writer, int self, String string);
    static native int OTF2_GlobalDefWriter_WriteSystemTreeNode(Pointer writer, int self, int name, int className, int parent);
    static native int OTF2_GlobalDefWriter_WriteLocationGroup(Pointer writer, int self, int name, byte type, int systemTreeParent,
                                                int creatingLocationGroup);
    static native int OTF2_GlobalDefWriter_WriteLocation(Pointer writer, long self, int name, byte type, long numberOfEvents,
                                           int locationGroup);
    static native int OTF2_GlobalDefWriter_WriteRegion(Pointer writer, int self, int name, int canonicalName, int description, byte role,
                                         byte paradigm, int flags, int sourceFile, int beginLine, int endLine);
    static native int OTF2_GlobalDefWriter_WriteGroup(Pointer writer, int self, int name, byte type, byte paradigm, int flags,
                                        int numberOfMembers, long[] members);
    static native int OTF2_GlobalDefWriter_WriteComm(Pointer writer, int self, int name, int group, int parent, int flags);
}
