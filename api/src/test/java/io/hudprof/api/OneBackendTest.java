package io.hudprof.api;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** One backend serves the process: binding it again is harmless, another one is refused with the reason. */
class OneBackendTest {
    @Test
    void aSecondBackendIsRefusedAndTheSameOneIsWelcome() {
        RecordingBackend first = new RecordingBackend();
        HudprofBackend.bind(first);
        HudprofBackend.bind(first);
        assertSame(first, HudprofBackend.bound());
        IllegalStateException second = assertThrows(IllegalStateException.class,
                () -> HudprofBackend.bind(new RecordingBackend()));
        assertTrue(second.getMessage().contains("one profiler backend"), second.getMessage());
        assertSame(first, HudprofBackend.bound());
        assertThrows(IllegalArgumentException.class, () -> HudprofBackend.bind(null));
    }
}
