package org.mpjtrace.cli.export;

import org.mpjtrace.cli.format.TimedCalls;

/**
 * An execution phase of one rank as the Chrome export draws it ({@code export --phases}): its first and
 * last call, as indices in the rank's calls in the order {@link TimedCalls} gives them, and what its
 * slice says. The phases come from {@code mpjtrace phases}' detection; this is all the writer needs of
 * them.
 *
 * @param name      the slice's name, e.g. {@code phase 2}
 * @param functions the user functions its calls come from, with their call counts
 * @param patterns  the patterns it holds
 */
public record PhaseSpan(int firstCall, int lastCall, String name, String functions, String patterns) {}
