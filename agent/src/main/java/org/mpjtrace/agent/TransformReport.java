package org.mpjtrace.agent;

import java.util.List;
import java.util.Map;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;
import org.mpjtrace.runtime.config.TracerLog;

/**
 * Byte Buddy's listener: a transformation that failed is handed to the {@link ClassFileGate} that let the
 * class through (which retries it without calling context, then logs what is left); a retransformation
 * the JVM refused goes to the tracer's log file.
 */
final class TransformReport implements AgentBuilder.Listener, AgentBuilder.RedefinitionStrategy.Listener {
    private final AgentLogFile logFile;

    TransformReport(AgentLogFile logFile) {
        this.logFile = logFile;
    }

    @Override
    public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
        ClassFileGate.ClassFile file = ClassFileGate.current();
        if (file != null && file.name.replace('/', '.').equals(typeName)) file.failed(error);
        else logFile.once(typeName, "could not instrument " + typeName + " (" + TracerLog.describe(error) + "); its MPJ calls are not traced");
    }

    @Override
    public void onIgnored(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded) {}

    @Override
    public void onDiscovery(String typeName, ClassLoader loader, JavaModule module, boolean loaded) {}

    @Override
    public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded, DynamicType dynamicType) {}

    @Override
    public void onComplete(String typeName, ClassLoader loader, JavaModule module, boolean loaded) {}

    @Override
    public void onBatch(int index, List<Class<?>> batch, List<Class<?>> types) {}

    @Override
    public Iterable<? extends List<Class<?>>> onError(int index, List<Class<?>> batch, Throwable error, List<Class<?>> types) {
        for (Class<?> c : batch)
            logFile.once(c.getName() + "@retransform", "could not retransform " + c.getName() + " (" + TracerLog.describe(error)
                    + "); calls it makes before it loads again are not traced");
        return List.of();
    }

    @Override
    public void onComplete(int amount, List<Class<?>> types, Map<List<Class<?>>, Throwable> failures) {}
}
