package io.hudprof.capture;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks a trace against the rules of Google's Trace Event Format document (JSON Object Format): a
 * {@code traceEvents} array; every event has a phase, pid and tid, and a numeric {@code ts} (except metadata);
 * on each thread, duration events ({@code B}/{@code E}) come in time order and nest (an end closes the latest open
 * begin, with the same name when it names one, and nothing stays open); complete events have {@code dur ≥ 0};
 * instant events have a scope g, p or t; counters carry numeric args; every thread that has events is named.
 */
final class TraceRules {
    /** What a checked trace holds. */
    record Summary(Map<Long, String> threadNames, Map<String, Integer> phases, List<Object> events) {
    }

    private TraceRules() {
    }

    @SuppressWarnings("unchecked")
    static Summary check(String json) {
        Object root = MiniJson.parse(json);
        require(root instanceof Map, "the root is an object (JSON Object Format)");
        Object eventsValue = ((Map<String, Object>) root).get("traceEvents");
        require(eventsValue instanceof List, "traceEvents is an array");
        List<Object> events = (List<Object>) eventsValue;
        Map<Long, String> names = new TreeMap<>();
        Map<String, Integer> phases = new TreeMap<>();
        Map<Long, Deque<String>> stacks = new HashMap<>();
        Map<Long, Double> lastTs = new HashMap<>();
        Set<Long> used = new java.util.HashSet<>();
        int index = 0;
        for (Object o : events) {
            String where = "event " + index++ + " " + o;
            require(o instanceof Map, where + ": an object");
            Map<String, Object> e = (Map<String, Object>) o;
            require(e.get("ph") instanceof String, where + ": has a phase");
            String ph = (String) e.get("ph");
            phases.merge(ph, 1, Integer::sum);
            require(e.get("pid") instanceof Double && e.get("tid") instanceof Double, where + ": pid and tid");
            long tid = ((Double) e.get("tid")).longValue();
            if (ph.equals("M")) {
                Map<String, Object> args = (Map<String, Object>) e.get("args");
                require(args != null && args.get("name") instanceof String, where + ": metadata names something");
                if ("thread_name".equals(e.get("name"))) {
                    names.put(tid, (String) args.get("name"));
                }
                continue;
            }
            require(e.get("ts") instanceof Double, where + ": numeric ts");
            double ts = (Double) e.get("ts");
            require(ts >= 0, where + ": ts not before the trace's origin");
            used.add(tid);
            switch (ph) {
                case "B", "E" -> {
                    Double previous = lastTs.put(tid, ts);
                    require(previous == null || previous <= ts, where + ": duration events in time order on tid "
                            + tid);
                    Deque<String> stack = stacks.computeIfAbsent(tid, k -> new ArrayDeque<>());
                    if (ph.equals("B")) {
                        require(e.get("name") instanceof String, where + ": a begin has a name");
                        stack.push((String) e.get("name"));
                    } else {
                        require(!stack.isEmpty(), where + ": an end with no open begin on tid " + tid);
                        String open = stack.pop();
                        require(e.get("name") == null || open.equals(e.get("name")), where + ": end of " + open);
                    }
                }
                case "X" -> require(e.get("dur") instanceof Double && (Double) e.get("dur") >= 0,
                        where + ": complete event with dur >= 0");
                case "i", "I" -> require(e.get("s") == null || Set.of("g", "p", "t").contains(e.get("s")),
                        where + ": instant scope g, p or t");
                case "C" -> {
                    Map<String, Object> args = (Map<String, Object>) e.get("args");
                    require(args != null && !args.isEmpty(), where + ": counter args");
                    for (Object v : args.values()) {
                        require(v instanceof Double, where + ": counter values are numbers");
                    }
                }
                default -> throw new AssertionError(where + ": unexpected phase " + ph);
            }
        }
        stacks.forEach((tid, stack) -> require(stack.isEmpty(), "tid " + tid + " leaves " + stack + " open"));
        for (long tid : used) {
            require(names.containsKey(tid), "tid " + tid + " has a thread_name");
        }
        return new Summary(names, phases, events);
    }

    private static void require(boolean ok, String rule) {
        if (!ok) {
            throw new AssertionError("trace breaks a rule: " + rule);
        }
    }
}
