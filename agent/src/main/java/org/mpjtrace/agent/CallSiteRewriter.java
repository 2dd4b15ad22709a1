package org.mpjtrace.agent;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpjtrace.runtime.rank.SiteRegistry;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Replaces every call of an intercepted MPJ method in one application class by a call to a bridge
 * method added to the same class, passing the call-site id as an extra argument; with calling context,
 * also wraps the calls that can reach MPJ (see {@link ContextWrapper}). A method reference to an MPJ
 * method ({@code comm::Barrier}: an invokedynamic whose LambdaMetafactory target is the MPJ method)
 * is pointed at a small static method that calls the bridge with the reference's site instead, so the
 * call is recorded whenever the functional object runs. Calls through {@code Method.invoke} are routed
 * through {@link BridgeWriter#writeReflective a bridge} that reports those that reach MPJ, which the
 * tracer cannot record. Sites are interned in the JVM's
 * {@link SiteRegistry} by (class, method, line, ordinal, API), so every rank's copy of a class in
 * multicore mode gets the same ids.
 *
 * <p>A class retransformed after it loaded may not gain methods: its bridges go to a {@link CompanionClass}
 * defined beside it, and its {@code Method.invoke} calls are left alone (a bridge elsewhere would change
 * the reflective call's caller, and so its access checks).
 */
final class CallSiteRewriter extends ClassVisitor {
    private static final String LAMBDA_METAFACTORY = "java/lang/invoke/LambdaMetafactory";
    private final SiteRegistry sites;
    private final Reach reach;
    /** Methods (name + desc) with calls to wrap, and the local each may use for it. */
    private final Map<String, MethodSurvey.WrapLocals> wrapLocals;
    private final Map<String, Bridge> bridges = new LinkedHashMap<>();
    private final Map<String, MethodRef> methodRefs = new LinkedHashMap<>();
    /** The class already loaded that is being retransformed, or null at its load. */
    private final Class<?> retransformed;
    private boolean reflects;
    private String className;
    private boolean isInterface;
    /** Where the bridges go: the class itself, or its companion when it is retransformed. */
    private String bridgeOwner;
    private boolean bridgeOwnerIsInterface;
    private CompanionClass companion;

    /** A bridge to add: its name, the owner the call sites named, and the API method. */
    private record Bridge(String name, String owner, ApiMethod api) {}

    /** A method reference's replacement target: calls bridge {@code bridge} with call site {@code site}. */
    private record MethodRef(String name, String bridge, String owner, ApiMethod api, int site) {}

    /** Rewrites MPJ calls only. */
    CallSiteRewriter(ClassVisitor next, SiteRegistry sites) {
        this(next, sites, Reach.NONE, Map.of(), null);
    }

    /**
     * @param reach      what the scan of the class's class path found
     * @param wrapLocals from {@link MethodSurvey#freeLocals} on this class with {@code reach}
     * @param retransformed the loaded class being retransformed, or null when the class is loading
     */
    CallSiteRewriter(ClassVisitor next, SiteRegistry sites, Reach reach, Map<String, MethodSurvey.WrapLocals> wrapLocals,
                     Class<?> retransformed) {
        super(Opcodes.ASM9, next);
        this.sites = sites;
        this.reach = reach;
        this.wrapLocals = wrapLocals;
        this.retransformed = retransformed;
    }

    boolean changed() {
        return !bridges.isEmpty() || !wrapLocals.isEmpty() || reflects;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        className = name;
        isInterface = (access & Opcodes.ACC_INTERFACE) != 0;
        if (retransformed == null) {
            bridgeOwner = name;
            bridgeOwnerIsInterface = isInterface;
        } else {
            companion = new CompanionClass(retransformed);
            bridgeOwner = companion.internalName();
            bridgeOwnerIsInterface = false;
        }
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
        MethodSurvey.WrapLocals locals = wrapLocals.get(name + desc);
        if (locals != null) {
            if (locals.resetsInHandlers()) mv = new HandlerUnwinder(mv, locals.entryLocal());
            mv = new ContextWrapper(mv, sites, reach, className.replace('/', '.'), name, locals.depthLocal());
        }
        return new SiteVisitor(mv, name);
    }

    @Override
    public void visitEnd() {
        // Interfaces (class version >= 52, checked by the gate) only allow public static methods
        // before Java 9's private ones; a synthetic public bridge there is harmless. A companion's are
        // package-private: its host, in the same package and loader, calls them.
        int access = Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC
                | (companion != null ? 0 : isInterface ? Opcodes.ACC_PUBLIC : Opcodes.ACC_PRIVATE);
        ClassVisitor home = companion != null ? companion.writer() : cv;
        for (Bridge b : bridges.values()) BridgeWriter.write(home, access, b.name, b.owner, b.api);
        for (MethodRef r : methodRefs.values())
            BridgeWriter.writeMethodRef(home, access, r.name, bridgeOwner, bridgeOwnerIsInterface, r.bridge, r.owner, r.api, r.site);
        if (reflects) BridgeWriter.writeReflective(home, access);
        // Defined before the host's new code can run: the JVM installs that only after this transform returns.
        if (companion != null && !bridges.isEmpty()) companion.define();
        super.visitEnd();
    }

    private String bridgeFor(String owner, ApiMethod api) {
        String key = owner + '.' + api.name() + api.desc();
        Bridge b = bridges.get(key);
        if (b == null) {
            b = new Bridge("mpjtrace$" + api.name() + '$' + bridges.size(), owner, api);
            bridges.put(key, b);
        }
        return b.name;
    }

    private String methodRefFor(String owner, ApiMethod api, int site) {
        MethodRef r = new MethodRef("mpjtrace$ref$" + methodRefs.size(), bridgeFor(owner, api), owner, api, site);
        methodRefs.put(r.name, r);
        return r.name;
    }

    /** The intercepted MPJ method a method handle points at, or null. */
    private static ApiMethod interceptedVia(Handle h) {
        int opcode = switch (h.getTag()) {
            case Opcodes.H_INVOKEVIRTUAL -> Opcodes.INVOKEVIRTUAL;
            case Opcodes.H_INVOKESTATIC -> Opcodes.INVOKESTATIC;
            default -> -1;
        };
        return opcode < 0 ? null : ApiTable.intercepted(opcode, h.getOwner(), h.getName(), h.getDesc(), h.isInterface());
    }

    /** Rewrites the MPJ calls of one method, tracking the current source line. */
    private final class SiteVisitor extends MethodVisitor {
        private final String methodName;
        private int line = -1;
        private int ordinal;

        SiteVisitor(MethodVisitor mv, String methodName) {
            super(Opcodes.ASM9, mv);
            this.methodName = methodName;
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            this.line = line;
            super.visitLineNumber(line, start);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String desc, Handle bootstrap, Object... args) {
            if (bootstrap.getOwner().equals(LAMBDA_METAFACTORY) && args.length >= 3 && args[1] instanceof Handle target) {
                ApiMethod api = interceptedVia(target);
                if (api != null) {
                    int site = sites.intern(className.replace('/', '.'), methodName, line, ordinal++,
                            target.getOwner().replace('/', '.') + '.' + target.getName());
                    args = args.clone();
                    args[1] = new Handle(Opcodes.H_INVOKESTATIC, bridgeOwner, methodRefFor(target.getOwner(), api, site),
                            BridgeWriter.methodRefDescriptor(target.getOwner(), api), bridgeOwnerIsInterface);
                }
            }
            super.visitInvokeDynamicInsn(name, desc, bootstrap, args);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
            if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(BridgeWriter.METHOD) && name.equals("invoke")
                    && desc.equals(BridgeWriter.INVOKE_DESC) && companion == null) {
                reflects = true;
                super.visitLdcInsn(className.replace('/', '.') + '.' + methodName + ':' + line);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, className, BridgeWriter.REFLECTIVE,
                        BridgeWriter.REFLECTIVE_DESC, isInterface);
                return;
            }
            ApiMethod api = ApiTable.intercepted(opcode, owner, name, desc, itf);
            if (api == null) {
                super.visitMethodInsn(opcode, owner, name, desc, itf);
                return;
            }
            int site = sites.intern(className.replace('/', '.'), methodName, line, ordinal++,
                    owner.replace('/', '.') + '.' + name);
            super.visitLdcInsn(site);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, bridgeOwner, bridgeFor(owner, api),
                    BridgeWriter.bridgeDescriptor(owner, api), bridgeOwnerIsInterface);
        }
    }
}
