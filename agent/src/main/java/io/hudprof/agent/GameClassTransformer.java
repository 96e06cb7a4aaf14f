package io.hudprof.agent;

import java.lang.instrument.ClassFileTransformer;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The agent's class-file transformer: gives each method matched by the include/exclude patterns a zone, sends
 * {@code GLFW.glfwSwapBuffers} call sites of every game class (libGDX's and jME's backends too) through the frame
 * hook, and applies {@code handzones=off}. JDK classes and hudprof's own are never touched.
 *
 * <p>It never breaks the game: a class that fails to transform (an unsupported class-file version, a method that
 * would grow past 64 KiB) is loaded unchanged and the failure is printed once; classes whose loader cannot see
 * hudprof are left alone. Classes the transformation would not change are returned as {@code null} (untouched),
 * after a byte scan that decides most of them without parsing. Thread-safe: class loading may call it from any
 * thread; the counts are atomic.
 */
public final class GameClassTransformer implements ClassFileTransformer {
    static final String ZONE = "io/hudprof/core/Zone";
    static final String ZONE_DESC = "L" + ZONE + ";";
    private static final byte[] GLFW_SWAP = "glfwSwapBuffers".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ZONE_BYTES = ZONE.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] GPU_ZONE_BYTES = "io/hudprof/core/GpuZone".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PASS_ZONE_BYTES = "io/hudprof/core/PassZone".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OVERLAY_BYTES = CallSiteRewriter.OVERLAY.getBytes(StandardCharsets.US_ASCII);

    private final AgentOptions options;
    private final AgentLog log;
    private final Map<ClassLoader, Boolean> seesHudprof = new WeakHashMap<>();
    private final Map<ClassLoader, Boolean> sharesGlfw = new WeakHashMap<>();
    private final AtomicLong scanned = new AtomicLong();
    private final AtomicLong instrumentedClasses = new AtomicLong();
    private final AtomicLong instrumentedMethods = new AtomicLong();
    private final AtomicLong swapSites = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();

    /** A transformer for these options, printing failures through {@code log}. */
    public GameClassTransformer(AgentOptions options, AgentLog log) {
        this.options = options;
        this.log = log;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        if (className == null || classBeingRedefined != null || loader == null) {
            // Hidden classes, redefinitions (a field cannot be added then) and the boot loader's classes.
            return null;
        }
        long start = System.nanoTime();
        scanned.incrementAndGet();
        try {
            return transform(className, classfileBuffer, loader);
        } catch (Throwable t) {
            failures.incrementAndGet();
            log.failure(className.replace('/', '.'), t);
            return null;
        } finally {
            nanos.addAndGet(System.nanoTime() - start);
        }
    }

    private byte[] transform(String className, byte[] bytes, ClassLoader loader) {
        String dotted = className.replace('/', '.');
        if (AgentOptions.never(dotted)) {
            return null;
        }
        boolean included = options.includesClass(dotted);
        boolean swap = contains(bytes, GLFW_SWAP);
        boolean rewrites = swap || contains(bytes, OVERLAY_BYTES) || (options.handZonesOff
                && (contains(bytes, ZONE_BYTES) || contains(bytes, GPU_ZONE_BYTES) || contains(bytes, PASS_ZONE_BYTES)));
        if (!included && !rewrites) {
            return null;
        }
        if (!sees(loader)) {
            log.once("loader " + loader, "classes of " + loader + " cannot see hudprof's classes, so they are left"
                    + " unchanged (the agent's jar is on the system class path; this loader does not delegate to it)");
            return null;
        }
        return instrument(className, bytes, included, swap && sharesGlfw(loader));
    }

    /**
     * Instruments one class as the agent would, without the class-loader checks: the new bytes, or {@code null}
     * when nothing changes. For tests and benchmarks, which define the result in a class loader of their own.
     *
     * @throws RuntimeException from ASM when the class cannot be transformed (the agent then leaves it unchanged)
     */
    public byte[] instrument(String className, byte[] bytes) {
        String dotted = className.replace('/', '.');
        if (AgentOptions.never(dotted)) {
            return null;
        }
        return instrument(className, bytes, options.includesClass(dotted), contains(bytes, GLFW_SWAP));
    }

    private byte[] instrument(String className, byte[] bytes, boolean included, boolean swap) {
        ClassReader reader = new ClassReader(bytes);
        Map<String, String> fieldByMethod = new LinkedHashMap<>();
        Map<String, String> zoneNameByField = new LinkedHashMap<>();
        boolean isInterface = (reader.getAccess() & (Opcodes.ACC_INTERFACE | Opcodes.ACC_MODULE)) != 0;
        if (included && !isInterface) {
            chooseMethods(reader, className, fieldByMethod, zoneNameByField);
        }
        ClassEdit edit = new ClassEdit();
        ClassWriter writer = new ClassWriter(reader, 0);
        ClassVisitor visitor = new ZoneClassVisitor(writer, fieldByMethod, zoneNameByField, swap,
                options.handZonesOff, edit);
        reader.accept(visitor, 0);
        if (!edit.changed()) {
            return null;
        }
        byte[] result = writer.toByteArray();
        if (edit.methods > 0) {
            instrumentedClasses.incrementAndGet();
            instrumentedMethods.addAndGet(edit.methods);
        }
        swapSites.addAndGet(edit.swapSites);
        return result;
    }

    /** First pass: which methods get a zone, and the field and zone name of each method name. */
    private void chooseMethods(ClassReader reader, String className, Map<String, String> fieldByMethod,
            Map<String, String> zoneNameByField) {
        String dotted = className.replace('/', '.');
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                if (!fieldByMethod.containsKey(name)
                        && instrumentable(access, name, options.constructors, options.lambdas)
                        && options.includesMethod(dotted, name)) {
                    String field = "$hudprof$zone" + fieldByMethod.size();
                    fieldByMethod.put(name, field);
                    zoneNameByField.put(field, zoneName(className, name, options.packageCategory));
                }
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    /** Whether a method of this access and name can carry a zone (and is wanted, by the two switches). */
    static boolean instrumentable(int access, String name, boolean constructors, boolean lambdas) {
        if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_BRIDGE)) != 0
                || name.equals("<clinit>")) {
            return false;
        }
        if ((access & Opcodes.ACC_SYNTHETIC) != 0) {
            return lambdas && name.startsWith("lambda$");
        }
        return constructors || !name.equals("<init>");
    }

    /** {@code Raycaster.cast}, or with a package category {@code sim:Raycaster.cast}. */
    static String zoneName(String internalClassName, String method, boolean packageCategory) {
        int slash = internalClassName.lastIndexOf('/');
        String name = internalClassName.substring(slash + 1) + "." + method;
        if (!packageCategory || slash < 0) {
            return name;
        }
        String pkg = internalClassName.substring(0, slash);
        return pkg.substring(pkg.lastIndexOf('/') + 1) + ":" + name;
    }

    private boolean sees(ClassLoader loader) {
        synchronized (seesHudprof) {
            return seesHudprof.computeIfAbsent(loader, l -> {
                try {
                    return Class.forName(FrameHook.class.getName(), false, l) == FrameHook.class
                            && Class.forName(ZONE.replace('/', '.'), false, l)
                            == Class.forName(ZONE.replace('/', '.'), false, FrameHook.class.getClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    return false;
                }
            });
        }
    }

    /** Whether this loader's GLFW is the one the frame hook (on the system class path) calls. */
    private boolean sharesGlfw(ClassLoader loader) {
        synchronized (sharesGlfw) {
            return sharesGlfw.computeIfAbsent(loader, l -> {
                String resource = CallSiteRewriter.GLFW + ".class";
                java.net.URL own = l.getResource(resource);
                java.net.URL hook = FrameHook.class.getClassLoader().getResource(resource);
                boolean same = own != null && own.equals(hook);
                if (!same) {
                    log.once("glfw " + l, "GLFW of " + l + " is not the system class path's; its buffer swaps are"
                            + " not hooked");
                }
                return same;
            });
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        byte first = needle[0];
        int last = haystack.length - needle.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (haystack[i] != first) {
                continue;
            }
            for (int j = 1; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Classes offered to the transformer so far. */
    public long scannedClasses() {
        return scanned.get();
    }

    /** Classes that got method zones. */
    public long instrumentedClasses() {
        return instrumentedClasses.get();
    }

    /** Methods that got a zone. */
    public long instrumentedMethods() {
        return instrumentedMethods.get();
    }

    /** {@code glfwSwapBuffers} call sites sent through the frame hook. */
    public long swapSites() {
        return swapSites.get();
    }

    /** Classes left unchanged because their transformation failed. */
    public long failures() {
        return failures.get();
    }

    /** Time spent in the transformer, all classes together, in nanoseconds. */
    public long nanos() {
        return nanos.get();
    }

    /** One line on what the transformer did and what it cost, for the console. */
    public String summary() {
        return String.format(java.util.Locale.ROOT, "%d methods in %d classes instrumented, %d swap call sites hooked,"
                        + " %d classes scanned in %.1f ms (%.1f µs a class)%s", instrumentedMethods(),
                instrumentedClasses(), swapSites(), scannedClasses(), nanos() / 1e6,
                scannedClasses() == 0 ? 0.0 : nanos() / 1e3 / scannedClasses(),
                failures() == 0 ? "" : ", " + failures() + " left unchanged after a failure");
    }
}
