package io.hudprof.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The checkout this module is part of, for tests that check the repository's files against each other. */
final class RepositoryFiles {
    private RepositoryFiles() {
    }

    /** The repository root: the parent of this module's folder (Maven's {@code basedir}). */
    static Path root() {
        Path module = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
        Path root = module.getParent();
        if (root == null || !Files.isRegularFile(root.resolve("pom.xml"))) {
            throw new AssertionError("cannot find the repository root above " + module);
        }
        return root;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every Java file under some module's {@code src/main/java}: the code that ships or runs (tests excluded). */
    static List<Path> mainSources() {
        Path root = root();
        try (Stream<Path> modules = Files.list(root)) {
            return modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory)
                    .flatMap(RepositoryFiles::javaFiles).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every module's pom (one folder down from the root). */
    static List<Path> modulePoms() {
        try (Stream<Path> modules = Files.list(root())) {
            return modules.map(m -> m.resolve("pom.xml")).filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Path> javaFiles(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
