package org.mpjtrace.signatures.cluster;

/**
 * ACURDION's eleven per-interval signatures (the paper's section III.A), in the order of their bits in a
 * signature format ({@link SignatureFormat}). Each belongs to an importance group: a difference in a
 * more important group outweighs any difference in the less important ones ({@link GroupedDistance}).
 * Call-Path and TYPE are identities, compared as equal or not; LOOP is a packed number
 * ({@link LoopSignature}); the others are means over the interval's calls.
 */
public enum Signature {
    CALL_PATH("Call-Path", 2, true),
    COUNT("COUNT", 0, false),
    SRC("SRC", 1, false),
    DEST("DEST", 1, false),
    KEY("KEY", 1, false),
    COLOR("COLOR", 1, false),
    TAG("TAG", 1, false),
    COMP("COMP", 0, false),
    COMM("COMM", 0, false),
    LOOP("LOOP", 1, false),
    TYPE("TYPE", 2, true);

    /** Every signature's bit set: the format that selects all eleven. */
    public static final int ALL = (1 << values().length) - 1;

    /** The name the papers and {@code mpjtrace clusters} use. */
    public final String label;
    /** 0 (G1: COUNT, COMP, COMM), 1 (G2: SRC, DEST, KEY, COLOR, TAG, LOOP) or 2 (G3: Call-Path, TYPE). */
    public final int group;
    /** Compared as equal or not (an identity), rather than by how far apart. */
    public final boolean identity;

    Signature(String label, int group, boolean identity) {
        this.label = label;
        this.group = group;
        this.identity = identity;
    }

    /** This signature's bit in a format word. */
    public int bit() {
        return 1 << ordinal();
    }

    /** Whether {@code format} selects this signature. */
    public boolean in(int format) {
        return (format & bit()) != 0;
    }
}
