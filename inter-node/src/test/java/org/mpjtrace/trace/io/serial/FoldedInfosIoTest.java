package org.mpjtrace.trace.io.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpjtrace.trace.CommInfo;
import org.mpjtrace.trace.fold.FoldedInfos;
import org.mpjtrace.trace.fold.ValueSeq;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Strings;

class FoldedInfosIoTest {

    private static List<CommInfo> churn(int steps) {
        List<CommInfo> comms = new ArrayList<>(List.of(new CommInfo(0, "Intracomm", 8, 3)));
        for (int s = 0; s < steps; s++) {
            comms.add(new CommInfo(comms.size(), "Intracomm", 8, 3));
            comms.add(new CommInfo(comms.size(), s % 10 == 0 ? "Cartcomm" : "Intracomm", 4, 1));
        }
        return comms;
    }

    private static byte[] written(List<CommInfo> comms) {
        Output out = new Output(256, -1);
        FoldedInfosIo.write(out, FoldedInfos.COMMS, comms);
        return out.toBytes();
    }

    /** A table of {@code rows} rows with a palette of one kind and the columns given. */
    private static byte[] forged(int rows, List<List<ValueSeq.Elem>> columns) {
        Output out = new Output(256, -1);
        out.writeVarInt(rows, true);
        out.writeVarInt(1, true);
        Strings.write(out, "Intracomm");
        for (List<ValueSeq.Elem> c : columns) ValueElements.write(out, c);
        return out.toBytes();
    }

    private static String refusal(byte[] bytes) {
        return assertThrows(CorruptDataException.class, () -> FoldedInfosIo.read(new Input(bytes), FoldedInfos.COMMS, -1, "communicator")).getMessage();
    }

    @Test
    void aTableReadsBackAsWrittenInBytesThatDoNotGrowWithItsRows() {
        int hundred = 0;
        for (int steps : new int[] {0, 1, 100, 10_000}) {
            List<CommInfo> comms = churn(steps);
            byte[] bytes = written(comms);
            assertEquals(comms, FoldedInfosIo.read(new Input(bytes), FoldedInfos.COMMS, -1, "communicator"));
            if (steps == 100) hundred = bytes.length;
            if (steps == 10_000) assertTrue(bytes.length <= hundred + 8, "100 steps: " + hundred + " bytes, 10,000 steps: " + bytes.length);
        }
    }

    @Test
    void aDamagedTableIsRefusedWithWhatIsWrong() {
        List<ValueSeq.Elem> three = List.of(new ValueSeq.Run(0, 0, 3));
        assertEquals("communicator table column 0 has values 1 to 1, outside 0 to 0",
                refusal(forged(3, List.of(List.of(new ValueSeq.Run(1, 0, 3)), three, three))));
        assertEquals("communicator table column 1 holds 2 values for 3 rows",
                refusal(forged(3, List.of(three, List.of(new ValueSeq.Run(0, 0, 2)), three))));
        assertEquals("communicator table column 2 has values 0 to 4294967296, outside -2147483648 to 2147483647",
                refusal(forged(3, List.of(three, three, List.of(new ValueSeq.Run(0, 1L << 31, 3))))));
        assertEquals("communicator table of 16777217 rows (at most 16777216)", refusal(forged((1 << 24) + 1, List.of())));
        List<ValueSeq.Elem> overflow = List.of(ValueSeq.repetition(Long.MAX_VALUE / 2, List.of(new ValueSeq.Run(0, 0, 3))));
        assertEquals("communicator table column 0 overflows a long", refusal(forged(3, List.of(overflow, three, three))));
    }
}
