package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Assertions;
import picocli.CommandLine;

/** Runs the mpjtrace command in-process with captured output (public for the tests of other packages). */
public final class Cli {
    public final int code;
    public final String out;
    public final String err;

    private Cli(int code, String out, String err) {
        this.code = code;
        this.out = out;
        this.err = err;
    }

    /** As bin/mpjtrace runs it (Main.newCommandLine). */
    public static Cli run(String... args) {
        return run(Main.newCommandLine(), args);
    }

    /** What {@code mpjtrace ARGS} prints on stdout, having checked that it exits 0. */
    public static String output(String... args) {
        Cli c = run(args);
        Assertions.assertEquals(0, c.code, () -> String.join(" ", args) + ": " + c);
        return c.out;
    }

    /** Through a CommandLine built without mpjtrace's own exception handler. */
    static Cli runPlain(String... args) {
        return run(new CommandLine(new Main()), args);
    }

    private static Cli run(CommandLine cl, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }

    /**
     * {@code run OPTIONS -cp app.jar Main} is refused before any job starts: exit 2, one line on stderr
     * containing {@code mustContain}, nothing on stdout.
     */
    static void assertRunRefused(String mustContain, String... options) {
        String[] args = new String[options.length + 4];
        args[0] = "run";
        System.arraycopy(options, 0, args, 1, options.length);
        args[options.length + 1] = "-cp";
        args[options.length + 2] = "app.jar";
        args[options.length + 3] = "Main";
        assertRefused(mustContain, args);
    }

    /** {@code mpjtrace ARGS} is refused: exit 2, one line on stderr containing {@code mustContain}, nothing on stdout. */
    static void assertRefused(String mustContain, String... args) {
        Cli c = run(args);
        Assertions.assertEquals(2, c.code, c.toString());
        Assertions.assertEquals(1, c.errLines(), c.toString());
        Assertions.assertTrue(c.err.startsWith("mpjtrace: ") && c.err.contains(mustContain), c.err);
        Assertions.assertEquals("", c.out, "nothing done");
    }

    /** The lines of stderr. */
    long errLines() {
        return err.lines().count();
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- out\n" + out + "--- err\n" + err;
    }
}
