package org.mpjtrace.cli.export.otf2;

import com.sun.jna.Pointer;
import java.nio.file.Path;
import org.mpjtrace.cli.BadInputException;

/**
 * One OTF2 archive being written with libotf2, serially (one process writes every location, so the
 * library's serial collective callbacks stand in for MPI). The archive is {@code dir/traces.otf2} with
 * its event and definition files under {@code dir/traces/}. Every library call goes through {@link #check},
 * so an OTF2 error becomes one line naming the function and OTF2's name for the error.
 *
 * <p>libotf2 keeps each event writer's records in memory chunks (1 MiB here, up to its default pool of
 * 128 MiB per writer) and asks the flush callback before writing a full pool to its file; the answer is
 * always yes, which is what bounds the export's native memory whatever the trace's length.
 */
final class Otf2Archive implements AutoCloseable {
    static final String NAME = "traces";

    private final Pointer archive;
    /** Strongly held: libotf2 keeps only the native function pointers. */
    private final Otf2Library.FlushCallbacks flush = new Otf2Library.FlushCallbacks();
    /** The time of the latest event written, which libotf2 stamps on a buffer-flush record. */
    private long lastTime;
    private boolean closed;

    /** Call after {@link Otf2Loader#load}. */
    Otf2Archive(Path dir, String creator) {
        archive = Otf2Library.OTF2_Archive_Open(dir.toString(), NAME, Otf2Library.FILEMODE_WRITE, Otf2Library.CHUNK_SIZE_EVENTS,
                Otf2Library.CHUNK_SIZE_DEFINITIONS, Otf2Library.SUBSTRATE_POSIX, Otf2Library.COMPRESSION_NONE);
        if (archive == null) throw new BadInputException("OTF2_Archive_Open failed for " + dir);
        flush.preFlush = (userData, fileType, location, callerData, last) -> Otf2Library.FLUSH;
        flush.postFlush = (userData, fileType, location) -> lastTime;
        flush.write();
        try {
            check(Otf2Library.OTF2_Archive_SetFlushCallbacks(archive, flush, null), "OTF2_Archive_SetFlushCallbacks");
            check(Otf2Library.OTF2_Archive_SetSerialCollectiveCallbacks(archive), "OTF2_Archive_SetSerialCollectiveCallbacks");
            check(Otf2Library.OTF2_Archive_SetCreator(archive, creator), "OTF2_Archive_SetCreator");
            check(Otf2Library.OTF2_Archive_OpenEvtFiles(archive), "OTF2_Archive_OpenEvtFiles");
        } catch (BadInputException e) {
            closed = true;
            Otf2Library.OTF2_Archive_Close(archive); // frees it; the first error is the one to report
            throw e;
        }
    }

    void time(long t) {
        lastTime = t;
    }

    /**
     * @throws BadInputException naming the function, OTF2's name of the error and its description when
     *         {@code code} is not OTF2_SUCCESS (for errors from the system OTF2 3.0 names the errno)
     */
    void check(int code, String function) {
        if (code != Otf2Library.SUCCESS)
            throw new BadInputException(function + ": OTF2 error " + Otf2Library.OTF2_Error_GetName(code) + " (" + Otf2Library.OTF2_Error_GetDescription(code) + ")");
    }

    Pointer evtWriter(long location) {
        Pointer w = Otf2Library.OTF2_Archive_GetEvtWriter(archive, location);
        if (w == null) throw new BadInputException("OTF2_Archive_GetEvtWriter failed for location " + location);
        return w;
    }

    void closeEvtWriter(Pointer writer) {
        check(Otf2Library.OTF2_Archive_CloseEvtWriter(archive, writer), "OTF2_Archive_CloseEvtWriter");
    }

    /** Ends the event files and writes an empty local definition file per location, which readers open. */
    void endEvents(long[] locations) {
        check(Otf2Library.OTF2_Archive_CloseEvtFiles(archive), "OTF2_Archive_CloseEvtFiles");
        check(Otf2Library.OTF2_Archive_OpenDefFiles(archive), "OTF2_Archive_OpenDefFiles");
        for (long l : locations) {
            Pointer w = Otf2Library.OTF2_Archive_GetDefWriter(archive, l);
            if (w == null) throw new BadInputException("OTF2_Archive_GetDefWriter failed for location " + l);
            check(Otf2Library.OTF2_Archive_CloseDefWriter(archive, w), "OTF2_Archive_CloseDefWriter");
        }
        check(Otf2Library.OTF2_Archive_CloseDefFiles(archive), "OTF2_Archive_CloseDefFiles");
    }

    Pointer globalDefWriter() {
        Pointer w = Otf2Library.OTF2_Archive_GetGlobalDefWriter(archive);
        if (w == null) throw new BadInputException("OTF2_Archive_GetGlobalDefWriter failed");
        return w;
    }

    /** Writes the anchor file and frees the archive; a failure here means the archive is incomplete. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        check(Otf2Library.OTF2_Archive_Close(archive), "OTF2_Archive_Close");
    }
}
