package org.mpjtrace.trace.io.value;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;

/** Lists of one registered class: a varint count, then each element by its serializer (no class ids). */
public final class ListCodec {

    private ListCodec() {}

    public static <T> void write(Kryo kryo, Output out, List<T> list) {
        out.writeVarInt(list.size(), true);
        for (T element : list) kryo.writeObject(out, element);
    }

    /** @param minBytesEach the fewest bytes one element's encoding takes, to bound the count */
    public static <T> List<T> read(Kryo kryo, Input in, Class<T> type, int minBytesEach, String what) {
        int n = Counts.read(in, minBytesEach, what);
        List<T> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) list.add(kryo.readObject(in, type));
        return list;
    }
}
