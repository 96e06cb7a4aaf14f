package io.hudprof.agent;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Wraps one method's body in its zone, as a hand-written {@code begin()} / {@code try} / {@code finally end()}
 * would: {@code Zone.begin()} on entry (in a constructor, right after the {@code super(...)} or {@code this(...)}
 * call, so a failing super constructor never leaves the zone open), {@code Zone.end()} before every return, and a catch-all handler after the body that ends the zone and
 * rethrows, so an exception leaves the zone stack balanced. The zone comes from the class's own
 * {@code private static final} field, so a call costs what a hand-written zone costs.
 *
 * <p>The handler is added last in the exception table, so the method's own handlers still catch first. Its stack map
 * frame lists no locals (always compatible with any point of the body), which avoids computing frames and so never
 * loads classes from inside the class-file transformer.
 */
final class ZoneMethodAdapter extends MethodVisitor {
    private static final String THROWABLE = "java/lang/Throwable";

    private final String owner;
    private final String field;
    private final boolean constructor;
    private final boolean frames;
    private Label start;
    /** In a constructor, objects created with NEW whose own constructor call has not been seen yet. */
    private int pendingNews;

    ZoneMethodAdapter(MethodVisitor next, String owner, String field, boolean constructor, boolean frames) {
        super(Opcodes.ASM9, next);
        this.owner = owner;
        this.field = field;
        this.constructor = constructor;
        this.frames = frames;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (!constructor) {
            startBody();
        }
    }

    /** Enters the zone and opens the guarded range: at entry, or after a constructor's super(...) call. */
    private void startBody() {
        zoneCall("begin");
        start = new Label();
        super.visitLabel(start);
    }

    private void zoneCall(String name) {
        super.visitFieldInsn(Opcodes.GETSTATIC, owner, field, GameClassTransformer.ZONE_DESC);
        super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, GameClassTransformer.ZONE, name, "()V", false);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        if (constructor && start == null && opcode == Opcodes.NEW) {
            pendingNews++;
        }
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitMethodInsn(int opcode, String methodOwner, String name, String descriptor, boolean isInterface) {
        super.visitMethodInsn(opcode, methodOwner, name, descriptor, isInterface);
        if (constructor && start == null && opcode == Opcodes.INVOKESPECIAL && name.equals("<init>")) {
            // The first constructor call not matched by a NEW initialises this object: the body starts after it.
            if (pendingNews > 0) {
                pendingNews--;
            } else {
                startBody();
            }
        }
    }

    @Override
    public void visitInsn(int opcode) {
        if (start != null && opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
            zoneCall("end");
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (start != null) {
            Label handler = new Label();
            super.visitTryCatchBlock(start, handler, handler, null);
            super.visitLabel(handler);
            if (frames) {
                super.visitFrame(Opcodes.F_FULL, 0, new Object[0], 1, new Object[] {THROWABLE});
            }
            zoneCall("end");
            super.visitInsn(Opcodes.ATHROW);
        }
        // One slot for the zone above whatever the body had; two in the handler (the exception and the zone).
        super.visitMaxs(Math.max(maxStack + 1, 2), maxLocals);
    }
}
