package io.hudprof.agent;

import java.util.regex.Pattern;

/**
 * One include or exclude pattern: a class glob with an optional method glob, {@code com.mygame.**},
 * {@code com.mygame.Physics}, {@code com.mygame.ai.*#update*}, {@code Raycaster#cast}, {@code #get*}.
 *
 * <p>Class part, in dotted binary names ({@code $} for nested classes): {@code *} and {@code ?} match within one
 * name segment, a whole segment {@code **} matches any number of segments ({@code com.mygame.**} is every class
 * below {@code com.mygame}). A class part without a dot names a class in any package; an empty class part
 * ({@code #name}) matches every class. Method part, after {@code #}: a glob on the method's name
 * ({@code <init>} for constructors). Immutable; matching allocates nothing beyond the regex matcher.
 */
final class ClassPattern {
    /** The accepted forms, for error messages. */
    static final String FORMS = "a package glob (com.mygame.**, com.mygame.*), a class (com.mygame.Physics, or"
            + " Physics in any package), optionally followed by #method or #glob (com.mygame.**#update*), or #glob"
            + " alone for methods of any class; * and ? match within a name, ** matches whole package levels";

    private final String text;
    private final Pattern classRegex;
    private final Pattern methodRegex;
    /** The dotted package prefix before the first wildcard, for spotting patterns aimed at the JDK. */
    private final String literalPrefix;

    private ClassPattern(String text, Pattern classRegex, Pattern methodRegex, String literalPrefix) {
        this.text = text;
        this.classRegex = classRegex;
        this.methodRegex = methodRegex;
        this.literalPrefix = literalPrefix;
    }

    /**
     * Parses one pattern.
     *
     * @param option the option it came from ({@code include} or {@code exclude}), for the message
     * @throws AgentOptionException naming the pattern, what is wrong and the accepted forms
     */
    static ClassPattern parse(String option, String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            throw bad(option, text, "it is empty");
        }
        if (trimmed.indexOf('/') >= 0) {
            throw bad(option, text, "use dots, not slashes, between package names (" + trimmed.replace('/', '.') + ")");
        }
        int hash = trimmed.indexOf('#');
        if (hash >= 0 && trimmed.indexOf('#', hash + 1) >= 0) {
            throw bad(option, text, "it has more than one #");
        }
        String classPart = hash >= 0 ? trimmed.substring(0, hash) : trimmed;
        String methodPart = hash >= 0 ? trimmed.substring(hash + 1) : null;
        if (methodPart != null && methodPart.isEmpty()) {
            throw bad(option, text, "nothing follows the #");
        }
        if (classPart.isEmpty()) {
            if (methodPart == null) {
                throw bad(option, text, "it is empty");
            }
            classPart = "**";
        } else if (classPart.indexOf('.') < 0 && !classPart.equals("**")) {
            classPart = "**." + classPart;
        }
        String[] segments = classPart.split("\\.", -1);
        StringBuilder regex = new StringBuilder();
        StringBuilder prefix = new StringBuilder();
        boolean literal = true;
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            if (segment.isEmpty()) {
                throw bad(option, text, "it has an empty package or class name (a leading, trailing or double dot)");
            }
            boolean last = i == segments.length - 1;
            if (segment.equals("**")) {
                literal = false;
                if (i == 0) {
                    regex.append(last ? ".+" : "(?:[^.]+\\.)*");
                } else {
                    regex.append(last ? "\\..+" : "\\.(?:[^.]+\\.)*");
                }
                continue;
            }
            if (segment.contains("**")) {
                throw bad(option, text, "** must be a whole package level (com.mygame.**), not part of a name (\""
                        + segment + "\")");
            }
            checkNameChars(option, text, segment, false);
            if (i > 0 && !segments[i - 1].equals("**")) {
                regex.append("\\.");
            }
            regex.append(glob(segment));
            if (literal && !last && segment.indexOf('*') < 0 && segment.indexOf('?') < 0) {
                prefix.append(segment).append('.');
            } else {
                literal = false;
            }
        }
        Pattern method = null;
        if (methodPart != null) {
            if (methodPart.contains(".")) {
                throw bad(option, text, "a method name has no dots (\"" + methodPart + "\")");
            }
            checkNameChars(option, text, methodPart, true);
            method = Pattern.compile(glob(methodPart));
        }
        return new ClassPattern(trimmed, Pattern.compile(regex.toString()), method, prefix.toString());
    }

    private static void checkNameChars(String option, String text, String name, boolean method) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c == '*' || c == '?' || Character.isJavaIdentifierPart(c)
                    || (method && (c == '<' || c == '>'));
            if (!ok) {
                throw bad(option, text, "'" + c + "' is not allowed in a " + (method ? "method" : "class or package")
                        + " name");
            }
        }
    }

    private static String glob(String segment) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '*') {
                regex.append("[^.]*");
            } else if (c == '?') {
                regex.append("[^.]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }

    private static AgentOptionException bad(String option, String text, String why) {
        return new AgentOptionException(option + "=" + text + " is not a valid pattern: " + why + ". Accepted forms: "
                + FORMS + "; several patterns are separated by commas");
    }

    /** Whether the class (dotted binary name) matches the class part. */
    boolean matchesClass(String dottedName) {
        return classRegex.matcher(dottedName).matches();
    }

    /** Whether this pattern names whole classes (no method part). */
    boolean wholeClass() {
        return methodRegex == null;
    }

    /** Whether the class and method both match. */
    boolean matches(String dottedName, String method) {
        return matchesClass(dottedName) && (methodRegex == null || methodRegex.matcher(method).matches());
    }

    /** The package prefix the pattern is fixed to, such as {@code "java.util."}; empty when it starts with a wildcard. */
    String literalPrefix() {
        return literalPrefix;
    }

    @Override
    public String toString() {
        return text;
    }
}
