package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.ValueUnit;
import org.junit.jupiter.api.Test;

/** Naming, redefinition and the limit on how many statistics exist. */
class StatDefinitionTest {
    @Test
    void namesSplitIntoCategoryAndNameAtTheFirstSlash() {
        Counter counter = Counter.define("Render/Shadows/Cascades");
        assertEquals("Render", counter.category());
        assertEquals("Shadows/Cascades", counter.shortName());
        assertEquals("Render/Shadows/Cascades", counter.name());
        assertEquals(StatKind.COUNTER, counter.kind());
        assertEquals(ValueUnit.COUNT, counter.unit());
    }

    @Test
    void malformedNamesAreRejectedWithAnExample() {
        for (String bad : new String[] {"Triangles", "/Triangles", "Render/", " /x", "Render/  "}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Counter.define(bad));
            assertTrue(e.getMessage().contains("Category/Name, e.g. \"Render/Triangles drawn\""), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Percent.define(null));
    }

    @Test
    void definingANameAgainReturnsTheSameStatisticUnlessTheKindDiffers() {
        Counter first = Counter.define("Define/Twice");
        assertSame(first, Counter.define("Define/Twice"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MemoryCounter.define("Define/Twice"));
        assertTrue(e.getMessage().contains("already defined as counter in COUNT; give the new one another name"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Counter.defineLevel("Define/Twice"));
        assertThrows(IllegalArgumentException.class, () -> IntDistribution.define("Define/Twice", ValueUnit.BYTES));
    }
}
