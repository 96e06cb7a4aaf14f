package io.hudprof.agent;

/**
 * A configuration mistake in the agent's options: the message names the option as given and the accepted forms.
 * Thrown at start-up only, never while the game runs.
 */
public final class AgentOptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    AgentOptionException(String message) {
        super(message);
    }
}
