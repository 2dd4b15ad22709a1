package org.mpjtrace.cli.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WriteBehindStreamTest {
    @Test
    void everyByteArrivesOnceAndInOrderWhateverTheSizesOfTheWrites() throws IOException {
        byte[] data = new byte[5 * (1 << 20) + 12345];
        new Random(7).nextBytes(data);
        ByteArrayOutputStream target = new ByteArrayOutputStream();
        Random sizes = new Random(11);
        try (WriteBehindStream out = new WriteBehindStream(target, "test")) {
            int at = 0;
            while (at < data.length) {
                if (sizes.nextInt(4) == 0) {
                    out.write(data[at++]);
                    continue;
                }
                int n = Math.min(data.length - at, sizes.nextInt(3 << 20));
                out.write(data, at, n);
                at += n;
                if (sizes.nextInt(8) == 0) out.flush();
            }
        }
        assertArrayEquals(data, target.toByteArray());
    }

    @Test
    void aFailureToWriteComesOutOfALaterWriteOrTheClose() {
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        IOException e = assertThrows(IOException.class, () -> {
            try (WriteBehindStream out = new WriteBehindStream(failing, "test")) {
                byte[] chunk = new byte[64 * 1024];
                for (int i = 0; i < 200; i++) out.write(chunk);
            }
        });
        assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
    }
}
