package org.mpjtrace.trace.io.value;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.mpjtrace.trace.ranks.RankSet;

/** Rank sets inside Kryo data: RankSet's own varint notation, checked against the world size on reading. */
public final class RankSetIo {
    private RankSetIo() {}

    public static void write(Output out, RankSet ranks) {
        try {
            DataOutputStream data = new DataOutputStream(out);
            ranks.write(data);
            data.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // Kryo's Output buffers in memory
        }
    }

    public static RankSet read(Input in, int world) {
        try {
            return RankSet.read(new DataInputStream(in), world);
        } catch (IOException e) {
            throw new CorruptDataException("bad rank set: " + e.getMessage());
        }
    }
}
