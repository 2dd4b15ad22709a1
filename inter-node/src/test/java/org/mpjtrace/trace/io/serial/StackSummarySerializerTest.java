package org.mpjtrace.trace.io.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.StackSummary;
import org.mpjtrace.trace.fold.Field;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.value.CorruptDataException;

/** A rank's own values per stack on disk: the communicators since format 22, refused in a file of format 21. */
class StackSummarySerializerTest {
    private static final StackSummary WITH_COMMS = new StackSummary(0x1234L, 40, 5000, 3, 3,
            Map.of(Field.TAG, ValueSeq.ofElements(List.of(new ValueSeq.Run(4, 0, 40))),
                    Field.COMM, ValueSeq.ofElements(List.of(ValueSeq.repetition(20, List.of(new ValueSeq.Run(2, -1, 2)))))));

    private static byte[] written(StackSummary s) {
        Output out = new Output(256, -1);
        new StackSummarySerializer(Layout.VERSION).write(null, out, s);
        return out.toBytes();
    }

    @Test
    void aStacksOwnCommunicatorsRoundTrip() {
        StackSummary back = new StackSummarySerializer(Layout.VERSION).read(null, new Input(written(WITH_COMMS)), StackSummary.class);
        assertEquals(WITH_COMMS.own().keySet(), back.own().keySet());
        assertEquals(WITH_COMMS.own().get(Field.COMM).elements(), back.own().get(Field.COMM).elements());
        assertEquals(WITH_COMMS.own().get(Field.TAG).elements(), back.own().get(Field.TAG).elements());
    }

    @Test
    void aFileOfFormat21CannotHoldThem() {
        byte[] bytes = written(WITH_COMMS);
        assertThrows(CorruptDataException.class, () -> new StackSummarySerializer(21).read(null, new Input(bytes), StackSummary.class));
        StackSummary tagsOnly = new StackSummary(0x1234L, 40, 5000, 3, 3, Map.of(Field.TAG, WITH_COMMS.own().get(Field.TAG)));
        assertEquals(tagsOnly.own().keySet(),
                new StackSummarySerializer(21).read(null, new Input(written(tagsOnly)), StackSummary.class).own().keySet(), "what format 21 held, it reads");
    }
}
