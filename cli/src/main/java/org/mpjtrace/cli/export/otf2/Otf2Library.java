package org.mpjtrace.cli.export.otf2;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * The libotf2 functions the OTF2 export calls, and the constants it passes, as OTF2 3.0's headers
 * declare them (Debian libopen-trace-format2-dev, /usr/include/otf2). Widths follow the C typedefs:
 * uint8_t enums are bytes, uint32_t references ints, uint64_t times, locations and request ids longs
 * (unsigned values keep their bits). Every function returning an int returns an OTF2_ErrorCode.
 */
public interface Otf2Library extends Library {
    int SUCCESS = 0;

    byte FILEMODE_WRITE = 0;
    byte SUBSTRATE_POSIX = 1;
    byte COMPRESSION_NONE = 1;
    byte FLUSH = 1;
    long CHUNK_SIZE_EVENTS = 1024 * 1024;
    long CHUNK_SIZE_DEFINITIONS = 4 * 1024 * 1024;

    int UNDEFINED_UINT32 = -1;
    byte PARADIGM_MPI = 4;
    byte SYSTEM_TREE_DOMAIN_MACHINE = 0;
    byte LOCATION_GROUP_TYPE_PROCESS = 1;
    byte LOCATION_TYPE_CPU_THREAD = 1;
    byte GROUP_TYPE_COMM_LOCATIONS = 4;
    byte GROUP_TYPE_COMM_GROUP = 5;
    int GROUP_FLAG_NONE = 0;
    int REGION_FLAG_NONE = 0;
    int COMM_FLAG_NONE = 0;

    byte REGION_ROLE_FUNCTION = 1;
    byte REGION_ROLE_BARRIER = 15;
    byte REGION_ROLE_COLL_ONE2ALL = 23;
    byte REGION_ROLE_COLL_ALL2ONE = 24;
    byte REGION_ROLE_COLL_ALL2ALL = 25;
    byte REGION_ROLE_COLL_OTHER = 26;
    byte REGION_ROLE_POINT2POINT = 28;

    byte COLLECTIVE_OP_BARRIER = 0;
    byte COLLECTIVE_OP_BCAST = 1;
    byte COLLECTIVE_OP_GATHER = 2;
    byte COLLECTIVE_OP_GATHERV = 3;
    byte COLLECTIVE_OP_SCATTER = 4;
    byte COLLECTIVE_OP_SCATTERV = 5;
    byte COLLECTIVE_OP_ALLGATHER = 6;
    byte COLLECTIVE_OP_ALLGATHERV = 7;
    byte COLLECTIVE_OP_ALLTOALL = 8;
    byte COLLECTIVE_OP_ALLTOALLV = 9;
    byte COLLECTIVE_OP_ALLREDUCE = 11;
    byte COLLECTIVE_OP_REDUCE = 12;
    byte COLLECTIVE_OP_REDUCE_SCATTER = 13;
    byte COLLECTIVE_OP_SCAN = 14;

    /** OTF2_PreFlushCallback: whether a writer's full buffer goes to its file (always, here). */
    interface PreFlush extends Callback {
        byte invoke(Pointer userData, byte fileType, long location, Pointer callerData, byte last);
    }

    /** OTF2_PostFlushCallback: the time stamped on the buffer-flush record. */
    interface PostFlush extends Callback {
        long invoke(Pointer userData, byte fileType, long location);
    }

    /** OTF2_ErrorCallback: called instead of libotf2 printing an error to stderr. */
    interface ErrorCallback extends Callback {
        int invoke(Pointer userData, String file, long line, String function, int errorCode, String format, Pointer va);
    }

    /** OTF2_FlushCallbacks. */
    @Structure.FieldOrder({"preFlush", "postFlush"})
    final class FlushCallbacks extends Structure {
        public PreFlush preFlush;
        public PostFlush postFlush;
    }

    String OTF2_Error_GetName(int errorCode);
    String OTF2_Error_GetDescription(int errorCode);
    ErrorCallback OTF2_Error_RegisterCallback(ErrorCallback callback, Pointer userData);

