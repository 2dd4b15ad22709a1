package org.mpjtrace.agent;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.Set;

/**
 * Whether a class is MPJ Express's own, told by where it comes from, not by its name: an application
 * class in a package named {@code mpi.something} (as MPJ's own test suites are) is an application class
 * and is traced. A class is MPJ's when it comes from one of MPJ Express's jars: a jar in
 * {@code $MPJ_HOME/lib}, or a jar named as MPJ's are (upstream's {@code mpj.jar}, Debian's
 * {@code mpj-0.44.jar}), wherever the class path puts it. Only a class whose origin is unknown (no code
 * source) falls back to MPJ's package names.
 */
final class MpjOrigin {
    /** MPJ Express 0.44's jars, without version or extension. */
    private static final Set<String> JARS = Set.of("mpj", "mpi", "mpiExp", "mpjdev", "mpjbuf", "xdev", "smpdev", "niodev",
            "mxdev", "hybdev", "runtimecommon", "starter", "daemon", "daemonmanager", "loader1", "loader2");
    /** MPJ Express's packages, for classes of unknown origin only. */
    private static final String[] PACKAGES = {"mpi/", "mpjdev/", "mpjbuf/", "xdev/", "runtime/", "smpdev/", "niodev/", "mxdev/", "hybdev/"};

    private final Path mpjLib;

    /** @param mpjHome MPJ_HOME, or null when not set */
    MpjOrigin(String mpjHome) {
        Path lib = null;
        try {
            if (mpjHome != null && !mpjHome.isEmpty()) lib = Path.of(mpjHome, "lib").toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            // An unusable MPJ_HOME: jar names still tell.
        }
        this.mpjLib = lib;
    }

    static MpjOrigin ofEnvironment() {
        return new MpjOrigin(System.getenv("MPJ_HOME"));
    }

    /** Whether the class {@code className} (internal name) loaded with {@code domain} is MPJ Express's. */
    boolean isMpj(String className, ProtectionDomain domain) {
        Path jar = location(domain);
        if (jar == null) return hasMpjPackage(className);
        return isMpjJar(jar);
    }

    /** Whether a class path entry is one of MPJ Express's jars. */
    boolean isMpjJar(Path entry) {
        Path file = entry.getFileName();
        if (file == null) return false;
        String name = file.toString();
        if (!name.endsWith(".jar")) return false;
        if (mpjLib != null && mpjLib.equals(entry.toAbsolutePath().normalize().getParent())) return true;
        String base = name.substring(0, name.length() - ".jar".length()).replaceFirst("-[0-9][0-9.]*$", "");
        return JARS.contains(base);
    }

    static boolean hasMpjPackage(String className) {
        for (String p : PACKAGES) if (className.startsWith(p)) return true;
        return false;
    }

    private static Path location(ProtectionDomain domain) {
        CodeSource source = domain == null ? null : domain.getCodeSource();
        URL url = source == null ? null : source.getLocation();
        if (url == null || !"file".equals(url.getProtocol())) return null;
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
