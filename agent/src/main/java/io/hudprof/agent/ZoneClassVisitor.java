package io.hudprof.agent;

import java.util.Map;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Instruments one class: a {@code private static final synthetic} zone field per instrumented method name (overloads
 * share it), set first thing in the static initializer (one is added when the class has none), each chosen method
 * wrapped by {@link ZoneMethodAdapter}, and every method's call sites passed through {@link CallSiteRewriter}. The
 * fields are known before the static initializer is visited (a first pass chose the methods), so they can be final,
 * which lets the JIT treat each zone as a constant, as it does a hand-written {@code static final} zone.
 */
final class ZoneClassVisitor extends ClassVisitor {
    private final Map<String, String> fieldByMethod;
    private final Map<String, String> zoneNameByField;
    private final boolean swap;
    private final boolean handZonesOff;
    private final ClassEdit edit;
    private String owner;
    private boolean frames;
    private boolean sawStaticInit;

    ZoneClassVisitor(ClassVisitor next, Map<String, String> fieldByMethod, Map<String, String> zoneNameByField,
            boolean swap, boolean handZonesOff, ClassEdit edit) {
        super(Opcodes.ASM9, next);
        this.fieldByMethod = fieldByMethod;
        this.zoneNameByField = zoneNameByField;
        this.swap = swap;
        this.handZonesOff = handZonesOff;
        this.edit = edit;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        owner = name;
        // Stack map frames exist from class version 50 (Java 6); older classes must not get one.
        frames = (version & 0xFFFF) >= Opcodes.V1_6;
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
            String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (name.equals("<clinit>")) {
            sawStaticInit = true;
            if (!zoneNameByField.isEmpty()) {
                mv = new StaticInitPrefix(mv);
            }
        } else {
            String field = fieldByMethod.get(name);
            if (field != null && GameClassTransformer.instrumentable(access, name, true, true)) {
                mv = new ZoneMethodAdapter(mv, owner, field, name.equals("<init>"), frames);
                edit.methods++;
            }
        }
        return new CallSiteRewriter(mv, swap, handZonesOff, edit);
    }

    @Override
    public void visitEnd() {
        for (String field : zoneNameByField.keySet()) {
            super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
                    field, GameClassTransformer.ZONE_DESC, null, null).visitEnd();
        }
        if (!sawStaticInit && !zoneNameByField.isEmpty()) {
            MethodVisitor mv = super.visitMethod(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, "<clinit>", "()V", null,
                    null);
            mv.visitCode();
            defineZones(mv);
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(1, 0);
            mv.visitEnd();
        }
        super.visitEnd();
    }

    private void defineZones(MethodVisitor mv) {
        for (Map.Entry<String, String> e : zoneNameByField.entrySet()) {
            mv.visitLdcInsn(e.getValue());
            // Zone.local: a row of its own even when another class has a method of the same simple name.
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, GameClassTransformer.ZONE, "local",
                    "(Ljava/lang/String;)" + GameClassTransformer.ZONE_DESC, false);
            mv.visitFieldInsn(Opcodes.PUTSTATIC, owner, e.getKey(), GameClassTransformer.ZONE_DESC);
        }
    }

    /** Defines the zones before the class's own static initializer runs, so even code it calls finds them set. */
    private final class StaticInitPrefix extends MethodVisitor {
        StaticInitPrefix(MethodVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visitCode() {
            super.visitCode();
            defineZones(mv);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(Math.max(maxStack, 1), maxLocals);
        }
    }
}