    Pointer OTF2_Archive_Open(String archivePath, String archiveName, byte fileMode, long chunkSizeEvents,
                              long chunkSizeDefs, byte fileSubstrate, byte compression);
    int OTF2_Archive_SetFlushCallbacks(Pointer archive, FlushCallbacks callbacks, Pointer flushData);
    int OTF2_Archive_SetSerialCollectiveCallbacks(Pointer archive);
    int OTF2_Archive_SetCreator(Pointer archive, String creator);
    int OTF2_Archive_OpenEvtFiles(Pointer archive);
    int OTF2_Archive_CloseEvtFiles(Pointer archive);
    int OTF2_Archive_OpenDefFiles(Pointer archive);
    int OTF2_Archive_CloseDefFiles(Pointer archive);
    Pointer OTF2_Archive_GetEvtWriter(Pointer archive, long location);
    int OTF2_Archive_CloseEvtWriter(Pointer archive, Pointer writer);
    Pointer OTF2_Archive_GetDefWriter(Pointer archive, long location);
    int OTF2_Archive_CloseDefWriter(Pointer archive, Pointer writer);
    Pointer OTF2_Archive_GetGlobalDefWriter(Pointer archive);
    int OTF2_Archive_Close(Pointer archive);

    int OTF2_EvtWriter_Enter(Pointer writer, Pointer attributes, long time, int region);
    int OTF2_EvtWriter_Leave(Pointer writer, Pointer attributes, long time, int region);
    int OTF2_EvtWriter_MpiSend(Pointer writer, Pointer attributes, long time, int receiver, int comm, int tag, long length);
    int OTF2_EvtWriter_MpiRecv(Pointer writer, Pointer attributes, long time, int sender, int comm, int tag, long length);
    int OTF2_EvtWriter_MpiIsend(Pointer writer, Pointer attributes, long time, int receiver, int comm, int tag, long length,
                                long request);
    int OTF2_EvtWriter_MpiIsendComplete(Pointer writer, Pointer attributes, long time, long request);
    int OTF2_EvtWriter_MpiIrecvRequest(Pointer writer, Pointer attributes, long time, long request);
    int OTF2_EvtWriter_MpiIrecv(Pointer writer, Pointer attributes, long time, int sender, int comm, int tag, long length,
                                long request);
    int OTF2_EvtWriter_MpiRequestCancelled(Pointer writer, Pointer attributes, long time, long request);
    int OTF2_EvtWriter_MpiCollectiveBegin(Pointer writer, Pointer attributes, long time);
    int OTF2_EvtWriter_MpiCollectiveEnd(Pointer writer, Pointer attributes, long time, byte op, int comm, int root,
                                        long sizeSent, long sizeReceived);

    int OTF2_GlobalDefWriter_WriteClockProperties(Pointer writer, long resolution, long globalOffset, long traceLength,
                                                  long realtimeTimestamp);
    int OTF2_GlobalDefWriter_WriteString(Pointer writer, int self, String string);
    int OTF2_GlobalDefWriter_WriteSystemTreeNode(Pointer writer, int self, int name, int className, int parent);
    int OTF2_GlobalDefWriter_WriteLocationGroup(Pointer writer, int self, int name, byte type, int systemTreeParent,
                                                int creatingLocationGroup);
    int OTF2_GlobalDefWriter_WriteLocation(Pointer writer, long self, int name, byte type, long numberOfEvents,
                                           int locationGroup);
    int OTF2_GlobalDefWriter_WriteRegion(Pointer writer, int self, int name, int canonicalName, int description, byte role,
                                         byte paradigm, int flags, int sourceFile, int beginLine, int endLine);
    int OTF2_GlobalDefWriter_WriteGroup(Pointer writer, int self, int name, byte type, byte paradigm, int flags,
                                        int numberOfMembers, long[] members);
    int OTF2_GlobalDefWriter_WriteComm(Pointer writer, int self, int name, int group, int parent, int flags);
}
