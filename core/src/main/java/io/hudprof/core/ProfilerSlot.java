package io.hudprof.core;

import java.util.Arrays;
import java.util.function.Function;

/**
 * One object per profiler that a package or module above the engine keeps, made on first use and held as long as
 * the profiler: how the report side ({@code ReportController.of(profiler)}) hangs off a profiler while core's engine
 * never names it, so packages depend one way (record, gather, keep, then report). Define a slot as a constant.
 *
 * <p>{@link #of(Profiler)} is lock-free and allocation-free once the object is made; any thread may call it, and the
 * first call makes the object (once, under the profiler's lock).
 *
 * @param <T> what the slot holds
 */
public final class ProfilerSlot<T> {
    private final Function<Profiler, ? extends T> factory;

    /** A slot whose object {@code factory} makes from the profiler on first use (it must not return null). */
    public ProfilerSlot(Function<Profiler, ? extends T> factory) {
        if (factory == null) {
            throw new IllegalArgumentException("hudprof: slot factory is null");
        }
        this.factory = factory;
    }

    /** {@code profiler}'s object in this slot, made now if this is the first call for that profiler. */
    public T of(Profiler profiler) {
        if (profiler == null) {
            throw new IllegalArgumentException("hudprof: profiler is null");
        }
        T held = find(profiler.slotValues);
        return held != null ? held : make(profiler);
    }

    @SuppressWarnings("unchecked")
    private T find(Object[] held) {
        for (int i = 0; i < held.length; i += 2) {
            if (held[i] == this) {
                return (T) held[i + 1];
            }
        }
        return null;
    }

    private T make(Profiler profiler) {
        synchronized (profiler.slotLock) {
            T held = find(profiler.slotValues);
            if (held != null) {
                return held;
            }
            T made = factory.apply(profiler);
            if (made == null) {
                throw new IllegalStateException("hudprof: a profiler slot's factory returned null");
            }
            // The factory may have filled other slots meanwhile (re-entrantly), so grow what is there now.
            Object[] now = profiler.slotValues;
            Object[] grown = Arrays.copyOf(now, now.length + 2);
            grown[now.length] = this;
            grown[now.length + 1] = made;
            profiler.slotValues = grown;
            return made;
        }
    }
}
