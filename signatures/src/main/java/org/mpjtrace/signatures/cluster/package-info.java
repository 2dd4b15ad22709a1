/**
 * Clustering on plain signature vectors, with no MPJ and no I/O: the distances and the top-K lead
 * selection that mode chameleon runs at every node of its reduction tree.
 */
package org.mpjtrace.signatures.cluster;
