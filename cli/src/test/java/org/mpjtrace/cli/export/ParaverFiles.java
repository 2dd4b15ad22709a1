package org.mpjtrace.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Paraver export read back by the tests: the .prv header's objects and its records by kind (state 1,
 * event 2, communication 3, each as its numbers), the .pcf's states and event types with their values,
 * and the .row's levels. Parsing follows the format as Paraver reads it, so a malformed line fails here.
 */
final class ParaverFiles {
    private static final Pattern HEADER = Pattern.compile(
            "#Paraver \\(\\d\\d/\\d\\d/\\d\\d at \\d\\d:\\d\\d\\):(\\d+)_ns:(\\d+)\\(([\\d,]+)\\):1:(\\d+)\\(([\\d:,]+)\\)");

    final long endNs;
    final int nodes;
    final int cpus;
    /** Per task (index task - 1): its number of threads. */
    final List<Integer> threads = new ArrayList<>();
    /** All records in file order, as numbers. */
    final List<long[]> records = new ArrayList<>();
    final Set<Long> states = new HashSet<>();
    /** Per event type: its defined values. */
    final Map<Long, Set<Long>> eventValues = new HashMap<>();
    final Map<Long, Map<Long, String>> eventNames = new HashMap<>();
    /** Per .row level: its names. */
    final Map<String, List<String>> levels = new HashMap<>();

    ParaverFiles(Path base) throws Exception {
        List<String> prv = Files.readAllLines(Path.of(base + ".prv"));
        Matcher h = HEADER.matcher(prv.get(0));
        assertTrue(h.matches(), prv.get(0));
        endNs = Long.parseLong(h.group(1));
        nodes = Integer.parseInt(h.group(2));
        String[] perNode = h.group(3).split(",");
        assertEquals(nodes, perNode.length, prv.get(0));
        int c = 0;
        for (String n : perNode) c += Integer.parseInt(n);
        cpus = c;
        String[] tasks = h.group(5).split(",");
        assertEquals(Integer.parseInt(h.group(4)), tasks.length, prv.get(0));
        for (String t : tasks) {
            String[] threadsNode = t.split(":");
            threads.add(Integer.parseInt(threadsNode[0]));
            assertTrue(Integer.parseInt(threadsNode[1]) <= nodes, prv.get(0));
        }
        for (String line : prv.subList(1, prv.size())) {
            String[] f = line.split(":");
            long[] r = new long[f.length];
            for (int i = 0; i < f.length; i++) r[i] = Long.parseLong(f[i]);
            int expected = switch ((int) r[0]) {
                case 1 -> 8;
                case 2 -> -1;
                case 3 -> 15;
                default -> throw new AssertionError("record kind " + line);
            };
            assertTrue(expected < 0 ? f.length >= 8 && f.length % 2 == 0 : f.length == expected, line);
            records.add(r);
        }
        readPcf(Files.readAllLines(Path.of(base + ".pcf")));
        String block = null;
        for (String line : Files.readAllLines(Path.of(base + ".row"))) {
            if (line.isBlank()) continue;
            if (line.startsWith("LEVEL ")) {
                String[] f = line.split(" ");
                block = f[1];
                levels.put(block, new ArrayList<>());
                assertEquals("SIZE", f[2], line);
                continue;
            }
            levels.get(block).add(line);
        }
    }

    private void readPcf(List<String> pcf) {
        String block = "";
        long type = -1;
        for (String line : pcf) {
            String t = line.trim();
            if (t.isEmpty()) continue;
            if (t.equals("STATES") || t.equals("STATES_COLOR") || t.equals("EVENT_TYPE") || t.equals("VALUES")
                    || t.equals("DEFAULT_OPTIONS") || t.equals("DEFAULT_SEMANTIC")) {
                block = t;
                continue;
            }
            String[] f = t.split("\\s+", 3);
            switch (block) {
                case "STATES" -> states.add(Long.parseLong(f[0]));
                case "STATES_COLOR" -> assertTrue(states.contains(Long.parseLong(f[0])) && f[1].matches("\\{\\d+,\\d+,\\d+\\}"), line);
                case "EVENT_TYPE" -> {
                    type = Long.parseLong(f[1]);
                    eventValues.put(type, new HashSet<>());
                    eventNames.put(type, new HashMap<>());
                }
                case "VALUES" -> {
                    String[] v = t.split("\\s+", 2);
                    eventValues.get(type).add(Long.parseLong(v[0]));
                    eventNames.get(type).put(Long.parseLong(v[0]), v[1]);
                }
                default -> { }
            }
        }
    }

    List<long[]> kind(int kind) {
        return records.stream().filter(r -> r[0] == kind).toList();
    }

    /** The time a record is sorted by: a state's begin, an event's time, a communication's logical send. */
    static long time(long[] r) {
        return r[5];
    }
}
