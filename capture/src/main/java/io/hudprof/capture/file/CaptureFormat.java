package io.hudprof.capture.file;

/**
 * Constants of the {@code .hudprof} format ({@code docs/CAPTURE-FORMAT.md}): the magic, the version, record tags and
 * the sanity caps a reader holds every claimed length and count to.
 */
final class CaptureFormat {
    /** First bytes of every capture: a high byte (not text), "HPROF", CR LF (damaged by line-ending conversion). */
    static final byte[] MAGIC = {(byte) 0x89, 'H', 'P', 'R', 'O', 'F', '\r', '\n'};
    /** Readers refuse another major version; a higher minor version only adds records a reader may skip. */
    static final int MAJOR = 1;
    static final int MINOR = 2;

    static final int TAG_HEADER = 1;
    static final int TAG_ZONE = 2;
    static final int TAG_THREAD = 3;
    static final int TAG_FRAME = 4;
    static final int TAG_END = 5;
    /** Tags from here up are optional records of later minor versions: a reader skips them. */
    static final int TAG_FIRST_OPTIONAL = 64;
    /** 1.1: the problem counts of the frame record before it (a 1.0 reader skips it). */
    static final int TAG_PROBLEMS = 64;
    /** 1.1: a problem kind's id and name, before the first problems record that counts it. */
    static final int TAG_PROBLEM_KIND = 65;
    /** 1.1: a note (GC, JIT, JFR) that settled by the frame record before it. */
    static final int TAG_NOTE = 66;
    /** 1.1: a statistic's name, kind, unit and cells, before the first statistics record that covers it. */
    static final int TAG_STATISTIC = 67;
    /** 1.1: the statistics' cells at the end of the frame record before it (changes against the last ones). */
    static final int TAG_STATISTICS = 68;
    /** 1.2: a zone-stack state (a thread root's name, or a parent state and a zone) that allocation records use. */
    static final int TAG_ALLOCATION_STATE = 69;
    /** 1.2: the self bytes each zone-stack state allocated in the (recorded) frame record before it. */
    static final int TAG_ALLOCATION = 70;
    /** 1.2: the header key saying allocation per zone was on, and its value. */
    static final String HEADER_ALLOCATION = "allocation";
    static final String ALLOCATION_ZONES = "zones";
    /** Zone-stack states a capture may define (a profiler's state limit is far below). */
    static final int MAX_ALLOCATION_STATES = 1 << 24;
    static final int STATISTICS_BASE = 1;
    static final int STATISTIC_LEVEL = 1;

    static final int FRAME_RECORDED = 1;
    static final int FRAME_RESYNC = 2;
    static final int FRAME_GPU_INSTALLED = 4;
    static final int FRAME_KNOWN_FLAGS = 7;

    static final int ZONE_PRIVATE = 1;
    static final int ZONE_GPU = 2;
    static final int ZONE_KNOWN_FLAGS = 3;

    static final int THREAD_UPDATING = 1;
    static final int THREAD_KNOWN_FLAGS = 1;

    static final int GPU_BEFORE_UPDATE = 1;

    /** Largest record: a frame of a million events per thread fits many times over. */
    static final int MAX_RECORD_BYTES = 1 << 28;
    static final int MAX_STRING_BYTES = 1 << 16;
    static final int MAX_HEADER_ENTRIES = 1024;
    static final int MAX_ZONE_ID = 1 << 24;
    static final int MAX_THREADS = 1 << 16;
    static final int MAX_DEPTH = 1 << 16;
    static final int MAX_PROBLEM_KIND = 255;
    static final int MAX_STATS = 1 << 16;

    private CaptureFormat() {
    }
}
