package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import org.mpjtrace.trace.CallPath;
import org.mpjtrace.trace.io.serial.CallPathSerializer;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.ListCodec;

/**
 * Up to version 19: count, then each call path ({@link CallPathSerializer}). Since version 20: count,
 * then per path its MPJ site id (varint), its callers (count, then each a zigzag varint), and a byte: 0
 * for a site's own path (no callers; its signature is its site's, taken from the site table when the file
 * is assembled), 1 followed by the signature as 8 fixed bytes.
 *
 * <p>Why: with calling context every site called from where no caller was recorded has such a path, which
 * says nothing the site table does not; its signature was 8 of its 10 bytes, and incompressible. Ring's
 * six paths, all of them its sites' own: 62 raw bytes before, 20 now.
 */
final class CallPathTableSerializer extends Serializer<CallPathTable> {
    /** The version from which a site's own path is written without its signature. */
    private static final int OWN_PATHS = 20;
    private static final int FROM_SITE = 0, WRITTEN = 1;
    /** Fewest bytes one path takes since version 20: a site, a caller count and the byte. */
    private static final int MIN_BYTES = 3;
    private final boolean ownPaths;

    /** @param version the format version read (writes are always the current one) */
    CallPathTableSerializer(int version) {
        this.ownPaths = version >= OWN_PATHS;
    }

    @Override
    public void write(Kryo kryo, Output out, CallPathTable t) {
        out.writeVarInt(t.paths().size(), true);
        for (int i = 0; i < t.paths().size(); i++) {
            CallPath p = t.paths().get(i);
            out.writeVarInt(p.site(), true);
            out.writeVarInt(p.callers().length, true);
            for (int c : p.callers()) out.writeVarInt(c, false);
            if (t.fromSite()[i]) {
                out.writeByte(FROM_SITE);
            } else {
                out.writeByte(WRITTEN);
                out.writeLong(p.signature()); // a hash: a varint would only make it longer
            }
        }
    }

    @Override
    public CallPathTable read(Kryo kryo, Input in, Class<? extends CallPathTable> type) {
        if (!ownPaths) {
            List<CallPath> paths = ListCodec.read(kryo, in, CallPath.class, CallPathSerializer.MIN_BYTES, "call path");
            return new CallPathTable(paths, new boolean[paths.size()]);
        }
        int n = Counts.read(in, MIN_BYTES, "call path");
        List<CallPath> paths = new ArrayList<>(n);
        boolean[] fromSite = new boolean[n];
        for (int i = 0; i < n; i++) {
            int site = in.readVarInt(true);
            int callerCount = Counts.read(in, 1, "caller");
            int[] callers = new int[callerCount];
            for (int c = 0; c < callerCount; c++) callers[c] = in.readVarInt(false);
            int how = in.readByte();
            if (how == FROM_SITE) {
                if (callerCount != 0) throw new CorruptDataException("call path " + i + ": a site's own path with " + callerCount + " callers");
                fromSite[i] = true;
                paths.add(new CallPath(0, site, callers));
            } else if (how == WRITTEN) {
                paths.add(new CallPath(in.readLong(), site, callers));
            } else {
                throw new CorruptDataException("call path " + i + ": unknown signature kind " + how);
            }
        }
        return new CallPathTable(paths, fromSite);
    }
}
