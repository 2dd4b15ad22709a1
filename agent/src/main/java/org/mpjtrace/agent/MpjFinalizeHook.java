package org.mpjtrace.agent;

import java.lang.instrument.Instrumentation;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatchers;
import org.mpjtrace.runtime.Probe;

/**
 * In a job the tracer was attached to: MPJ Express's own {@code MPI.Finalize} tells the tracer it began
 * ({@link Probe#finalizeInMpj}), so the trace is collected while MPJ still works. The program's call to it
 * is usually in main, whose frame has run since before the attach and so keeps its old code: no rewritten
 * call site sees it. The one place the agent changes an MPJ class, by Byte Buddy's advice at the method's
 * entry; a tracer started with the job never needs it.
 */
final class MpjFinalizeHook {
    private MpjFinalizeHook() {}

    static void install(Instrumentation inst, MpjOrigin origin, TransformReport report) {
        new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED))
                .disableClassFormatChanges()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with((AgentBuilder.RedefinitionStrategy.Listener) report)
                .with((AgentBuilder.Listener) report)
                .type((type, loader, module, redefined, domain) -> type.getName().equals("mpi.MPI") && origin.isMpj("mpi/MPI", domain))
                .transform((builder, type, loader, module, domain) -> builder.visit(Advice.to(AtEntry.class)
                        .on(ElementMatchers.named("Finalize").and(ElementMatchers.isStatic()).and(ElementMatchers.takesNoArguments()))))
                .installOn(inst);
    }

    /** The code put at the entry of {@code MPI.Finalize()}: it hands MPJ's COMM_WORLD to the probe. */
    static final class AtEntry {
        private AtEntry() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("COMM_WORLD") Object world) {
            Probe.finalizeInMpj(world);
        }
    }
}
