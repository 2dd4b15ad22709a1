package org.mpjtrace.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What the example checks take out of a job's output as MPJ's own, and what they keep. */
class CallListsTest {
    @Test
    void theNiodevStartersIoThreadTraceIsTakenOutOfStderrAndEveryOtherLineKept() {
        String starter = "java.util.NoSuchElementException: No line found\n"
                + "\tat java.base/java.util.Scanner.nextLine(Scanner.java:1651)\n"
                + "\tat runtime.starter.IOMessagesThread.serverSocketInit(IOMessagesThread.java:69)\n"
                + "\tat runtime.starter.IOMessagesThread.run(IOMessagesThread.java:57)\n";
        String program = "java.lang.IllegalStateException: the program's own\n"
                + "\tat org.mpjtrace.examples.Ring.main(Ring.java:40)\n";
        assertEquals("", CallLists.jobErr(starter));
        assertEquals("a line\n" + program, CallLists.jobErr("a line\n" + starter + program));
        assertEquals(program, CallLists.jobErr(program), "a program's stack trace stays");
    }
}
