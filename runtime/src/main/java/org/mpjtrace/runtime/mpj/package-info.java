/**
 * MPJ Express through reflection. In multicore mode MPJ's classes are loaded once per rank by the rank's
 * own class loader, which the tracer's classes (on the system loader) cannot name, so everything the
 * tracer asks of MPJ goes through {@link org.mpjtrace.runtime.mpj.MpjAccess}, whose real implementation
 * looks the methods up on the rank's own objects.
 */
package org.mpjtrace.runtime.mpj;
