/**
 * What mode chameleon records about its online clustering: the states agreed at acted-on markers, the
 * clusters (leads, member ranklists, signatures), and when their traces were merged.
 */
package org.mpjtrace.trace.cluster;
