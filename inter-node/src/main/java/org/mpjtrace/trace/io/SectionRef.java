package org.mpjtrace.trace.io;

/**
 * Where a section is, for error messages: its position among the sections (0 is the first after the
 * file header), its kind code as found in the file, and the byte offset of its header.
 */
record SectionRef(int index, int kindCode, long offset) {

    @Override
    public String toString() {
        SectionKind kind = SectionKind.ofCode(kindCode);
        String name = kind == null ? "kind " + kindCode : kind.name();
        return "section " + index + " (" + name + ") at offset " + offset;
    }
}
