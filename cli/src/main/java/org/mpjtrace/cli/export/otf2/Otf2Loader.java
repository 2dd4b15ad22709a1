package org.mpjtrace.cli.export.otf2;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import org.mpjtrace.cli.BadInputException;

/**
 * Finds libotf2 at export time: Debian names it libopen-trace-format2.so.10, an upstream build (Score-P's
 * own, /usr/local) libotf2.so.10; both are OTF2 3.x with the same ABI. Loaded once per JVM and only by the
 * OTF2 export, so every other command runs on a machine without it.
 */
final class Otf2Loader {
    static final String MISSING = "OTF2 export needs libotf2: apt-get install libopen-trace-format2-10";
    private static final String[] NAMES = {"libopen-trace-format2.so.10", "libotf2.so.10"};
    private static boolean loaded;
    /**
     * Keeps libotf2 from printing its errors on stderr: each error comes back as a code, which the
     * export reports in its one line. Held here for as long as the library stays loaded.
     */
    private static final Otf2Library.ErrorCallback QUIET = (userData, file, line, function, code, format, va) -> code;

    private Otf2Loader() {}

    /**
     * Binds {@link Otf2Library}'s natives, once.
     *
     * @throws BadInputException (one line: how to install it) when neither name loads
     */
    static synchronized void load() {
        if (loaded) return;
        for (String name : NAMES) {
            try {
                Native.register(Otf2Library.class, NativeLibrary.getInstance(name));
            } catch (LinkageError notThere) {
                continue; // try the next name; the one line below says what to install
            }
            Otf2Library.OTF2_Error_RegisterCallback(QUIET, null);
            loaded = true;
            return;
        }
        throw new BadInputException(MISSING);
    }
}
