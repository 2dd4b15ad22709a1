package org.mpjtrace.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.mpjtrace.cli.format.MarkerLogText;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceReader;

/** Opens a trace file named on the command line, turning every way that can fail into one line of bad input. */
public final class TraceFiles {

    private TraceFiles() {}

    /**
     * A trace that holds the whole job, for commands that need every call of every rank (compare,
     * replay): the interim file a clustering job leaves when it dies before MPI.Finalize holds the
     * global trace up to its last marker and no rank sections, so they refuse it in one line.
     */
    public static TraceFile loadWhole(Path file, String command) {
        TraceFile trace = load(file);
        String interim = trace.markers() == null ? null : MarkerLogText.interimNote(trace.markers());
        if (interim != null) throw new BadInputException(file + ": " + interim + "; " + command + " needs the trace of a whole job");
        return trace;
    }

    public static TraceFile load(Path file) {
        return read(file, TraceReader::read);
    }

    /**
     * The trace checked as {@link #load} checks it, its ranks decoded one at a time as they are asked
     * for ({@link TraceReader#open}): for commands that stream the ranks (export, decode --format jsonl).
     */
    public static TraceFile open(Path file) {
        return read(file, TraceReader::open);
    }

    /** A way to read a file: {@link TraceReader#read} or {@link TraceReader#open}. */
    private interface Reader {
        TraceFile read(Path file) throws TraceFormatException, IOException;
    }

    private static TraceFile read(Path file, Reader reader) {
        if (Files.isDirectory(file)) throw new BadInputException(file + ": is a directory, not a trace file");
        try {
            return reader.read(file);
        } catch (TraceFormatException e) {
            // Already "FILE: what: where", one line.
            throw new BadInputException(e.getMessage());
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new BadInputException(file + ": permission denied");
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read: " + e.getMessage());
        } catch (RuntimeException e) {
            // The reader promises TraceFormatException for any bad content; should something slip
            // through, the user still gets one line naming the file rather than a stack trace.
            throw new BadInputException(file + ": cannot read (trace reader failed: " + e + ")");
        }
    }
}
