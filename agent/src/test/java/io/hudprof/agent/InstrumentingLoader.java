package io.hudprof.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Loads the {@code fixture.*} test classes itself, through the agent's transformer, as the JVM would under
 * {@code -javaagent}; everything else (hudprof, JUnit) comes from the parent, so the fixtures record into the same
 * profiler the test installs.
 */
final class InstrumentingLoader extends ClassLoader {
    private final GameClassTransformer transformer;

    InstrumentingLoader(GameClassTransformer transformer) {
        super(InstrumentingLoader.class.getClassLoader());
        this.transformer = transformer;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith("fixture.")) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                byte[] original = bytes(name);
                byte[] changed = transformer.transform(this, name.replace('.', '/'), null, null, original);
                byte[] used = changed == null ? original : changed;
                loaded = defineClass(name, used, 0, used.length);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    static byte[] bytes(String className) {
        try (InputStream in = InstrumentingLoader.class.getClassLoader()
                .getResourceAsStream(className.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new IllegalStateException("no class file for " + className);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
