package org.mpjtrace.cli.export.otf2;

import com.sun.jna.Pointer;

/**
 * One OTF2 location, a thread of a rank that called MPJ, and its event writer. Each method writes one
 * OTF2 record and counts it (the location's definition carries the count). Times never go back within
 * a location (OTF2 readers require it): a time before the previous record's is written as that one.
 */
final class Location {
    /** Score-P's numbering: the rank in the low 32 bits, the thread above, so rank r's first thread is location r. */
    static long id(int rank, int thread) {
        return (long) thread << 32 | rank;
    }

    final int rank;
    final int thread;
    final long id;
    final PendingRequests requests = new PendingRequests();
    private final Otf2Archive archive;
    /** No attribute list (a NULL OTF2_AttributeList*). */
    private static final long NO_ATTRIBUTES = 0;

    private Pointer writerHandle;
    /** The writer's address, as the event functions take it; 0 (NULL, which libotf2 refuses) once closed. */
    private long writer;
    private long events;
    private long last;

    Location(Otf2Archive archive, int rank, int thread) {
        this.archive = archive;
        this.rank = rank;
        this.thread = thread;
        this.id = id(rank, thread);
        writerHandle = archive.evtWriter(id);
        writer = Pointer.nativeValue(writerHandle);
    }

    long events() {
        return events;
    }

    long lastTime() {
        return last;
    }

    private long at(long time) {
        if (time > last) last = time;
        archive.time(last);
        events++;
        return last;
    }

    /** The rank's tracing was paused (off) or resumed (on) here. */
    void measurement(long time, boolean on) {
        archive.check(Otf2Library.OTF2_EvtWriter_MeasurementOnOff(writer, NO_ATTRIBUTES, at(time),
                on ? Otf2Library.MEASUREMENT_ON : Otf2Library.MEASUREMENT_OFF), "OTF2_EvtWriter_MeasurementOnOff");
    }

    void enter(long time, int region) {
        archive.check(Otf2Library.OTF2_EvtWriter_Enter(writer, NO_ATTRIBUTES, at(time), region), "OTF2_EvtWriter_Enter");
    }

    void leave(long time, int region) {
        archive.check(Otf2Library.OTF2_EvtWriter_Leave(writer, NO_ATTRIBUTES, at(time), region), "OTF2_EvtWriter_Leave");
    }

    void send(long time, int receiver, int comm, int tag, long bytes) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiSend(writer, NO_ATTRIBUTES, at(time), receiver, comm, tag, bytes), "OTF2_EvtWriter_MpiSend");
    }

    void recv(long time, int sender, int comm, int tag, long bytes) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiRecv(writer, NO_ATTRIBUTES, at(time), sender, comm, tag, bytes), "OTF2_EvtWriter_MpiRecv");
    }

    void isend(long time, int receiver, int comm, int tag, long bytes, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiIsend(writer, NO_ATTRIBUTES, at(time), receiver, comm, tag, bytes, request), "OTF2_EvtWriter_MpiIsend");
    }

    void isendComplete(long time, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiIsendComplete(writer, NO_ATTRIBUTES, at(time), request), "OTF2_EvtWriter_MpiIsendComplete");
    }

    void irecvRequest(long time, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiIrecvRequest(writer, NO_ATTRIBUTES, at(time), request), "OTF2_EvtWriter_MpiIrecvRequest");
    }

    void irecv(long time, int sender, int comm, int tag, long bytes, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiIrecv(writer, NO_ATTRIBUTES, at(time), sender, comm, tag, bytes, request), "OTF2_EvtWriter_MpiIrecv");
    }

    void requestCancelled(long time, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiRequestCancelled(writer, NO_ATTRIBUTES, at(time), request), "OTF2_EvtWriter_MpiRequestCancelled");
    }

    void collectiveBegin(long time) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiCollectiveBegin(writer, NO_ATTRIBUTES, at(time)), "OTF2_EvtWriter_MpiCollectiveBegin");
    }

    void collectiveEnd(long time, byte op, int comm, int root, long sent, long received) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiCollectiveEnd(writer, NO_ATTRIBUTES, at(time), op, comm, root, sent, received),
                "OTF2_EvtWriter_MpiCollectiveEnd");
    }

    /** Ends the location's events: libotf2 writes what its buffer still holds. */
    void close() {
        if (writerHandle == null) return;
        Pointer w = writerHandle;
        writerHandle = null;
        writer = 0;
        archive.closeEvtWriter(w);
    }
}
