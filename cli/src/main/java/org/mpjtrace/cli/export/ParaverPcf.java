package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import org.mpjtrace.trace.CallSite;
import org.mpjtrace.trace.Op;
import org.mpjtrace.trace.TraceFile;

/**
 * What the numbers of a Paraver export mean, and the .pcf file that tells Paraver: the states (1 Running,
 * the computation between a thread's MPJ calls; 2 to 5 the time inside an MPJ call, by the op's family:
 * point-to-point, collective, wait/test, other; 6 Tracing disabled, a span the rank paused tracing) and two event types written at every call's enter and
 * exit: {@link #OP} (the op's code, {@link Op#code}, named by its MPJ name; 0 at exit) and {@link #SITE}
 * (the call site's id + 1, named {@code Class.method:line}; 0 at exit). Every value the .prv uses is
 * defined here: all ops of this version, any other op code the trace holds, every site of the trace's
 * table. The type numbers are outside the ranges Extrae gives MPI (50000001-50000005), so a
 * configuration file written for Extrae's traces does not mistake them.
 */
final class ParaverPcf {
    static final int RUNNING = 1;
    /** A span the rank paused tracing (org.mpjtrace.api.Tracing), named as Extrae names its own. */
    static final int TRACING_DISABLED = 6;
    static final int OP = 70000001;
    static final int SITE = 70000002;

    private static final String[] STATES = {"Idle", "Running", "MPJ point-to-point", "MPJ collective", "MPJ wait/test",
            "MPJ other (Init, Finalize, communicators, Pack)", "Tracing disabled"};
    private static final String[] COLORS = {"{117,195,255}", "{0,0,255}", "{255,0,0}", "{255,128,0}", "{0,200,0}", "{180,180,180}",
            "{80,80,80}"};

    private ParaverPcf() {}

    /** The state of the time inside a call of this op code. */
    static int state(int code) {
        Op op = Op.ofCode(code);
        if (op == null) return 5;
        return switch (op.family) {
            case P2P -> 2;
            case COLLECTIVE -> 3;
            case COMPLETION -> 4;
            default -> 5;
        };
    }

    static void write(TraceFile trace, BitSet unknownOps, OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("DEFAULT_OPTIONS\n\nLEVEL               THREAD\nUNITS               NANOSEC\n\n");
        b.append("DEFAULT_SEMANTIC\n\nTHREAD_FUNC         State As Is\n\n");
        b.append("STATES\n");
        for (int s = 0; s < STATES.length; s++) b.append(s).append("    ").append(STATES[s]).append('\n');
        b.append("\nSTATES_COLOR\n");
        for (int s = 0; s < COLORS.length; s++) b.append(s).append("    ").append(COLORS[s]).append('\n');
        b.append("\nEVENT_TYPE\n0    ").append(OP).append("    MPJ call\nVALUES\n0      End\n");
        for (Op op : Op.values()) b.append(op.code).append("      ").append(op.mpjName).append('\n');
        for (int c = unknownOps.nextSetBit(0); c >= 0; c = unknownOps.nextSetBit(c + 1)) b.append(c).append("      ").append(CallFields.opName(c)).append('\n');
        b.append("\nEVENT_TYPE\n0    ").append(SITE).append("    MPJ call site\nVALUES\n0      End\n");
        for (CallSite s : trace.sites()) b.append(s.id() + 1L).append("      ").append(s.where()).append('\n');
        out.write(b.toString().getBytes(StandardCharsets.UTF_8));
    }
}
