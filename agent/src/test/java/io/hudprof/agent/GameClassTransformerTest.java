package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The transformer on real classes defined in a loader of their own, recording into an installed profiler: zones per
 * method with the right call graph, exceptions and recursion leaving the zone stack balanced, the frame hook's call
 * site rewrite, {@code handzones=off}, and a class that cannot be transformed loading unchanged.
 */
class GameClassTransformerTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final AgentLog log = new AgentLog(new PrintStream(console, true, StandardCharsets.UTF_8));
    private Profiler profiler;

    @BeforeEach
    void install() {
        profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(new ManualClock())
                .selfProfiling(false).build()));
    }

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    private Object sim(String options) throws Exception {
        GameClassTransformer transformer = new GameClassTransformer(AgentOptions.parse(options), log);
        Class<?> type = new InstrumentingLoader(transformer).loadClass("fixture.game.Sim");
        return type.getConstructor().newInstance();
    }

    private static Object call(Object target, String method, Object... args) throws Exception {
        for (Method m : target.getClass().getMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length
                    && (args.length == 0 || m.getParameterTypes()[0] == int.class)) {
                return m.invoke(target, args);
            }
        }
        throw new AssertionError("no method " + method);
    }

    private Map<String, Long> frame() {
        profiler.update();
        return ProfileTree.calls(profiler.data());
    }

    private void assertNoProblems() {
        for (Problem problem : Problem.values()) {
            assertEquals(0, profiler.problemsTotal(problem), problem + " counted: the zone stack was not balanced");
        }
    }

    @Test
    void eachMatchedMethodGetsAZoneNestedAsTheCallsWere() throws Exception {
        Object sim = sim("include=fixture.game.**");
        profiler.update();
        assertEquals(7, call(sim, "physics", 3));
        assertEquals(2, call(sim, "ai", 2));
        Map<String, Long> calls = frame();
        assertEquals(1L, calls.get("<root>/Sim.physics"), calls.toString());
        assertEquals(3L, calls.get("<root>/Sim.physics/Sim.raycast"), calls.toString());
        assertEquals(1L, calls.get("<root>/Sim.ai"), calls.toString());
        assertEquals(2L, calls.get("<root>/Sim.ai/Sim.raycast"), calls.toString());
        assertNoProblems();
    }

    @Test
    void anExceptionThrownThroughAnInstrumentedMethodLeavesItsZone() throws Exception {
        Object sim = sim("include=fixture.game.Sim");
        profiler.update();
        InvocationTargetException thrown = assertThrows(InvocationTargetException.class, () -> call(sim, "fail"));
        assertEquals("boom", thrown.getCause().getMessage(), "the game's exception passes through unchanged");
        // Caught inside the caller: the caller's own handler runs first and the caller's zone stays open.
        assertEquals(1, call(sim, "catches"));
        Map<String, Long> calls = frame();
        assertEquals(1L, calls.get("<root>/Sim.fail"), calls.toString());
        assertEquals(1L, calls.get("<root>/Sim.catches/Sim.fail"), calls.toString());
        assertEquals(1L, calls.get("<root>/Sim.catches/Sim.raycast"), "raycast runs inside catches' zone: " + calls);
        assertNoProblems();
    }

    @Test
    void recursionGivesOneStatePerDepthLikeHandWrittenZones() throws Exception {
        Object sim = sim("include=fixture.game.**#recurse");
        profiler.update();
        assertEquals(3, call(sim, "recurse", 3));
        Map<String, Long> calls = frame();
        assertEquals(Map.of("<root>/Sim.recurse", 1L, "<root>/Sim.recurse/Sim.recurse", 1L,
                "<root>/Sim.recurse/Sim.recurse/Sim.recurse", 1L,
                "<root>/Sim.recurse/Sim.recurse/Sim.recurse/Sim.recurse", 1L), calls);
        assertNoProblems();
    }

    @Test
    void excludesConstructorsAndLambdasChooseWhatIsInstrumented() throws Exception {
        Object sim = sim("include=Sim;exclude=#physics,#ai");
        profiler.update();
        call(sim, "physics", 1);
        call(sim, "viaLambda");
        Map<String, Long> calls = frame();
        assertEquals(Map.of("<root>/Sim.raycast", 1L, "<root>/Sim.viaLambda", 1L,
                "<root>/Sim.viaLambda/Sim.raycast", 1L), calls, "physics excluded, the lambda body skipped by default");

        Object withAll = sim("include=Sim;constructors=on;lambdas=on;category=package");
        profiler.update();
        call(withAll, "viaLambda");
        calls = frame();
        assertTrue(calls.keySet().stream().anyMatch(p -> p.matches("<root>/game:Sim\\.viaLambda/game:Sim\\.lambda\\$"
                + "viaLambda\\$\\d+/game:Sim\\.raycast")), calls.toString());
        withAll.getClass().getConstructor().newInstance();
        calls = frame();
        // Sim() delegates to Sim(int); a constructor's zone starts after its this(...)/super(...) call, so the two
        // entries are siblings.
        assertEquals(Map.of("<root>/game:Sim.<init>", 2L), calls);
        assertNoProblems();
    }

    @Test
    void handZonesOffSilencesTheGamesOwnZonesAndKeepsMethodZones() throws Exception {
        Object kept = sim("include=fixture.game.**#handZoned,fixture.game.**#raycast");
        profiler.update();
        call(kept, "handZoned");
        assertEquals(Map.of("<root>/Sim.handZoned", 1L, "<root>/Sim.handZoned/Hand", 1L,
                "<root>/Sim.handZoned/Hand/Hand begin", 1L, "<root>/Sim.handZoned/Hand/Hand begin/Sim.raycast", 1L),
                frame());

        Object off = sim("include=fixture.game.**#handZoned,fixture.game.**#raycast;handzones=off");
        call(off, "handZoned");
        assertEquals(Map.of("<root>/Sim.handZoned", 1L, "<root>/Sim.handZoned/Sim.raycast", 1L), frame());
        assertNoProblems();
    }

    @Test
    void swapBufferCallsGoThroughTheFrameHookInClassesNotIncluded() {
        GameClassTransformer transformer = new GameClassTransformer(AgentOptions.parse("include=com.other.**"), log);
        byte[] changed = transformer.instrument("fixture/game/Window",
                InstrumentingLoader.bytes("fixture.game.Window"));
        List<String> calls = new ArrayList<>();
        new ClassReader(changed).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int op, String owner, String method, String d, boolean itf) {
                        calls.add(owner + "." + method + d);
                    }
                };
            }
        }, 0);
        assertTrue(calls.contains("io/hudprof/agent/FrameHook.swapBuffers(J)V"), calls.toString());
        assertFalse(calls.contains("org/lwjgl/glfw/GLFW.glfwSwapBuffers(J)V"), calls.toString());
        assertEquals(1, transformer.swapSites());
    }

    @Test
    void classesNothingAppliesToAndHudprofsOwnAreLeftUntouched() {
        GameClassTransformer transformer = new GameClassTransformer(AgentOptions.parse("include=com.other.**"), log);
        assertNull(transformer.instrument("fixture/game/Sim", InstrumentingLoader.bytes("fixture.game.Sim")));
        GameClassTransformer everything = new GameClassTransformer(AgentOptions.parse("include=**"), log);
        assertNull(everything.instrument("io/hudprof/core/Zone", InstrumentingLoader.bytes("io.hudprof.core.Zone")));
        assertNull(everything.instrument("java/lang/String", InstrumentingLoader.bytes("java.lang.String")));
    }

    @Test
    void aClassThatCannotBeTransformedLoadsUnchangedAndTheFailureIsPrintedOnce() throws Exception {
        // A method a few bytes short of the 64 KiB limit: a zone would push it over.
        byte[] huge = hugeClass();
        GameClassTransformer transformer = new GameClassTransformer(AgentOptions.parse("include=fixture.**"), log);
        ClassLoader loader = new InstrumentingLoader(transformer);
        assertNull(transformer.transform(loader, "fixture/Huge", null, null, huge));
        assertNull(transformer.transform(loader, "fixture/Huge", null, null, huge));
        assertEquals(2, transformer.failures());
        String printed = console.toString(StandardCharsets.UTF_8);
        assertEquals(1, printed.split("fixture.Huge is left unchanged", -1).length - 1, printed);
        assertTrue(printed.contains("Method too large"), printed);
        Class<?> loaded = new ClassLoader(getClass().getClassLoader()) {
            Class<?> define() {
                return defineClass("fixture.Huge", huge, 0, huge.length);
            }
        }.define();
        assertEquals(42, loaded.getMethod("answer").invoke(null), "the unchanged class still works");
        assertArrayEquals(hugeClass(), huge, "the game's bytes were not modified in place");
    }

    private static byte[] hugeClass() {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "fixture/Huge", null, "java/lang/Object", null);
        MethodVisitor mv = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "answer", "()I", null, null);
        mv.visitCode();
        for (int i = 0; i < 65_530; i++) {
            mv.visitInsn(Opcodes.NOP);
        }
        mv.visitIntInsn(Opcodes.BIPUSH, 42);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }
}
