package org.mpjtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class CommandBodyTest {

    @Test
    void runningOutOfMemoryIsOneLineThatSaysHowToGiveTheCommandMore() throws Exception {
        StringWriter err = new StringWriter();
        int code = CommandBody.run(new PrintWriter(err, true), () -> {
            throw new OutOfMemoryError("Java heap space");
        });
        assertEquals(ExitCodes.JOB_FAILED, code);
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("mpjtrace: out of memory (the JVM's heap, -Xmx, is ")
                && err.toString().contains("MPJTRACE_JAVA_OPTS=-Xmx8g"), err.toString());
    }
}
