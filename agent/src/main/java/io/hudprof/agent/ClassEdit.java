package io.hudprof.agent;

/** What one class's transformation changed; filled in by the visitors of that one transformation (one thread). */
final class ClassEdit {
    int methods;
    int swapSites;
    int otherSites;

    boolean changed() {
        return methods > 0 || swapSites > 0 || otherSites > 0;
    }
}
