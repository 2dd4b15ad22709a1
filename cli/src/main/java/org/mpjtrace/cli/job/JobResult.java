package org.mpjtrace.cli.job;

import java.nio.file.Path;
import org.mpjtrace.trace.TraceFile;

/**
 * How a job went.
 *
 * @param exitCode    mpjtrace's exit code: 0 ok, 1 job failed, 2 bad input (see ExitCodes)
 * @param starterExit the MPJ starter's exit code, or -1 when it was not started
 * @param traceFile   the trace file (absolute), or null when not tracing or the request was bad
 * @param trace       the trace as read back after the job, or null when there is none usable
 */
public record JobResult(int exitCode, int starterExit, Path traceFile, TraceFile trace) {
}
