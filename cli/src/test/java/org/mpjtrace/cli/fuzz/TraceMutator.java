package org.mpjtrace.cli.fuzz;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import org.mpjtrace.trace.io.frame.Layout;

/**
 * Makes a mutant of a well-formed trace file at one of four depths, so that every layer of the reader
 * is reached: the file's bytes as they are (mostly caught by the checksums), a section's body with its
 * checksum made to match (the LZ4 block framing), a section's decompressed data recompressed and
 * re-framed (the decoders and the trace's rules), or whole sections duplicated, swapped or dropped, or
 * a length field multiplied.
 */
final class TraceMutator {
    private static final int[] LENGTH_FACTORS = {2, 16, 255, 256, 4096, 1 << 20};

    /** A mutant and how it was made from its corpus file. */
    record Mutant(byte[] bytes, String what) {}

    private TraceMutator() {}

    static Mutant mutate(byte[] file, Random random) {
        int depth = random.nextInt(20);
        int mutations = 1 + random.nextInt(2);
        byte[] bytes = file;
        StringBuilder what = new StringBuilder();
        for (int i = 0; i < mutations; i++) {
            if (i > 0) what.append("; then ");
            // Only data mutations leave a file whose sections can be taken apart and inflated again.
            Mutant m = depth < 10 ? inData(bytes, random) : depth < 14 ? inBody(bytes, random)
                    : depth < 17 ? ofSections(bytes, random) : raw(bytes, random);
            bytes = m.bytes();
            what.append(m.what());
            if (depth >= 10) break;
        }
        return new Mutant(bytes, what.toString());
    }

    private static Mutant raw(byte[] file, Random random) {
        ByteMutations.Result r = ByteMutations.any(file, random, "file");
        return new Mutant(r.bytes(), r.what());
    }

    private static Mutant inBody(byte[] file, Random random) {
        TraceBytes t = TraceBytes.parse(file);
        int i = random.nextInt(t.sections.size());
        TraceBytes.Section s = t.sections.get(i);
        String where = "body of section " + i + " (kind " + s.kind() + ")";
        byte[] body;
        String what;
        if (s.body().length >= 8 && random.nextInt(2) == 0) {
            // The data in blocks of a few bytes (the writer's blocks hold up to 1 MiB, more than a corpus
            // file), then one block's raw or packed length multiplied, or its packed length's stored or deflated flag flipped.
            int chunk = 1 + random.nextInt(64);
            body = TraceBytes.packInBlocks(TraceBytes.unpack(s.body()), chunk);
            List<Integer> blocks = TraceBytes.blockOffsets(body);
            int block = random.nextInt(blocks.size());
            int field = blocks.get(block) + random.nextInt(2) * 4;
            ByteBuffer b = ByteBuffer.wrap(body);
            int old = b.getInt(field);
            if (field != blocks.get(block) && random.nextInt(4) == 0) {
                boolean stored = random.nextBoolean();
                b.putInt(field, old ^ (stored ? Layout.STORED_BLOCK : Layout.DEFLATED_BLOCK));
                what = where + " in blocks of " + chunk + " raw bytes: block " + block + "'s " + (stored ? "stored" : "deflated")
                        + " flag flipped (packed length word " + old + ")";
            } else {
                int factor = LENGTH_FACTORS[random.nextInt(LENGTH_FACTORS.length)];
                b.putInt(field, old * factor);
                what = where + " in blocks of " + chunk + " raw bytes: block " + block + "'s " + (field == blocks.get(block) ? "raw" : "packed")
                        + " length " + old + " multiplied by " + factor;
            }
        } else {
            ByteMutations.Result r = ByteMutations.any(s.body(), random, where);
            body = r.bytes();
            what = r.what();
        }
        t.sections.set(i, new TraceBytes.Section(s.kind(), body));
        return new Mutant(t.join(), what);
    }

    private static Mutant inData(byte[] file, Random random) {
        TraceBytes t = TraceBytes.parse(file);
        int i = random.nextInt(t.sections.size());
        TraceBytes.Section s = t.sections.get(i);
        ByteMutations.Result r = ByteMutations.any(TraceBytes.unpack(s.body()), random, "data of section " + i + " (kind " + s.kind() + ")");
        t.sections.set(i, new TraceBytes.Section(s.kind(), TraceBytes.pack(r.bytes())));
        return new Mutant(t.join(), r.what());
    }

    private static Mutant ofSections(byte[] file, Random random) {
        TraceBytes t = TraceBytes.parse(file);
        List<TraceBytes.Section> s = t.sections;
        int n = s.size();
        int i = random.nextInt(n), j = random.nextInt(n);
        switch (random.nextInt(4)) {
            case 0:
                s.add(j, s.get(i));
                return new Mutant(t.join(), "section " + i + " duplicated before section " + j);
            case 1:
                TraceBytes.Section a = s.get(i);
                s.set(i, s.get(j));
                s.set(j, a);
                return new Mutant(t.join(), "sections " + i + " and " + j + " swapped");
            case 2:
                s.remove(i);
                return new Mutant(t.join(), "section " + i + " removed");
            default:
                byte[] joined = t.join();
                int at = sectionOffset(t, i) + 1;
                int factor = LENGTH_FACTORS[random.nextInt(LENGTH_FACTORS.length)];
                ByteBuffer b = ByteBuffer.wrap(joined);
                int old = b.getInt(at);
                b.putInt(at, old * factor);
                return new Mutant(joined, "length of section " + i + " (" + old + ") multiplied by " + factor);
        }
    }

    private static int sectionOffset(TraceBytes t, int index) {
        int at = t.preamble.length;
        for (int k = 0; k < index; k++) at += Layout.SECTION_HEADER_BYTES + t.sections.get(k).body().length;
        return at;
    }
}
