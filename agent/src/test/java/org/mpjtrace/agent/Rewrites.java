package org.mpjtrace.agent;

import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;
import org.mpjtrace.runtime.rank.SiteRegistry;

/** The agent's rewriting of one class file as the builder runs it at load time, without an Instrumentation. */
final class Rewrites {
    private Rewrites() {}

    /** The rewritten class, or null when the rewriting changed nothing. */
    static byte[] rewrite(byte[] bytes, SiteRegistry sites, Reach reach) {
        ClassReader reader = new ClassReader(bytes);
        Map<String, MethodSurvey.WrapLocals> wrapLocals = reach == Reach.NONE ? Map.of() : MethodSurvey.freeLocals(bytes, reach);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        CallSiteRewriter rewriter = new CallSiteRewriter(writer, sites, reach, wrapLocals, null);
        reader.accept(rewriter, wrapLocals.isEmpty() ? 0 : ClassReader.EXPAND_FRAMES);
        return rewriter.changed() ? writer.toByteArray() : null;
    }
}
