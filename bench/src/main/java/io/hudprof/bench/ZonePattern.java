package io.hudprof.bench;

/**
 * The {@link ZoneWorkloads} patterns by name, for benchmarks that take a pattern as a parameter (where the pattern
 * is recorded outside the timed region) and for the allocation test. Each run writes {@link ZoneWorkloads#EVENTS}
 * events.
 */
public enum ZonePattern {
    TRY_WITH_RESOURCES(ZoneWorkloads::tryWithResources),
    BEGIN_END(ZoneWorkloads::beginEnd),
    NESTED_8(ZoneWorkloads::nested8),
    SAME_PARENT(ZoneWorkloads::sameParent),
    ALTERNATING_PARENTS(ZoneWorkloads::alternatingParents),
    RECURSIVE_8(ZoneWorkloads::recursive8);

    private final Runnable body;

    ZonePattern(Runnable body) {
        this.body = body;
    }

    /** Performs {@link ZoneWorkloads#PAIRS} zone pairs of this pattern on the calling thread. */
    public void run() {
        body.run();
    }
}
