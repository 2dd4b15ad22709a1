package org.mpjtrace.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the mpjtrace command in-process with captured output. */
final class Cli {
    final int code;
    final String out;
    final String err;

    private Cli(int code, String out, String err) {
        this.code = code;
        this.out = out;
        this.err = err;
    }

    /** As bin/mpjtrace runs it (Main.newCommandLine). */
    static Cli run(String... args) {
        return run(Main.newCommandLine(), args);
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

    /** The lines of stderr. */
    long errLines() {
        return err.lines().count();
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- out\n" + out + "--- err\n" + err;
    }
}
