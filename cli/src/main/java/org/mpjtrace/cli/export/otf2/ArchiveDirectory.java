package org.mpjtrace.cli.export.otf2;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.stream.Stream;
import org.mpjtrace.cli.BadInputException;

/**
 * Where an archive is written: a fresh directory of a random name beside OUT, renamed to OUT once the
 * archive is complete, so nothing partial is ever under OUT's name. An OUT that already holds an OTF2
 * archive (its anchor file {@code traces.otf2}) is replaced; any other existing OUT is refused, so an
 * export never deletes a directory it did not make.
 */
final class ArchiveDirectory {
    private final Path out;
    private final Path temp;

    private ArchiveDirectory(Path out, Path temp) {
        this.out = out;
        this.temp = temp;
    }

    /** @throws BadInputException (one line) when OUT's folder cannot hold it or OUT is in the way */
    static ArchiveDirectory beside(Path out) {
        Path abs = out.toAbsolutePath().normalize();
        checkReplaceable(abs);
        Path folder = abs.getParent();
        try {
            return new ArchiveDirectory(abs, Files.createDirectory(folder.resolve(randomName(abs))));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            throw new BadInputException("cannot write " + out + ": " + reason(e));
        }
    }

    Path temp() {
        return temp;
    }

    /** Puts the complete archive under OUT's name, replacing an archive there. */
    void commit() {
        checkReplaceable(out);
        try {
            if (Files.exists(out)) {
                Path old = out.resolveSibling(randomName(out));
                Files.move(out, old, StandardCopyOption.ATOMIC_MOVE);
                Files.move(temp, out, StandardCopyOption.ATOMIC_MOVE);
                delete(old);
            } else {
                Files.move(temp, out, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new BadInputException("cannot write " + out + ": " + reason(e));
        }
    }

    /** Removes the temporary directory and whatever the failed export left in it. */
    void discard() {
        try {
            delete(temp);
        } catch (IOException e) {
            // the export's own error is the one to report; a leftover temporary directory has a dot name
        }
    }

    /**
     * A hidden name beside OUT no one else uses. Made with createDirectory rather than
     * createTempDirectory, whose mode 700 would keep the archive from the user's colleagues: this one
     * follows the umask like the files libotf2 writes in it.
     */
    private static String randomName(Path out) {
        return "." + out.getFileName() + ".otf2-" + Long.toHexString(new SecureRandom().nextLong());
    }

    private static void checkReplaceable(Path out) {
        if (Files.exists(out) && !Files.isRegularFile(out.resolve(Otf2Archive.NAME + ".otf2")))
            throw new BadInputException("cannot write " + out + ": it exists and is not an OTF2 archive; remove it or choose another name");
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    private static String reason(Exception e) {
        if (e instanceof FileAlreadyExistsException) return "a file of that name is in the way";
        if (e instanceof NoSuchFileException) return "its folder does not exist";
        if (e instanceof AccessDeniedException) return "permission denied";
        // The system's reason alone: the path in the message would be the temporary directory's, not OUT.
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + " " + e.getMessage();
    }
}
