package io.hudprof.agent;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites call sites in a game class: {@code GLFW.glfwSwapBuffers(window)} goes through {@link FrameHook} (the
 * frame hook), {@code Overlay.create(...)} tells the agent the game draws its own HUD, and with
 * {@code handzones=off} the game's own {@code Zone.begin()}, {@code end()} and {@code enter()} calls become no-ops
 * (the zone is popped; {@code enter()} yields {@code ZoneScope.NONE}, whose {@code close()} does nothing). Each
 * replacement leaves the operand stack as the original call did, so the method's stack map frames stay valid.
 */
final class CallSiteRewriter extends MethodVisitor {
    static final String GLFW = "org/lwjgl/glfw/GLFW";
    static final String OVERLAY = "io/hudprof/overlay/Overlay";
    static final String OVERLAY_CREATE_DESC =
            "(Lio/hudprof/core/Profiler;Lio/hudprof/overlay/OverlayConfig;)Lio/hudprof/overlay/Overlay;";
    static final String HOOK = "io/hudprof/agent/FrameHook";
    private static final String ZONE_SCOPE = "io/hudprof/core/ZoneScope";

    private final boolean swap;
    private final boolean handZonesOff;
    private final ClassEdit edit;

    CallSiteRewriter(MethodVisitor next, boolean swap, boolean handZonesOff, ClassEdit edit) {
        super(Opcodes.ASM9, next);
        this.swap = swap;
        this.handZonesOff = handZonesOff;
        this.edit = edit;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode == Opcodes.INVOKESTATIC && swap && owner.equals(GLFW) && name.equals("glfwSwapBuffers")
                && descriptor.equals("(J)V")) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, "swapBuffers", "(J)V", false);
            edit.swapSites++;
            return;
        }
        if (opcode == Opcodes.INVOKESTATIC && owner.equals(OVERLAY) && name.equals("create")
                && descriptor.equals(OVERLAY_CREATE_DESC)) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, "gameOverlay", OVERLAY_CREATE_DESC, false);
            edit.otherSites++;
            return;
        }
        if (handZonesOff && opcode == Opcodes.INVOKEVIRTUAL && owner.equals(GameClassTransformer.ZONE)) {
            if ((name.equals("begin") || name.equals("end")) && descriptor.equals("()V")) {
                super.visitInsn(Opcodes.POP);
                edit.otherSites++;
                return;
            }
            if (name.equals("enter") && descriptor.equals("()L" + ZONE_SCOPE + ";")) {
                super.visitInsn(Opcodes.POP);
                super.visitFieldInsn(Opcodes.GETSTATIC, ZONE_SCOPE, "NONE", "L" + ZONE_SCOPE + ";");
                edit.otherSites++;
                return;
            }
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }
}
