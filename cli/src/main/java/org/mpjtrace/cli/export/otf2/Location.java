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
    private Pointer writer;
    private long events;
    private long last;

    Location(Otf2Archive archive, int rank, int thread) {
        this.archive = archive;
        this.rank = rank;
        this.thread = thread;
        this.id = id(rank, thread);
        writer = archive.evtWriter(id);
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

    void enter(long time, int region) {
        archive.check(Otf2Library.OTF2_EvtWriter_Enter(writer, null, at(time), region), "OTF2_EvtWriter_Enter");
    }

    void leave(long time, int region) {
        archive.check(Otf2Library.OTF2_EvtWriter_Leave(writer, null, at(time), region), "OTF2_EvtWriter_Leave");
    }

    void send(long time, int receiver, int comm, int tag, long bytes) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiSend(writer, null, at(time), receiver, comm, tag, bytes), "OTF2_EvtWriter_MpiSend");
    }

    void recv(long time, int sender, int comm, int tag, long bytes) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiRecv(writer, null, at(time), sender, comm, tag, bytes), "OTF2_EvtWriter_MpiRecv");
    }

    void isend(long time, int receiver, int comm, int tag, long bytes, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiIsend(writer, null, at(time), receiver, comm, tag, bytes, request), "OTF2_EvtWriter_MpiIsend");
    }

    void isendComplete(long time, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiIsendComplete(writer, null, at(time), request), "OTF2_EvtWriter_MpiIsendComplete");
    }

    void irecvRequest(long time, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiIrecvRequest(writer, null, at(time), request), "OTF2_EvtWriter_MpiIrecvRequest");
    }

    void irecv(long time, int sender, int comm, int tag, long bytes, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiIrecv(writer, null, at(time), sender, comm, tag, bytes, request), "OTF2_EvtWriter_MpiIrecv");
    }

    void requestCancelled(long time, int request) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiRequestCancelled(writer, null, at(time), request), "OTF2_EvtWriter_MpiRequestCancelled");
    }

    void collectiveBegin(long time) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiCollectiveBegin(writer, null, at(time)), "OTF2_EvtWriter_MpiCollectiveBegin");
    }

    void collectiveEnd(long time, byte op, int comm, int root, long sent, long received) {
        archive.check(Otf2Library.OTF2_EvtWriter_MpiCollectiveEnd(writer, null, at(time), op, comm, root, sent, received),
                "OTF2_EvtWriter_MpiCollectiveEnd");
    }

    /** Ends the location's events: libotf2 writes what its buffer still holds. */
    void close() {
        if (writer == null) return;
        Pointer w = writer;
        writer = null;
        archive.closeEvtWriter(w);
    }
}
