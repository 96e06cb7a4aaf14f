package game;

import com.google.gwt.core.client.EntryPoint;

import io.hudprof.api.Category;
import io.hudprof.api.Counter;
import io.hudprof.api.FloatDistribution;
import io.hudprof.api.GpuZone;
import io.hudprof.api.GpuZoneScope;
import io.hudprof.api.IntDistribution;
import io.hudprof.api.PassZone;
import io.hudprof.api.Zone;
import io.hudprof.api.ZoneScope;

/** A web game's entry point that uses every kind of hudprof-api object, so the GWT compiler compiles all of it. */
public class WebGame implements EntryPoint {
    static final Zone UPDATE = Zone.define("Game:update").color(0x3070E0);
    static final Zone PHYSICS = Zone.local("physics");
    static final Category RENDER = Category.of("Render").color(0x20A040);
    static final Zone SHAPES = RENDER.zone("Shapes");
    static final GpuZone SHADOWS = GpuZone.define("Shadows");
    static final PassZone SCENE = PassZone.define("Scene").color(0xFF8000);
    static final Counter SPAWNS = Counter.define("Game/Spawns");
    static final Counter LIVE = Counter.defineLevel("Game/Live");
    static final IntDistribution BATCH = IntDistribution.define("Render/Batch size");
    static final FloatDistribution LOAD = FloatDistribution.define("Game/Load");

    @Override
    public void onModuleLoad() {
        try (ZoneScope update = UPDATE.enter()) {
            PHYSICS.begin();
            PHYSICS.end();
            SPAWNS.increment();
            LIVE.add(2);
            BATCH.report(12);
            LOAD.report(0.5);
        }
        try (GpuZoneScope scene = SCENE.enter()) {
            try (GpuZoneScope shadows = SHADOWS.enter()) {
                SHAPES.begin();
                SHAPES.end();
            }
        }
    }
}
