package org.mpjtrace.cli.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MPJ Express's report of a rank's main that threw, told apart from the stack traces a program prints itself. */
class ThrownInMainTest {
    private static final List<String> REFLECTION = List.of(
            "\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
            "\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke(NativeMethodAccessorImpl.java:77)",
            "\tat java.base/jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:43)",
            "\tat java.base/java.lang.reflect.Method.invoke(Method.java:569)");

    /** What each line gives, in order: the causes found. */
    private static List<String> causes(List<String> lines) {
        ThrownInMain scan = new ThrownInMain();
        List<String> found = new ArrayList<>();
        for (String line : lines) {
            String cause = scan.line(line);
            if (cause != null) found.add(cause);
        }
        return found;
    }

    private static List<String> report(List<String> callers, String cause) {
        List<String> lines = new ArrayList<>();
        lines.add("java.lang.reflect.InvocationTargetException");
        lines.addAll(REFLECTION);
        lines.addAll(callers);
        lines.add("Caused by: " + cause);
        lines.add("\tat Throws.main(Throws.java:5)");
        lines.add("\t... 6 more");
        return lines;
    }

    @Test
    void theMulticoreStartersReportGivesTheExceptionTheRankThrew() {
        List<String> lines = new ArrayList<>(List.of("Ring np=4 sum=10"));
        lines.addAll(report(List.of("\tat runtime.starter.MulticoreStarter$1.run(MulticoreStarter.java:281)", "\tat java.base/java.lang.Thread.run(Thread.java:840)"),
                "java.lang.IllegalStateException: boom on 1"));
        assertEquals(List.of("java.lang.IllegalStateException: boom on 1"), causes(lines));
    }

    @Test
    void niodevsWrapperReportsEachRankThatThrew() {
        List<String> lines = new ArrayList<>();
        for (int rank = 0; rank < 2; rank++) {
            lines.add("[vm-Wrapper.java]: Multi-threaded starter: exceptionnull");
            lines.addAll(report(List.of("\tat runtime.daemon.Wrapper.execute(Wrapper.java:131)", "\tat runtime.daemon.Wrapper.run(Wrapper.java:144)"),
                    "java.lang.ArithmeticException: / by zero on " + rank));
        }
        assertEquals(List.of("java.lang.ArithmeticException: / by zero on 0", "java.lang.ArithmeticException: / by zero on 1"), causes(lines));
    }

    @Test
    void aTraceTheProgramPrintsOfItsOwnReflectiveCallIsNotOne() {
        // The program called a method reflectively, caught what it threw and printed it: its own frames come before MPJ's.
        List<String> lines = new ArrayList<>();
        lines.add("java.lang.reflect.InvocationTargetException");
        lines.addAll(REFLECTION);
        lines.add("\tat app.Plugins.load(Plugins.java:40)");
        lines.add("\tat app.Main.main(Main.java:12)");
        lines.addAll(REFLECTION);
        lines.add("\tat runtime.starter.MulticoreStarter$1.run(MulticoreStarter.java:281)");
        lines.add("Caused by: java.io.FileNotFoundException: plugin.conf");
        assertEquals(List.of(), causes(lines));
    }

    @Test
    void aReportCutByOtherOutputIsNotOne() {
        List<String> lines = new ArrayList<>(List.of("java.lang.reflect.InvocationTargetException"));
        lines.addAll(REFLECTION);
        lines.add("step 3 done");
        lines.add("\tat runtime.starter.MulticoreStarter$1.run(MulticoreStarter.java:281)");
        lines.add("Caused by: java.lang.IllegalStateException: boom");
        assertEquals(List.of(), causes(lines));
        assertNull(new ThrownInMain().line("Caused by: java.lang.IllegalStateException: boom"), "a cause alone is not a report");
    }

    @Test
    void newerJdksReflectionFramesAndCarriageReturnsAreRead() {
        List<String> lines = List.of("java.lang.reflect.InvocationTargetException\r",
                "\tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:118)\r",
                "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)\r",
                "\tat runtime.starter.MulticoreStarter$1.run(MulticoreStarter.java:281)\r",
                "Caused by: java.lang.OutOfMemoryError: Java heap space\r");
        assertEquals(List.of("java.lang.OutOfMemoryError: Java heap space"), causes(lines));
    }
}
