package io.hudprof.agent;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites call sites in a game class: {@code GLFW.glfwSwapBuffers(window)} goes through {@link FrameHook} (the
 * frame hook), {@code Overlay.create(...)} tells the agent the game draws its own HUD, and with
 * {@code handzones=off} the game's own {@code Zone}, {@code GpuZone} and {@code PassZone} {@code begin()}, {@code end()}
 * and {@code enter()} calls become no-ops (the zone is popped; {@code enter()} yields {@code ZoneScope.NONE} or
 * {@code GpuZoneScope.NONE}, whose {@code close()} does nothing). Each
 * replacement leaves the operand stack as the original call did, so the method's stack map frames stay valid.
 */
final class CallSiteRewriter extends MethodVisitor {
    static final String GLFW = "org/lwjgl/glfw/GLFW";
    static final String OVERLAY = "io/hudprof/overlay/Overlay";
    static final String OVERLAY_CREATE_DESC =
            "(Lio/hudprof/core/Profiler;Lio/hudprof/overlay/OverlayConfig;)Lio/hudprof/overlay/Overlay;";
    static final String HOOK = "io/hudprof/agent/FrameHook";
    private static final String ZONE_SCOPE = "io/hudprof/core/ZoneScope";
    private static final String GPU_ZONE = "io/hudprof/core/GpuZone";
    private static final String PASS_ZONE = "io/hudprof/core/PassZone";
    private static final String GPU_ZONE_SCOPE = "io/hudprof/core/GpuZoneScope";

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
        if (handZonesOff && opcode == Opcodes.INVOKEVIRTUAL && silenced(owner, name, descriptor)) {
            super.visitInsn(Opcodes.POP);
            if (name.equals("enter")) {
                String scope = owner.equals(GameClassTransformer.ZONE) ? ZONE_SCOPE : GPU_ZONE_SCOPE;
                super.visitFieldInsn(Opcodes.GETSTATIC, scope, "NONE", "L" + scope + ";");
            }
            edit.otherSites++;
            return;
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    /** A hand-written zone transition of the game: begin/end/enter of a CPU, GPU or pass zone. */
    private static boolean silenced(String owner, String name, String descriptor) {
        if ((name.equals("begin") || name.equals("end")) && descriptor.equals("()V")) {
            return owner.equals(GameClassTransformer.ZONE) || owner.equals(GPU_ZONE) || owner.equals(PASS_ZONE);
        }
        if (!name.equals("enter")) {
            return false;
        }
        return owner.equals(GameClassTransformer.ZONE) && descriptor.equals("()L" + ZONE_SCOPE + ";")
                || (owner.equals(GPU_ZONE) || owner.equals(PASS_ZONE)) && descriptor.equals("()L" + GPU_ZONE_SCOPE + ";");
    }
}
