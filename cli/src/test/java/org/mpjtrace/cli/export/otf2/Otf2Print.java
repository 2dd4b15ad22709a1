package org.mpjtrace.cli.export.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads an archive back with OTF2's own otf2-print (Debian otf2-tools), the way a user would check one:
 * its event lines, counted per location and record kind, and its global definitions' lines (public for
 * the integration tests of other packages).
 */
public final class Otf2Print {
    /** One event line: record kind, location, time, and the rest as otf2-print spells it. */
    public record Line(String kind, long location, long time, String attributes) {}

    private Otf2Print() {}

    public static List<Line> events(Path archive) {
        List<Line> lines = new ArrayList<>();
        for (String s : run(archive)) {
            String[] f = s.trim().split("\\s+", 4);
            if (f.length < 3 || !f[1].matches("\\d+") || !f[2].matches("\\d+")) continue;
            lines.add(new Line(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]), f.length > 3 ? f[3] : ""));
        }
        return lines;
    }

    /** Location id to record kind to count. */
    public static Map<Long, Map<String, Integer>> counts(List<Line> events) {
        Map<Long, Map<String, Integer>> counts = new TreeMap<>();
        for (Line l : events) counts.computeIfAbsent(l.location, x -> new TreeMap<>()).merge(l.kind, 1, Integer::sum);
        return counts;
    }

    static List<String> definitions(Path archive) {
        return run(archive, "-G");
    }

    private static List<String> run(Path archive, String... options) {
        List<String> command = new ArrayList<>(List.of("otf2-print"));
        command.addAll(List.of(options));
        command.add(archive.resolve("traces.otf2").toString());
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), "otf2-print failed:\n" + out);
            return out.lines().toList();
        } catch (IOException e) {
            return fail("otf2-print is not installed: apt-get install otf2-tools libopen-trace-format2-10 (bin/test installs them): " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted");
        }
    }
}
