package io.hudprof.api;

/**
 * The scope that does nothing. A named class rather than a lambda: iOS's RoboVM/MobiVM does not handle every Java 8
 * language feature, and libGDX cores avoid lambdas in code that must run there.
 */
final class NoScope implements ZoneScope, GpuZoneScope {
    static final NoScope INSTANCE = new NoScope();

    private NoScope() {
    }

    @Override
    public void close() {
    }
}
