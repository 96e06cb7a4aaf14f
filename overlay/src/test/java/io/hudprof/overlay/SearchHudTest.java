package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_A;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_BACKSPACE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ESCAPE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F3;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_SLASH;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_W;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.GLFW_REPEAT;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.testkit.AllocationCheck;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The search line through the key router, as any host's key and char events reach it: what it consumes, how it
 * edits, the rows it leaves, and that drawing a held filter allocates nothing. No GL context (the GL test,
 * {@code SearchGlTest}, drives real GLFW callbacks).
 */
class SearchHudTest {
    private static final Zone UPDATE = Zone.define("Sht:Update");
    private static final Zone PHYSICS = Zone.define("Sht:Physics");
    private static final Zone RAYCAST = Zone.define("Sht:Raycast");
    private static final Zone RENDER = Zone.define("Sht:Render");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private HudFrame hud;
    private KeyRouter router;
    /** What reached the game: key events and characters the router did not consume. */
    private final List<String> game = new ArrayList<>();

    @BeforeEach
    void start() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).build());
        Hudprof.install(profiler);
        hud = HudFrame.create(profiler, OverlayConfig.builder().startVisible(true).build());
        hud.controls().toggleTimeline();
        router = new KeyRouter(KeyBindings.defaults(), hud.controls());
        for (int i = 0; i < 5; i++) {
            frame();
        }
    }

    @AfterEach
    void close() {
        hud.close();
        Hudprof.uninstall();
    }

    private void frame() {
        UPDATE.begin();
        PHYSICS.begin();
        clock.advance(2_000_000);
        RAYCAST.begin();
        clock.advance(1_000_000);
        RAYCAST.end();
        PHYSICS.end();
        UPDATE.end();
        RENDER.begin();
        clock.advance(4_000_000);
        RENDER.end();
        profiler.update();
    }

    /** A key as GLFW delivers it: press, then the character it types (if any), then release. */
    private void type(int key, char typed) {
        if (!router.onKey(key, GLFW_PRESS, 0)) {
            game.add("down " + key);
        }
        if (typed != 0 && !router.onChar(typed)) {
            game.add("char " + typed);
        }
        if (!router.onKey(key, GLFW_RELEASE, 0)) {
            game.add("up " + key);
        }
    }

    private void typeText(String text) {
        for (char c : text.toCharArray()) {
            type(Character.isLetter(c) ? GLFW_KEY_A + Character.toUpperCase(c) - 'A' : GLFW_KEY_W, c);
        }
    }

    private List<String> rowNames() {
        hud.build(1280, 720);
        Report report = hud.report();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < report.rowCount(); i++) {
            names.add(report.row(i).name());
        }
        return names;
    }

    @Test
    void slashOpensTheLineAndTypedCharactersFilterWithoutReachingTheGame() {
        type(GLFW_KEY_SLASH, '/');
        assertTrue(hud.controls().view().searchTyping());
        assertEquals("", hud.controls().view().searchText().toString(), "the opening key's own character is not typed");
        typeText("RAY");
        assertEquals("RAY", hud.controls().view().searchText().toString());
        assertEquals(List.of(), game, "nothing reached the game while typing");
        assertEquals(List.of("Sht:Raycast"), rowNames());

        type(GLFW_KEY_BACKSPACE, '\b');
        assertEquals("RA", hud.controls().view().searchText().toString());
        router.onKey(GLFW_KEY_BACKSPACE, GLFW_PRESS, 0);
        router.onKey(GLFW_KEY_BACKSPACE, GLFW_REPEAT, 0);
        router.onKey(GLFW_KEY_BACKSPACE, GLFW_RELEASE, 0);
        assertEquals("", hud.controls().view().searchText().toString(), "Backspace repeats");
        typeText("phys");
        type(GLFW_KEY_ENTER, '\r');
        assertFalse(hud.controls().view().searchTyping(), "Enter keeps the filter and gives the keys back");
        assertTrue(hud.controls().view().searchActive());
        assertEquals(List.of("Sht:Physics"), rowNames());

        type(GLFW_KEY_W, 'w');
        assertEquals(List.of("down " + GLFW_KEY_W, "char w", "up " + GLFW_KEY_W), game,
                "after Enter the game's keys and characters are its own again");
        game.clear();
        type(GLFW_KEY_M, 'm');
        assertEquals(ReportMode.HIERARCHICAL_TIME, ReportController.of(profiler).mode(), "HUD keys navigate again");
        assertEquals(List.of("char m"), game, "M's key is the HUD's; the character it types is passed on");
        List<String> hier = rowNames();
        assertTrue(hier.containsAll(List.of("Sht:Physics", "Sht:Update")), "what leads to Physics: " + hier);
        assertFalse(hier.contains("Sht:Render") || hier.contains("Sht:Raycast"), hier.toString());
    }

    @Test
    void escClearsTheFilterAndIsTheGamesWhenThereIsNone() {
        type(GLFW_KEY_SLASH, '/');
        typeText("render");
        type(GLFW_KEY_ESCAPE, (char) 0);
        assertFalse(hud.controls().view().searchTyping());
        assertFalse(hud.controls().view().searchActive());
        assertEquals(List.of(), game, "Esc on the open line is the line's");

        type(GLFW_KEY_SLASH, '/');
        typeText("render");
        type(GLFW_KEY_ENTER, '\r');
        type(GLFW_KEY_ESCAPE, (char) 0);
        assertFalse(hud.controls().view().searchActive(), "Esc clears a kept filter");
        assertEquals(List.of(), game);

        type(GLFW_KEY_ESCAPE, (char) 0);
        assertEquals(List.of("down " + GLFW_KEY_ESCAPE, "up " + GLFW_KEY_ESCAPE), game,
                "with no filter Esc stays the game's (its pause menu)");
    }

    @Test
    void hidingTheHudClosesTheLineAndGivesTheGameItsKeys() {
        type(GLFW_KEY_SLASH, '/');
        typeText("ray");
        type(GLFW_KEY_F3, (char) 0);
        assertFalse(hud.controls().view().visible());
        assertFalse(hud.controls().view().searchTyping());
        assertTrue(hud.controls().view().searchActive(), "the filter stays");
        game.clear();
        type(GLFW_KEY_DOWN, (char) 0);
        typeText("w");
        assertEquals(List.of("down " + GLFW_KEY_DOWN, "up " + GLFW_KEY_DOWN, "down " + GLFW_KEY_W, "char w",
                "up " + GLFW_KEY_W), game);
    }

    @Test
    void aKeyHeldWhenTheLineOpensStillReleasesToTheGame() {
        assertFalse(router.onKey(GLFW_KEY_W, GLFW_PRESS, 0));
        type(GLFW_KEY_SLASH, '/');
        assertFalse(router.onKey(GLFW_KEY_W, GLFW_RELEASE, 0), "its press was the game's, so is its release");
    }

    @Test
    void thePanelShowsTheLineAndSaysWhenNothingMatches() {
        hud.controls().openSearch();
        hud.controls().searchType('z');
        hud.controls().searchType('z');
        hud.controls().searchType('9');
        hud.build(1280, 720);
        assertEquals(0, hud.report().rowCount());
        String line = hud.panel().searchLine().toString();
        assertTrue(line.startsWith("search: zz9_  Enter keep  Esc clear"), line);
        hud.controls().commitSearch();
        hud.build(1280, 720);
        assertTrue(hud.panel().searchLine().toString().startsWith("search: zz9  / edit"),
                hud.panel().searchLine().toString());
        hud.controls().clearSearch();
        hud.build(1280, 720);
        assertEquals("", hud.panel().searchLine().toString(), "no line without a filter");
    }

    @Test
    void drawingWithAHeldFilterAllocatesNothing() {
        hud.controls().view().search("ray");
        hud.controls().openSearch();
        AllocationCheck.measure(3000, 5, 200, () -> {
            frame();
            hud.build(1280, 720);
        }).assertSteady("HUD frames with a search filter held");
    }
}
