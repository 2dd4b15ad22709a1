package org.mpjtrace.cli.export.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class WriteBehindStreamTest {

    /** A file that yields now and then, so that the writer thread falls behind and the buffers fill up. */
    private static final class SlowFile extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        volatile boolean closed;
        int writes;

        @Override
        public void write(int b) {
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (++writes % 8 == 0) Thread.yield();
            bytes.write(b, off, len);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    @Timeout(60)
    void everyByteReachesTheFileInOrderWhateverTheSizesOfTheWrites() throws IOException {
        Random rnd = new Random(5);
        byte[] data = new byte[12 << 20];
        rnd.nextBytes(data);
        SlowFile file = new SlowFile();
        try (WriteBehindStream out = new WriteBehindStream(file, "test")) {
            int p = 0;
            while (p < data.length) {
                int kind = rnd.nextInt(3);
                if (kind == 0) {
                    out.write(data[p++]);
                } else {
                    int len = Math.min(data.length - p, kind == 1 ? rnd.nextInt(100) : rnd.nextInt(300_000));
                    out.write(data, p, len);
                    p += len;
                }
                if (rnd.nextInt(1000) == 0) out.flush();
            }
        }
        assertTrue(file.closed, "close waits for the writer thread, which closes the file");
        assertArrayEquals(data, file.bytes.toByteArray());
    }

    @Test
    @Timeout(60)
    void aFailedWriteIsRaisedToTheWriterAndNothingWaitsForever() {
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        WriteBehindStream out = new WriteBehindStream(full, "test");
        byte[] chunk = new byte[1 << 20];
        IOException e = assertThrows(IOException.class, () -> {
            for (int i = 0; i < 64; i++) out.write(chunk);
            out.close();
        });
        assertEquals("No space left on device", e.getMessage());
        // Closing after the failure still ends the writer thread.
        assertThrows(IOException.class, out::close);
    }

    @Test
    void closingTwiceWritesNothingMore() throws IOException {
        SlowFile file = new SlowFile();
        WriteBehindStream out = new WriteBehindStream(file, "test");
        out.write(new byte[] {1, 2, 3});
        out.close();
        out.close();
        assertArrayEquals(new byte[] {1, 2, 3}, file.bytes.toByteArray());
    }
}
