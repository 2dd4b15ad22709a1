package org.mpjtrace.runtime;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.mpjtrace.api.Tracing;

/** Without the agent (no tracer installed, no rank), the program's switch does nothing and says so. */
class TracingApiTest {
    @Test
    void pauseAndResumeDoNothingWithoutTheAgent() {
        Tracing.pause();
        assertFalse(Tracing.isPaused());
        Tracing.resume();
        assertFalse(Tracing.isPaused());
    }
}
