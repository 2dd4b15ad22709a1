package org.mpjtrace.cli.job;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.cli.BadInputException;

/**
 * Where things are: the mpjtrace home (the repository root, holding agent/target/tracer.jar and the
 * examples jar) and MPJ Express's home. Every lookup that fails is a {@link BadInputException} naming
 * what is missing and how to get it.
 */
public final class Installation {
    private final Path home;
    private final Path mpjHome;

    /**
     * @param home    the mpjtrace home, or null when unknown
     * @param mpjHome MPJ_HOME, or null when unset
     */
    public Installation(Path home, Path mpjHome) {
        this.home = home;
        this.mpjHome = mpjHome;
    }

    /**
     * From the environment: system property {@code mpjtrace.home} (bin/mpjtrace sets it), else derived
     * from where this class was loaded (cli/target/mpjtrace-cli.jar or cli/target/classes are both
     * three levels below the root); MPJ_HOME from the environment variable.
     */
    public static Installation fromEnvironment() {
        String prop = System.getProperty("mpjtrace.home");
        Path home = prop != null && !prop.isBlank() ? Path.of(prop) : guessHome();
        String env = System.getenv("MPJ_HOME");
        return new Installation(home == null ? null : home.toAbsolutePath().normalize(),
                env == null || env.isBlank() ? null : Path.of(env).toAbsolutePath().normalize());
    }

    private static Path guessHome() {
        try {
            Path where = Path.of(Installation.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path root = where.getParent() == null ? null : where.getParent().getParent();
            root = root == null ? null : root.getParent();
            return root != null && Files.isDirectory(root.resolve("agent")) ? root : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** MPJ_HOME, checked to hold the starter and the jars a multicore job runs on. */
    public Path mpjHome() {
        if (mpjHome == null)
            throw new BadInputException("MPJ_HOME is not set: point it at an MPJ Express 0.44 install (bin/mpjtrace sets it up)");
        if (!Files.isRegularFile(starterJar(mpjHome)))
            throw new BadInputException("MPJ_HOME=" + mpjHome + " has no lib/starter.jar: point it at an MPJ Express 0.44 install");
        for (String jar : StarterCommand.MULTICORE_JARS)
            if (!Files.isRegularFile(mpjHome.resolve("lib").resolve(jar)))
                throw new BadInputException("MPJ_HOME=" + mpjHome + " has no lib/" + jar + ": point it at an MPJ Express 0.44 install");
        return mpjHome;
    }

    public Path starterJar() {
        return starterJar(mpjHome());
    }

    public Path daemonJar() {
        Path jar = mpjHome().resolve("lib").resolve("daemon.jar");
        if (!Files.isRegularFile(jar)) throw new BadInputException("MPJ_HOME=" + mpjHome + " has no lib/daemon.jar, needed for niodev");
        return jar;
    }

    /** The agent jar, agent/target/tracer.jar under the mpjtrace home. */
    public Path tracerJar() {
        Path jar = home().resolve("agent").resolve("target").resolve("tracer.jar");
        if (!Files.isRegularFile(jar))
            throw new BadInputException("tracer jar not found: " + jar + " (build it: mvn -B -q install -DskipTests in " + home + ")");
        return jar;
    }

    /** The CLI's own jar, cli/target/mpjtrace-cli.jar under the mpjtrace home: the replayer runs from it. */
    public Path cliJar() {
        Path jar = home().resolve("cli").resolve("target").resolve("mpjtrace-cli.jar");
        if (!Files.isRegularFile(jar))
            throw new BadInputException("mpjtrace's jar not found: " + jar + " (build it: mvn -B -q install -DskipTests in " + home + ")");
        return jar;
    }

    /** The examples jar, examples/target/examples-VERSION.jar under the mpjtrace home. */
    public Path examplesJar() {
        Path dir = home().resolve("examples").resolve("target");
        List<Path> jars = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "examples-*.jar")) {
                for (Path p : ds) {
                    String name = p.getFileName().toString();
                    // Only the classes jar: sources and test jars would not run the programs.
                    if (!name.endsWith("-sources.jar") && !name.endsWith("-tests.jar") && !name.endsWith("-javadoc.jar")) jars.add(p);
                }
            } catch (IOException e) {
                throw new BadInputException("cannot list " + dir + ": " + e.getMessage());
            }
        }
        if (jars.isEmpty())
            throw new BadInputException("examples jar not found in " + dir + " (build it: mvn -B -q install -DskipTests in " + home + ")");
        jars.sort(null);
        return jars.get(jars.size() - 1);
    }

    private Path home() {
        if (home == null)
            throw new BadInputException("mpjtrace home unknown: run through bin/mpjtrace, or pass -Dmpjtrace.home=REPO to java");
        return home;
    }

    private static Path starterJar(Path mpjHome) {
        return mpjHome.resolve("lib").resolve("starter.jar");
    }
}
