package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.lwjgl.Version;

/**
 * Every LWJGL method and field the overlay's classes refer to exists in the LWJGL on the classpath. The build runs this
 * once with the LWJGL the overlay is compiled against and once with LWJGL 3.3 (libGDX's), so a call that javac bound
 * to an overload only the newer LWJGL has (LWJGL 3.4's {@code memFree(ByteBuffer)}) fails here, even in code that no
 * GL test reaches. Reads the class files' constant pools, so it checks what the JVM will link, not the source.
 */
class LwjglLinkageTest {
    @Test
    void everyLwjglMemberTheOverlayUsesExistsInTheLwjglOnTheClasspath() throws Exception {
        String expected = System.getProperty("hudprof.expectedLwjgl", "");
        assertTrue(Version.getVersion().startsWith(expected), "this pass is meant to run LWJGL " + expected
                + ", the classpath has " + Version.getVersion());
        Path location = Path.of(Overlay.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> references = new ArrayList<>();
        // Maven's test run puts the overlay's classes folder on the classpath; a run from the built jar (as on a
        // GPU machine without Maven) gives the jar, whose entries are read the same way.
        try (FileSystem jar = Files.isDirectory(location) ? null : FileSystems.newFileSystem(location);
             Stream<Path> files = Files.walk(jar == null ? location : jar.getPath("/"))) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                try (InputStream in = Files.newInputStream(file)) {
                    references.addAll(lwjglReferences(new DataInputStream(in)));
                }
            }
        }
        assertTrue(references.size() > 50, "the scan found too few LWJGL references to be reading the classes: "
                + references.size());
        TreeSet<String> missing = new TreeSet<>();
        for (String reference : references) {
            if (!resolves(reference)) {
                missing.add(reference);
            }
        }
        assertEquals(new TreeSet<String>(), missing, "the overlay links to LWJGL members that LWJGL "
                + Version.getVersion() + " lacks");
    }

    /** "kind owner name descriptor" for each Fieldref/Methodref/InterfaceMethodref to an org/lwjgl class. */
    private static List<String> lwjglReferences(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        int[] tags = new int[count];
        int[] first = new int[count];
        int[] second = new int[count];
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            tags[i] = tag;
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7, 8, 16, 19, 20 -> first[i] = in.readUnsignedShort();
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++; // longs and doubles take two slots
                }
                case 9, 10, 11, 12, 17, 18 -> {
                    first[i] = in.readUnsignedShort();
                    second[i] = in.readUnsignedShort();
                }
                case 15 -> {
                    in.readUnsignedByte();
                    first[i] = in.readUnsignedShort();
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        List<String> found = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            if (tags[i] == 9 || tags[i] == 10 || tags[i] == 11) {
                String owner = utf8[first[first[i]]];
                int nameAndType = second[i];
                if (owner.startsWith("org/lwjgl/")) {
                    found.add((tags[i] == 9 ? "field " : "method ") + owner + " " + utf8[first[nameAndType]] + " "
                            + utf8[second[nameAndType]]);
                }
            }
        }
        return found;
    }

    private static boolean resolves(String reference) {
        String[] parts = reference.split(" ");
        ClassLoader loader = LwjglLinkageTest.class.getClassLoader();
        Class<?> owner;
        try {
            owner = Class.forName(parts[1].replace('/', '.'), false, loader);
        } catch (ClassNotFoundException e) {
            return false;
        }
        String name = parts[2];
        String descriptor = parts[3];
        Deque<Class<?>> types = new ArrayDeque<>();
        types.add(owner);
        while (!types.isEmpty()) {
            Class<?> type = types.poll();
            if (parts[0].equals("field")) {
                for (Field f : type.getDeclaredFields()) {
                    if (f.getName().equals(name) && f.getType().descriptorString().equals(descriptor)) {
                        return true;
                    }
                }
            } else if (name.equals("<init>")) {
                for (Constructor<?> c : type.getDeclaredConstructors()) {
                    if (MethodType.methodType(void.class, c.getParameterTypes()).descriptorString().equals(descriptor)) {
                        return true;
                    }
                }
                return false;
            } else {
                for (Method m : type.getDeclaredMethods()) {
                    if (m.getName().equals(name) && MethodType.methodType(m.getReturnType(), m.getParameterTypes())
                            .descriptorString().equals(descriptor)) {
                        return true;
                    }
                }
            }
            if (type.getSuperclass() != null) {
                types.add(type.getSuperclass());
            }
            types.addAll(List.of(type.getInterfaces()));
        }
        return false;
    }

    @Test
    void theResolverRejectsMembersThatDoNotExist() {
        assertTrue(resolves("method org/lwjgl/system/MemoryUtil memFree (Ljava/nio/Buffer;)V"));
        assertTrue(!resolves("method org/lwjgl/system/MemoryUtil memFree (Ljava/lang/String;)V"));
        assertTrue(!resolves("method org/lwjgl/system/NoSuchClass memFree (Ljava/nio/Buffer;)V"));
    }
}
