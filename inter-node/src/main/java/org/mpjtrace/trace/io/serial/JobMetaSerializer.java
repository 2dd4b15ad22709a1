package org.mpjtrace.trace.io.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.LinkedHashMap;
import java.util.Map;
import org.mpjtrace.trace.JobMeta;
import org.mpjtrace.trace.io.value.CorruptDataException;
import org.mpjtrace.trace.io.value.Counts;
import org.mpjtrace.trace.io.value.Strings;

/**
 * Version 1: mode, device, world size, start and end ms, main class, agent options (varint entries + 1,
 * 0 for no map; then key, value), tracer version; since format version 8, how the job ended and the
 * class that called MPI.Init; since version 16, when the tracer was attached to the running job (0: not).
 * Fields are only ever appended, under a new format version.
 */
public final class JobMetaSerializer extends Serializer<JobMeta> {
    /** The ending of a job whose file (format version 7) did not record it. */
    public static final String ENDING_NOT_RECORDED = "not recorded (format version 7)";

    /** Whether the files read hold the ending (version 8 on); writing always does. */
    private final boolean readsEnding;
    /** Whether the files read hold the attach time (version 16 on). */
    private final boolean readsAttach;

    /** @param version the format version of the files read */
    public JobMetaSerializer(int version) {
        this.readsEnding = version >= 8;
        this.readsAttach = version >= 16;
    }

    @Override
    public void write(Kryo kryo, Output out, JobMeta m) {
        Strings.write(out, m.mode());
        Strings.write(out, m.device());
        out.writeVarInt(m.worldSize(), false);
        out.writeVarLong(m.startMillis(), false);
        out.writeVarLong(m.endMillis(), false);
        Strings.write(out, m.mainClass());
        Map<String, String> options = m.agentOptions();
        if (options == null) {
            out.writeVarInt(0, true);
        } else {
            out.writeVarInt(options.size() + 1, true);
            for (Map.Entry<String, String> e : options.entrySet()) {
                Strings.write(out, e.getKey());
                Strings.write(out, e.getValue());
            }
        }
        Strings.write(out, m.tracerVersion());
        Strings.write(out, m.ending());
        Strings.write(out, m.initClass());
        out.writeVarLong(m.attachedMillis(), true);
    }

    @Override
    public JobMeta read(Kryo kryo, Input in, Class<? extends JobMeta> type) {
        String mode = Strings.read(in);
        String device = Strings.read(in);
        int worldSize = in.readVarInt(false);
        long startMillis = in.readVarLong(false);
        long endMillis = in.readVarLong(false);
        String mainClass = Strings.read(in);
        Map<String, String> options = null;
        int entriesPlusOne = in.readVarInt(true);
        if (entriesPlusOne < 0) throw new CorruptDataException("agent option count out of range");
        if (entriesPlusOne > 0) {
            int entries = entriesPlusOne - 1;
            Counts.require(in, entries, 2 * Strings.MIN_BYTES, "agent option");
            options = new LinkedHashMap<>();
            for (int i = 0; i < entries; i++) options.put(Strings.read(in), Strings.read(in));
        }
        String tracerVersion = Strings.read(in);
        String ending = readsEnding ? Strings.read(in) : ENDING_NOT_RECORDED;
        // Version 7 recorded the class that called MPI.Init as the main class.
        String initClass = readsEnding ? Strings.read(in) : mainClass;
        long attachedMillis = readsAttach ? in.readVarLong(true) : 0;
        if (attachedMillis < 0) throw new CorruptDataException("attach time out of range");
        return new JobMeta(mode, device, worldSize, startMillis, endMillis, mainClass, options, tracerVersion, ending, initClass, attachedMillis);
    }
}
