package org.mpjtrace.agent;

import java.lang.instrument.Instrumentation;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.dynamic.Nexus;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatchers;
import org.mpjtrace.runtime.rank.SiteRegistry;

/**
 * The agent's class rewriting, on Byte Buddy's {@link AgentBuilder}: every class that calls MPJ
 * Express, whatever its package, is decorated with our call-site rewriting as it loads, and those already
 * loaded when the agent starts are retransformed. Ignored by origin: the JDK (the bootstrap loader, and
 * the platform's packages), MPJ Express (by the jar a class comes from, {@link MpjOrigin}), the tracer
 * itself and the bridges' companions (the {@link ClassFileGate} in front applies the same rule, and lets
 * only class files that name MPJ into the builder); {@link TransformReport} listens.
 */
final class CallSiteAgent {
    private CallSiteAgent() {}

    /**
     * Installs the rewriting into {@code inst} and retransforms the classes already loaded.
     *
     * @param stackDepth the agent key: above 0, calls that can reach MPJ are wrapped for calling context
     * @return the installed transformer (tests reset it)
     */
    static ResettableClassFileTransformer install(Instrumentation inst, SiteRegistry sites, int stackDepth, MpjOrigin origin,
                                                  RewriteLog log, AgentLogFile logFile) {
        ClassFileGate gate = new ClassFileGate(stackDepth > 0, origin, log, logFile);
        return builder(sites, origin, new TransformReport(logFile)).with(gate).installOn(inst);
    }

    /** The builder without its gate: tests put the gate in front of {@code makeRaw()} themselves. */
    static AgentBuilder builder(SiteRegistry sites, MpjOrigin origin, TransformReport report) {
        // No Nexus: with InitializationStrategy.NoOp nothing needs it, and the builder's default strategy would
        // inject its class into the system class loader while the agent starts (about 60 ms of a 0.45 s premain).
        System.setProperty(Nexus.PROPERTY, "true");
        return new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED).with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE))
                .disableClassFormatChanges()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.RedefinitionStrategy.Listener.BatchReallocator.splitting())
                .with((AgentBuilder.RedefinitionStrategy.Listener) report)
                .with((AgentBuilder.Listener) report)
                .ignore((type, loader, module, redefined, domain) -> loader == null
                        || ExcludedPackages.excluded(type.getInternalName())
                        || CompanionClass.isCompanion(type.getInternalName())
                        || origin.isMpj(type.getInternalName(), domain))
                .type(ElementMatchers.any())
                .transform(new CallSiteTransform(sites));
    }
}
