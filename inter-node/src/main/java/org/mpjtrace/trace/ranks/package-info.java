/**
 * Sets of ranks as ScalaTrace ranklists, the annotation on every event of a compressed trace saying
 * which ranks performed it.
 *
 * <p>A ranklist section {@code <d start count1 stride1 ... countd strided>} lists its dimensions
 * innermost (fastest-varying) first, as ScalaTrace writes it: {@code <2 9 6 1 6 8>} is 6 rows of 6
 * consecutive ranks, rows 8 apart, the interior of an 8x8 grid. In Java, {@link
 * org.mpjtrace.trace.ranks.Section} holds the same dimensions outermost first (loop-nest order, index
 * 0 slowest). Sections are nested (each stride exceeds the extent of the dimensions inside it), so
 * they enumerate in increasing order and {@code contains} is one division per dimension.
 *
 * <p>{@link org.mpjtrace.trace.ranks.RankSet} is the value: an exact, canonical list of such
 * sections; {@code RankCompressor} finds it, {@code RankSetFormat} is its binary form.
 */
package org.mpjtrace.trace.ranks;
