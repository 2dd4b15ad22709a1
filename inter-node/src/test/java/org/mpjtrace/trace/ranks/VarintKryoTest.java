package org.mpjtrace.trace.ranks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Varint writes the bytes Kryo 5's Output.writeVarInt(v, true) writes for every non-negative int, and each
 * reads the other's: the reason Varint is kept is not the format (see its class comment). Also what
 * Kryo's reader does not check, which Varint.read does.
 */
class VarintKryoTest {

    @Test
    void sameBytesAsKryosPositiveVarIntsBothWays() throws IOException {
        SplittableRandom random = new SplittableRandom(9);
        int[] values = new int[70_000];
        int n = 0;
        for (int v = 0; v < 1 << 16; v++) values[n++] = v;
        for (int bit = 16; bit < 31; bit++) {
            values[n++] = (1 << bit) - 1;
            values[n++] = 1 << bit;
        }
        values[n++] = Integer.MAX_VALUE;
        while (n < values.length) values[n++] = random.nextInt(Integer.MAX_VALUE);

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(bytes);
        Output kryo = new Output(values.length * 5);
        for (int v : values) {
            Varint.write(data, v);
            kryo.writeVarInt(v, true);
        }
        byte[] ours = bytes.toByteArray();
        assertArrayEquals(ours, Arrays.copyOf(kryo.getBuffer(), kryo.position()));

        Input kryoIn = new Input(ours);
        DataInputStream oursIn = new DataInputStream(new ByteArrayInputStream(ours));
        for (int v : values) {
            assertEquals(v, kryoIn.readVarInt(true));
            assertEquals(v, Varint.read(oursIn, () -> "value"));
        }
    }

    @Test
    void kryosReaderTakesWhatVarintRefuses() {
        // Six bytes: Varint.read refuses it (RankSetFormatTest.badVarintsAreReported); Kryo stops after five.
        Input sixBytes = new Input(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0});
        assertEquals(0, sixBytes.readVarInt(true));
        assertEquals(5, sixBytes.position());
        // 2^32 - 1: Varint.read says it passes 2^31 - 1; Kryo drops the bits past 32 and answers -1.
        assertEquals(-1, new Input(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F}).readVarInt(true));
        // 2^32: the only bit set is lost, and Kryo answers 0.
        assertEquals(0, new Input(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x10}).readVarInt(true));
    }
}
