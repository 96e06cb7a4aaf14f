package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.ReportController;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A profiler slot holds one object per profiler, made once on first use, whichever thread asks first. */
class ProfilerSlotTest {
    @Test
    void eachProfilerGetsItsOwnObjectMadeOnceOnFirstUse() {
        AtomicInteger made = new AtomicInteger();
        ProfilerSlot<StringBuilder> slot = new ProfilerSlot<>(p -> {
            made.incrementAndGet();
            return new StringBuilder();
        });
        Profiler first = new Profiler(ProfilerConfig.defaults());
        Profiler second = new Profiler(ProfilerConfig.defaults());
        assertEquals(0, made.get(), "nothing is made before it is asked for");
        StringBuilder held = slot.of(first);
        assertSame(held, slot.of(first));
        assertNotSame(held, slot.of(second));
        assertEquals(2, made.get());
    }

    @Test
    void threadsAskingAtOnceShareOneObject() throws InterruptedException {
        AtomicInteger made = new AtomicInteger();
        ProfilerSlot<Object> slot = new ProfilerSlot<>(p -> {
            made.incrementAndGet();
            return new Object();
        });
        Profiler profiler = new Profiler(ProfilerConfig.defaults());
        CountDownLatch start = new CountDownLatch(1);
        ConcurrentLinkedQueue<Object> seen = new ConcurrentLinkedQueue<>();
        Thread[] threads = new Thread[8];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                seen.add(slot.of(profiler));
            });
            threads[i].start();
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(1, made.get());
        assertEquals(threads.length, seen.size());
        Object one = seen.peek();
        seen.forEach(o -> assertSame(one, o));
    }

    @Test
    void aSlotMadeInsideAnotherSlotsFactoryKeepsBoth() {
        ProfilerSlot<Object> inner = new ProfilerSlot<>(p -> new Object());
        ProfilerSlot<Object> outer = new ProfilerSlot<>(p -> new Object[] {inner.of(p)});
        Profiler profiler = new Profiler(ProfilerConfig.defaults());
        Object[] made = (Object[]) outer.of(profiler);
        assertSame(made[0], inner.of(profiler));
        assertSame(made, outer.of(profiler));
    }

    @Test
    void theReportSideHangsOffTheProfilerByItsSlots() {
        Profiler profiler = new Profiler(ProfilerConfig.defaults());
        assertSame(ReportController.of(profiler), ReportController.of(profiler));
        assertSame(Annexes.of(profiler), Annexes.of(profiler));
        assertNotSame(ReportController.of(profiler), ReportController.of(new Profiler(ProfilerConfig.defaults())));
    }

    @Test
    void aFactoryReturningNullOrANullProfilerIsRefusedWithAMessage() {
        ProfilerSlot<Object> slot = new ProfilerSlot<>(p -> null);
        Profiler profiler = new Profiler(ProfilerConfig.defaults());
        assertThrows(IllegalStateException.class, () -> slot.of(profiler));
        assertThrows(IllegalArgumentException.class, () -> slot.of(null));
        assertThrows(IllegalArgumentException.class, () -> new ProfilerSlot<>(null));
    }
}
