package org.mpjtrace.trace.io;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.mpjtrace.trace.io.frame.Layout;
import org.mpjtrace.trace.io.value.CorruptDataException;

/**
 * The number of sections before END; since format version 9, the format version again. The preamble's
 * version is outside every checksum, and from version 9 a flipped bit can turn it into another version
 * the reader takes (9 into 8), which reads the file by the wrong rules; the copy here, under END's
 * checksum, catches that.
 */
final class EndMarkSerializer extends Serializer<EndMark> {
    /** The first format version whose END repeats it. */
    static final int REPEATS_VERSION = 9;

    /** The format version of the files read (the preamble's). */
    private final int version;

    EndMarkSerializer(int version) {
        this.version = version;
    }

    @Override
    public void write(Kryo kryo, Output out, EndMark m) {
        out.writeVarInt(m.sectionsBefore(), true);
        out.writeVarInt(Layout.VERSION, true);
    }

    @Override
    public EndMark read(Kryo kryo, Input in, Class<? extends EndMark> type) {
        int sections = in.readVarInt(true);
        if (version >= REPEATS_VERSION) {
            int repeated = in.readVarInt(true);
            if (repeated != version)
                throw new CorruptDataException("END says format version " + repeated + ", the file begins with version " + version);
        }
        return new EndMark(sections);
    }
}
