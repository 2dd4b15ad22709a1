package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.CorruptDataException;

/**
 * A value sequence's folded elements ({@link ValueSeq#elements()}): a count, then per element a kind byte,
 * a run as zigzag start and stride and its length, a repetition as its count and its body's elements.
 * The global trace's parameters and a rank's own values per stack ({@link org.mpjtrace.trace.StackSummary})
 * are written so.
 */
final class ValueElements {
    private static final int RUN = 1, REP = 2;

    private ValueElements() {}

    static void write(Output out, List<ValueSeq.Elem> elements) {
        out.writeVarInt(elements.size(), true);
        for (ValueSeq.Elem e : elements) {
            if (e instanceof ValueSeq.Run r) {
                out.writeByte(RUN);
                out.writeVarLong(r.start(), false);
                out.writeVarLong(r.stride(), false);
                out.writeVarLong(r.length(), true);
            } else {
                ValueSeq.Rep rep = (ValueSeq.Rep) e;
                out.writeByte(REP);
                out.writeVarLong(rep.count(), true);
                write(out, rep.body());
            }
        }
    }

    /** @param depth how deep in repetitions (and loops) the elements sit; deeper than MAX_DEPTH is corrupt */
    static List<ValueSeq.Elem> read(Input in, int depth) {
        if (depth > GlobalTraceSerializer.MAX_DEPTH)
            throw new CorruptDataException("value sequence nested deeper than " + GlobalTraceSerializer.MAX_DEPTH);
        int n = Counts.read(in, 2, "value element");
        List<ValueSeq.Elem> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int tag = in.readByte();
            if (tag == RUN) {
                long start = in.readVarLong(false), stride = in.readVarLong(false), length = in.readVarLong(true);
                if (length < 1) throw new CorruptDataException("value run of length " + length);
                list.add(new ValueSeq.Run(start, stride, length));
            } else if (tag == REP) {
                long count = in.readVarLong(true);
                if (count < 1) throw new CorruptDataException("value repetition " + count + " times");
                List<ValueSeq.Elem> body = read(in, depth + 1);
                if (body.isEmpty()) throw new CorruptDataException("empty value repetition");
                list.add(ValueSeq.repetition(count, body));
            } else {
                throw new CorruptDataException("unknown value element kind " + tag);
            }
        }
        return list;
    }
}
