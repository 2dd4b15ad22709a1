package org.mpjtrace.trace.io.frame;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The 9 bytes before a section's body. The checksum covers the kind and the length as well as the
 * body, so a damaged header cannot pass for a different, valid one.
 */
public final class SectionHeader {

    private SectionHeader() {}

    public static void write(byte[] to, int offset, int kindCode, int bodyLength, int checksum) {
        ByteBuffer.wrap(to, offset, Layout.SECTION_HEADER_BYTES).put((byte) kindCode).putInt(bodyLength).putInt(checksum);
    }

    public static int checksum(int kindCode, int bodyLength, ByteBuffer body) {
        CRC32C crc = new CRC32C();
        crc.update(ByteBuffer.allocate(5).put((byte) kindCode).putInt(bodyLength).flip());
        crc.update(body.duplicate());
        return (int) crc.getValue();
    }
}
