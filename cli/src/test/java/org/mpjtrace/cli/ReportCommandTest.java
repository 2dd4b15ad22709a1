package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.mpjtrace.cli.phases.AcrossRanks;
import org.mpjtrace.cli.phases.CallBudget;
import org.mpjtrace.trace.TraceFile;
import org.mpjtrace.trace.io.TraceReader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code mpjtrace report}: one self-contained HTML page, checked as written (every picture a PNG inside
 * the page, nothing fetched from elsewhere) and as headless Chromium renders it (Debian's chromium, which
 * the test command installs): the program and rank count shown, every picture decoded, no console message.
 */
class ReportCommandTest {
    private static final Pattern PNG = Pattern.compile("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"");

    @TempDir
    Path dir;


    @ParameterizedTest
    @CsvSource({"ring-dump, 3, false", "phasechange-chameleon, 3, true"})
    void thePageHoldsItsPicturesAndRendersInChromiumWithoutAConsoleMessage(String name, int pictures, boolean clustered) throws Exception {
        Path html = dir.resolve(name + ".html");
        Cli c = Cli.run("report", CorpusFiles.path(name).toString(), "-o", html.toString());
        assertEquals(0, c.code, c.toString());
        String page = Files.readString(html);
        assertFalse(page.contains("http://") || page.contains("https://") || page.contains("<link"), "nothing to fetch");
        Matcher m = PNG.matcher(page);
        int found = 0;
        while (m.find()) {
            assertNotNull(ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(m.group(1)))), "a PNG");
            found++;
        }
        assertEquals(pictures, found, "heatmaps of bytes and messages, and the timeline");
        assertEquals(clustered, page.contains("<h2>Clustering</h2>"));

        List<String> command = new ArrayList<>(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--user-data-dir=" + dir.resolve("profile-" + name),
                "--dump-dom", html.toUri().toString()));
        Process p = new ProcessBuilder(command).redirectError(dir.resolve(name + ".err").toFile()).start();
        byte[] dom = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "chromium ended");
        String rendered = new String(dom, StandardCharsets.UTF_8);
        String log = Files.readString(dir.resolve(name + ".err"));
        assertEquals(0, p.exitValue(), log);
        assertTrue(rendered.contains("data-images-loaded=\"" + pictures + "\""), "every picture decoded by the browser\n" + rendered.substring(0, Math.min(400, rendered.length())));
        String program = Cli.output("decode", CorpusFiles.path(name).toString()).lines().filter(l -> l.startsWith("main class:")).findFirst().orElseThrow()
                .substring("main class:".length()).strip().split(" ")[0];
        assertTrue(rendered.contains("<h1>" + program + "</h1>"), "the program: " + program);
        String ranks = Cli.output("decode", CorpusFiles.path(name).toString()).lines().filter(l -> l.startsWith("ranks:")).findFirst().orElseThrow()
                .substring("ranks:".length()).strip().split(" ")[0];
        assertTrue(rendered.contains(ranks + " ranks, mode"), "the rank count: " + ranks);
        assertTrue(log.lines().noneMatch(l -> l.contains("CONSOLE")), "no console message:\n" + log);
    }

    @Test
    void thePageShowsTheExecutionPhasesOfEachClassOfRanks() throws Exception {
        Path trace = Path.of(getClass().getResource("/phases/threephases-dump.mpjt").toURI());
        Path html = dir.resolve("threephases.html");
        Cli c = Cli.run("report", trace.toString(), "-o", html.toString());
        assertEquals(0, c.code, c.toString());
        String page = Files.readString(html);
        assertTrue(page.contains("<h2>Phases</h2>"), "a Phases section");
        assertTrue(page.contains("<h3>Ranks 0-3 (4): t="), "the four ranks are one class");
        // Set-up, solve and finish in their three functions, as ThreePhases makes them (see the trace's README).
        for (String f : List.of("ThreePhases.setUp (16)", "ThreePhases.solve (72)", "ThreePhases.finish (16)"))
            assertTrue(page.contains(f), f);
    }

    @Test
    void aCompressedTraceOfFourMillionCallsGetsItsPhasesAndADumpPastTheBoundANote() throws Exception {
        // Stencil2D 2x2, 200,000 steps in mode full (phases/README.md): each rank's time loop is read one
        // iteration and a count, far within the page's bound of calls read one by one.
        Path big = Path.of(getClass().getResource("/phases/stencil2d-4m-full.mpjt").toURI());
        Path html = dir.resolve("big.html");
        Cli c = Cli.run("report", big.toString(), "-o", html.toString());
        assertEquals(0, c.code, c.toString());
        String page = Files.readString(html);
        assertTrue(page.contains("<h2>Phases</h2>") && !page.contains("Not computed here"), "phases computed");
        assertTrue(page.contains("Stencil2D.main (1020000)"), "the solve phase's 1,020,000 calls in main");

        // The bound counts calls read one by one: a dump's 424 calls spend 424 of it.
        TraceFile dump = TraceReader.read(Path.of(getClass().getResource("/phases/threephases-dump.mpjt").toURI()));
        assertThrows(CallBudget.Spent.class, () -> AcrossRanks.of(dump, null, 0, new CallBudget(423)));
        assertEquals(1, AcrossRanks.of(dump, null, 0, new CallBudget(424)).classes().size());
    }
}
