package io.hudprof.demo.sim;

/** What the player asks of the ship this frame; the game's key handling fills it, the simulation reads it. */
public final class PilotInput {
    /** -1 (turn clockwise) to 1 (counter-clockwise). */
    public float turn;
    /** -1 (brake) to 1 (full thrust). */
    public float thrust;
    /** True while the forward gun is held down. */
    public boolean fire;
    /** True while the afterburner is held. */
    public boolean boost;

    /** Lets go of every control. */
    public void clear() {
        turn = 0;
        thrust = 0;
        fire = false;
        boost = false;
    }
}
