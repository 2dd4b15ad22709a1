package org.mpjtrace.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceFormatException;
import org.mpjtrace.trace.io.TraceReader;

/** Opens a trace file named on the command line, turning every way that can fail into one line of bad input. */
public final class TraceFiles {

    private TraceFiles() {}

    public static TraceFile load(Path file) {
        if (Files.isDirectory(file)) throw new BadInputException(file + ": is a directory, not a trace file");
        try {
            return TraceReader.read(file);
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
