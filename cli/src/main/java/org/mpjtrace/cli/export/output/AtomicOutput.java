package org.mpjtrace.cli.export.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import org.mpjtrace.cli.BadInputException;

/**
 * An output file that appears whole or not at all: written under a temporary name of its own in the
 * same folder ({@code .OUT.RANDOM.tmp}, created with CREATE_NEW so two exports never share one), renamed
 * onto OUT by {@link #commit}, deleted by {@link #close} when not committed (a failed export leaves
 * nothing under OUT's name, and an OUT already there keeps its old content). The rename is atomic within
 * the folder, so a viewer opening OUT never reads half a file.
 *
 * <p>Written through {@link WriteBehindStream}: the kernel's copying of the exports' gigabytes into the
 * page cache runs on a thread of its own, beside the formatting (docs/benchmarks.md).
 */
public final class AtomicOutput implements AutoCloseable {
    private final Path target;
    private final Path temp;
    private final OutputStream stream;
    private boolean committed;

    private AtomicOutput(Path target, Path temp, OutputStream stream) {
        this.target = target;
        this.temp = temp;
        this.stream = stream;
    }

    /** @throws BadInputException in one line when OUT is a folder or its folder is missing or takes no new file */
    public static AtomicOutput create(Path out) {
        Path target = out.toAbsolutePath();
        Path folder = target.getParent();
        if (Files.isDirectory(target)) throw new BadInputException(out + ": is a directory");
        if (folder == null || !Files.isDirectory(folder)) throw new BadInputException(out + ": no such folder: " + folder);
        Path temp = folder.resolve("." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + ".tmp");
        try {
            OutputStream s = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new AtomicOutput(target, temp, new WriteBehindStream(s, target.getFileName().toString()));
        } catch (AccessDeniedException e) {
            throw new BadInputException(out + ": cannot write in folder " + folder + ": permission denied");
        } catch (NoSuchFileException e) {
            throw new BadInputException(out + ": no such folder: " + folder);
        } catch (IOException e) {
            throw new BadInputException(out + ": cannot write in folder " + folder + ": " + e.getMessage());
        }
    }

    public OutputStream stream() {
        return stream;
    }

    /** Closes the stream and renames the temporary file onto OUT. */
    public void commit() throws IOException {
        stream.close();
        rename();
    }

    /**
     * Commits files written together (a Paraver export's three): every stream is closed first, so that a
     * failure to write any of them renames none; then each is renamed. Only a rename failing part way
     * (the folder removed in between) can leave some renamed.
     */
    public static void commitAll(AtomicOutput... outputs) throws IOException {
        for (AtomicOutput o : outputs) o.stream.close();
        for (AtomicOutput o : outputs) o.rename();
    }

    private void rename() throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    /** Without a commit: discards what was written. */
    @Override
    public void close() {
        if (committed) return;
        try {
            stream.close();
        } catch (IOException e) {
            // The file is deleted below; what it failed to flush does not matter.
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // Nothing more to do: the name says it is temporary.
        }
    }
}
