package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClassPatternTest {
    private static boolean matches(String pattern, String className) {
        return ClassPattern.parse("include", pattern).matchesClass(className);
    }

    @Test
    void doubleStarMatchesWholePackageLevelsAndStarOneName() {
        assertTrue(matches("com.mygame.**", "com.mygame.World"));
        assertTrue(matches("com.mygame.**", "com.mygame.sim.ai.Hunter$Brain"));
        assertFalse(matches("com.mygame.**", "com.mygame"));
        assertFalse(matches("com.mygame.**", "com.mygamex.World"));
        assertTrue(matches("com.mygame.*", "com.mygame.World"));
        assertFalse(matches("com.mygame.*", "com.mygame.sim.World"));
        assertTrue(matches("com.**.World", "com.World"));
        assertTrue(matches("com.**.World", "com.a.b.World"));
        assertFalse(matches("com.**.World", "com.a.WorldMap"));
        assertTrue(matches("com.mygame.Ph?sics*", "com.mygame.PhysicsStep"));
        assertTrue(matches("**", "anything.At.All"));
    }

    @Test
    void aNameWithoutDotsIsAClassInAnyPackage() {
        assertTrue(matches("Raycaster", "com.mygame.sim.Raycaster"));
        assertTrue(matches("Raycaster", "Raycaster"));
        assertFalse(matches("Raycaster", "com.mygame.sim.Raycaster$Hit"));
        assertTrue(matches("Raycaster*", "com.mygame.sim.Raycaster$Hit"));
    }

    @Test
    void methodPartsAreGlobsOnTheMethodName() {
        ClassPattern getters = ClassPattern.parse("exclude", "#get*");
        assertTrue(getters.matches("any.Thing", "getX"));
        assertFalse(getters.matches("any.Thing", "update"));
        assertFalse(getters.wholeClass());
        ClassPattern update = ClassPattern.parse("include", "com.mygame.**#update");
        assertTrue(update.matches("com.mygame.World", "update"));
        assertFalse(update.matches("com.mygame.World", "updateAll"));
        assertTrue(ClassPattern.parse("include", "a.B#<init>").matches("a.B", "<init>"));
    }

    @Test
    void theLiteralPrefixIsThePackageBeforeAnyWildcard() {
        assertEquals("java.util.", ClassPattern.parse("include", "java.util.**").literalPrefix());
        assertEquals("java.util.", ClassPattern.parse("include", "java.util.Hash*").literalPrefix());
        assertEquals("", ClassPattern.parse("include", "HashMap").literalPrefix());
        assertEquals("com.", ClassPattern.parse("include", "com.*.x.Y").literalPrefix());
    }
}
