package io.hudprof.pstats;

/**
 * One collector definition as on the wire (protocol note §2.3): the local name (no colons), the parent's index
 * (0 for top level; collector 0 is "Frame"), a suggested colour, the sort key (higher first, -1 unspecified), the
 * level units, suggested scale and the factor the client already applied to level values.
 */
public record CollectorDef(int index, String name, int parentIndex, float red, float green, float blue, int sort,
        String levelUnits, float suggestedScale, float factor) {

    /** A time collector with a colour and default properties (no units, no scale, factor 1). */
    public static CollectorDef time(int index, String name, int parentIndex, float red, float green, float blue,
            int sort) {
        return new CollectorDef(index, name, parentIndex, red, green, blue, sort, "", 0f, 1f);
    }
}
