package io.hudprof.demo;

import io.hudprof.demo.gfx.NoGlContextException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Starts the hudprof demo game. {@code --help} lists the options; a bad option prints the usage line and exits 2.
 * The process exits 0 after a clean run, 1 when no OpenGL context can be had, 3 when the driver reported GL errors.
 */
public final class DemoMain {
    private DemoMain() {
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Runs the demo with the given arguments and returns the exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h")) {
                out.println(DemoOptions.HELP);
                return 0;
            }
            if (a.equals("--version")) {
                String version = DemoMain.class.getPackage().getImplementationVersion();
                out.println("hudprof-demo " + (version == null ? "(development build, not from a jar)" : version));
                return 0;
            }
        }
        DemoOptions options;
        try {
            options = DemoOptions.parse(args);
        } catch (UsageException e) {
            err.println("hudprof-demo: " + e.getMessage());
            err.println(DemoOptions.USAGE);
            return 2;
        }
        if (options.help) {
            out.println(DemoOptions.HELP);
            return 0;
        }
        if (!options.headless && DemoOptions.noDisplay(System.getProperty("os.name", ""), System.getenv("DISPLAY"),
                System.getenv("WAYLAND_DISPLAY"))) {
            out.println("hudprof-demo: " + options.fallBackToHeadless(
                    Path.of(System.getProperty("java.io.tmpdir"), "hudprof-demo.png")));
        }
        try {
            return new DemoApp(options, out, err).run();
        } catch (UsageException e) {
            err.println("hudprof-demo: " + e.getMessage());
            err.println(DemoOptions.USAGE);
            return 2;
        } catch (NoGlContextException e) {
            err.println("hudprof-demo: " + e.getMessage());
            return 1;
        }
    }
}
