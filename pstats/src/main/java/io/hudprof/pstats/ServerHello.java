package io.hudprof.pstats;

/** The server's hello (protocol note §2.6): its names, for display, and the UDP port for this connection. */
public record ServerHello(String hostname, String progname, int udpPort) {
}
