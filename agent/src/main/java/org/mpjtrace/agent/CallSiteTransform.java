package org.mpjtrace.agent;

import java.security.ProtectionDomain;
import java.util.Map;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.field.FieldList;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.JavaModule;
import org.mpjtrace.runtime.rank.SiteRegistry;

/**
 * The builder's one transformation: our ASM call-site rewriting ({@link CallSiteRewriter}) as a visitor
 * around Byte Buddy's decoration of the class, which leaves everything else of the class as it was. The
 * class file comes from the {@link ClassFileGate}, which let it through on this thread.
 */
final class CallSiteTransform implements AgentBuilder.Transformer {
    private final SiteRegistry sites;

    CallSiteTransform(SiteRegistry sites) {
        this.sites = sites;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader,
                                            JavaModule module, ProtectionDomain domain) {
        ClassFileGate.ClassFile file = ClassFileGate.current();
        if (file == null || !file.name.equals(type.getInternalName())) return builder;
        Reach reach = file.reach();
        Map<String, MethodSurvey.WrapLocals> wrapLocals = reach == Reach.NONE ? Map.of() : MethodSurvey.freeLocals(file.bytes, reach);
        return builder.visit(new Rewriting(sites, reach, wrapLocals, file.retransformed));
    }

    /** The rewriting of one class, wrapped around the visitor Byte Buddy writes the class with. */
    private record Rewriting(SiteRegistry sites, Reach reach, Map<String, MethodSurvey.WrapLocals> wrapLocals,
                             Class<?> retransformed) implements AsmVisitorWrapper {
        @Override
        public int mergeWriter(int flags) {
            return flags | ClassWriter.COMPUTE_MAXS;
        }

        @Override
        public int mergeReader(int flags) {
            // Expanded frames let HandlerUnwinder add its local to each; the writer compresses them again.
            return wrapLocals.isEmpty() ? flags : flags | ClassReader.EXPAND_FRAMES;
        }

        @Override
        public ClassVisitor wrap(TypeDescription type, ClassVisitor next, Implementation.Context context, TypePool pool,
                                 FieldList<FieldDescription.InDefinedShape> fields, MethodList<?> methods, int writerFlags, int readerFlags) {
            return new CallSiteRewriter(next, sites, reach, wrapLocals, retransformed);
        }
    }
}
