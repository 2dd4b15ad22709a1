package org.mpjtrace.cli.export;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.TraceFile;

/**
 * The .prv file of a Paraver export: the header ({@code #Paraver (dd/mm/yy at hh:mm):END_ns:NODES:1:TASKS},
 * the date being rank 0's MPI.Init in the local time zone), then every record in time order, which Paraver
 * requires. Per call of a thread: at its enter a state record for the time inside (until its exit), the
 * {@link ParaverPcf#OP} and {@link ParaverPcf#SITE} events, and a communication record for the message it
 * sent (logical and physical send both at the enter); at its exit the two events with value 0 and a
 * Running state until the thread's next call. A span the rank paused tracing is a Tracing disabled state. A communication record's receive side is logical at the
 * receive's enter and physical where it completed ({@link ParaverTimeline}).
 *
 * <p>Each thread's records are in time order already, so the threads' streams are merged with a binary
 * heap keyed by each stream's next record time: log2(threads) comparisons per record.
 */
final class PrvWriter {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/yy 'at' HH:mm");

    private final ParaverTimeline timeline;
    private final AsciiLines out;
    // The merge, per stream (by slot): the stream, its next step (call * 2, + 1 at the exit), the next of
    // its sent messages and the time of its next record; and the heap of slots by that time.
    private ParaverTimeline.Stream[] streams;
    private int[] step;
    private int[] sentNext;
    private long[] at;
    private int[] heap;
    private int size;

    private PrvWriter(ParaverTimeline timeline, OutputStream out) {
        this.timeline = timeline;
        this.out = new AsciiLines(out);
    }

    static void write(TraceFile trace, ParaverTimeline timeline, ParaverObjects objects, OutputStream out) throws IOException {
        PrvWriter w = new PrvWriter(timeline, out);
        String date = DATE.format(Instant.ofEpochMilli(trace.meta().startMillis()).atZone(ZoneId.systemDefault()));
        w.out.put("#Paraver (").put(date).put("):").put(timeline.end).put("_ns:").put(objects.resources()).put(":1:")
                .put(objects.application()).put('\n');
        w.merge();
        w.out.flush();
    }

    private void merge() throws IOException {
        List<ParaverTimeline.Stream> nonEmpty = new ArrayList<>();
        for (ParaverTimeline.Stream[] rank : timeline.ranks) for (ParaverTimeline.Stream s : rank) if (s.count > 0) nonEmpty.add(s);
        streams = nonEmpty.toArray(new ParaverTimeline.Stream[0]);
        size = streams.length;
        step = new int[size];
        sentNext = new int[size];
        at = new long[size];
        heap = new int[size];
        for (int i = 0; i < size; i++) {
            at[i] = streams[i].enter(0);
            heap[i] = i;
        }
        for (int i = size / 2 - 1; i >= 0; i--) down(i);
        while (size > 0) {
            int s = heap[0];
            ParaverTimeline.Stream stream = streams[s];
            int call = step[s] >> 1;
            if ((step[s] & 1) == 0) {
                enter(stream, call, s);
                at[s] = stream.exit(call);
            } else {
                exit(stream, call);
                if (call + 1 < stream.count) {
                    at[s] = stream.enter(call + 1);
                } else {
                    heap[0] = heap[--size];
                }
            }
            step[s]++;
            if (size > 0) down(0);
        }
    }

    private void down(int i) {
        int moving = heap[i];
        long key = at[moving];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) break;
            if (child + 1 < size && at[heap[child + 1]] < at[heap[child]]) child++;
            if (at[heap[child]] >= key) break;
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = moving;
    }

    private void enter(ParaverTimeline.Stream s, int call, int slot) throws IOException {
        long enter = s.enter(call);
        if (s.paused(call)) {
            object(1, s).field(enter).field(s.exit(call)).put(ParaverPcf.TRACING_DISABLED).put('\n');
            return;
        }
        int op = s.op(call);
        object(1, s).field(enter).field(s.exit(call)).put(ParaverPcf.state(op)).put('\n');
        object(2, s).field(enter).field(ParaverPcf.OP).field(op).field(ParaverPcf.SITE).put(s.site(call) & 0xFFFF_FFFFL).put('\n');
        if (!s.sent(call)) return;
        // The call's messages, its last id negated (a Startall sends several).
        int id;
        do {
            id = s.sent[sentNext[slot]++];
            int message = Math.abs(id);
            ParaverTimeline.Stream r = timeline.receiver[message];
            object(3, s).field(enter).field(enter).field(r.cpu).field(1).field(r.task).field(r.place).field(timeline.recvPosted[message])
                    .field(timeline.recvDone[message]).field(timeline.bytes[message]).put(timeline.tag[message]).put('\n');
        } while (id > 0);
    }

    private void exit(ParaverTimeline.Stream s, int call) throws IOException {
        long exit = s.exit(call);
        if (!s.paused(call)) object(2, s).field(exit).field(ParaverPcf.OP).field(0).field(ParaverPcf.SITE).put(0).put('\n');
        if (call + 1 < s.count) object(1, s).field(exit).field(s.enter(call + 1)).put(ParaverPcf.RUNNING).put('\n');
    }

    /** A record's kind and its object: {@code KIND:cpu:appl:task:thread:}. */
    private AsciiLines object(int kind, ParaverTimeline.Stream s) throws IOException {
        return out.field(kind).field(s.cpu).field(1).field(s.task).field(s.place);
    }
}
