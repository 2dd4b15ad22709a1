package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjtrace.cli.job.Installation;

/**
 * Both shaded jars keep the notices of what they bundle: META-INF/THIRD-PARTY.txt names every library
 * the build put in (as Maven listed them into target/bundled-dependencies.txt, version and all), each
 * with a licence text that is in the jar; the libraries' NOTICE files are merged into one, and
 * mpjtrace's own licence is there.
 */
class ShadedJarNoticesIT {
    /** {@code group:artifact:jar:version:scope} in the dependency plugin's list. */
    private static final Pattern LISTED = Pattern.compile("^\\s+([\\w.\\-]+):([\\w.\\-]+):jar:([\\w.\\-]+):(compile|runtime)\\b");
    /** {@code group:artifact:version  LICENCE  path} in THIRD-PARTY.txt. */
    private static final Pattern NOTICED = Pattern.compile("^([\\w.\\-]+:[\\w.\\-]+:[\\w.\\-]+)\\s+(\\S+)\\s+(META-INF/licenses/\\S+)$");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"agent", "cli"})
    void everyBundledLibraryIsNamedWithItsVersionAndALicenceTextThatIsInTheJar(String module) throws IOException {
        Installation inst = Installation.fromEnvironment();
        Path jar = module.equals("agent") ? inst.tracerJar() : inst.cliJar();
        Path listed = jar.getParent().resolve("bundled-dependencies.txt");
        TreeSet<String> bundled = new TreeSet<>();
        for (String line : Files.readAllLines(listed)) {
            Matcher m = LISTED.matcher(line);
            if (m.find()) bundled.add(m.group(1) + ":" + m.group(2) + ":" + m.group(3));
        }
        assertTrue(bundled.size() >= 6, "the build's list of bundled libraries (" + listed + "): " + bundled);
        try (JarFile j = new JarFile(jar.toFile())) {
            TreeSet<String> noticed = new TreeSet<>();
            List<String> missingTexts = new ArrayList<>();
            for (String line : text(j, "META-INF/THIRD-PARTY.txt").lines().toList()) {
                Matcher m = NOTICED.matcher(line);
                if (!m.find()) continue;
                noticed.add(m.group(1));
                if (j.getEntry(m.group(3)) == null) missingTexts.add(m.group(3));
            }
            assertEquals(bundled, noticed, jar + ": THIRD-PARTY.txt names exactly what the build bundled");
            assertEquals(List.of(), missingTexts, "licence texts THIRD-PARTY.txt points to");
            assertTrue(text(j, "META-INF/NOTICE").contains("Objenesis"), "the libraries' NOTICE files, merged");
            assertTrue(text(j, "META-INF/LICENSE-mpjtrace.txt").startsWith("MIT License"), "mpjtrace's own licence");
        }
    }

    private static String text(JarFile jar, String name) throws IOException {
        assertNotNull(jar.getEntry(name), name + " in " + jar.getName());
        try (InputStream in = jar.getInputStream(jar.getEntry(name))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
