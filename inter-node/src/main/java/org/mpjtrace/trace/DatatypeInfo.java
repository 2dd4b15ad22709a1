package org.mpjtrace.trace;

/**
 * A datatype a rank used, under its symbolic id.
 *
 * @param id       symbolic id, in order of first use on that rank
 * @param baseType MPJ's base type code (Datatype.getType())
 * @param byteSize MPJ's Datatype.getByteSize(): bytes of one element of this type, its base elements together
 *                 (Size() times the base type's bytes: 16 for Contiguous(4, INT); 0 for OBJECT and PACKED)
 * @param size     MPJ's Datatype.Size(): base elements in one element of this type
 */
public record DatatypeInfo(int id, int baseType, int byteSize, int size) {

    /** MPJ 0.44's base type codes, by name. */
    public String baseName() {
        switch (baseType) {
            case 0: return "NULL";
            case 1: return "BYTE";
            case 2: return "CHAR";
            case 3: return "SHORT";
            case 4: return "BOOLEAN";
            case 5: return "INT";
            case 6: return "LONG";
            case 7: return "FLOAT";
            case 8: return "DOUBLE";
            case 9: return "PACKED";
            case 12: return "OBJECT";
            default: return "type" + baseType;
        }
    }

    /**
     * Bytes one count of this datatype moves (0 for objects, whose size MPJ does not know): MPJ's byte size
     * already counts every base element of a derived type (Contiguous(4, INT): Size() 4, getByteSize() 16).
     */
    public long bytesPerCount() {
        return byteSize;
    }
}
