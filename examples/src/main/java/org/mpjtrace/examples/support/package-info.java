/**
 * What the example programs share and is not MPJ: their arguments ({@link org.mpjtrace.examples.support.Args}), the
 * calls they say they made ({@link org.mpjtrace.examples.support.CallLog}), busy computation
 * ({@link org.mpjtrace.examples.support.Compute}) and a 2-D process grid ({@link org.mpjtrace.examples.support.Grid2D}).
 */
package org.mpjtrace.examples.support;
