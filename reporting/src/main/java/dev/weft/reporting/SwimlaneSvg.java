package dev.weft.reporting;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The failing execution as an SVG swimlane drawing: one lane per thread with its name on top, time downwards with one
 * row per step, a box per step (hover shows where it is in the source and, when recorded, its stack), arrows across lanes for the edges of
 * {@link HbEdges}, the race nearest the failure in red. For a deadlock a last row shows what each stuck thread is
 * blocked on, with red arrows along the wait-for relation.
 *
 * <p>Lanes are {@code <g class="lane" data-thread="...">}, steps {@code <g class="step" data-index="..."
 * data-thread="...">}, edges {@code <path class="edge" data-kind="...">}, so that tests and scripts can find them.
 */
final class SwimlaneSvg {

    private static final int LANE_WIDTH = 260;
    private static final int BOX_WIDTH = 232;
    private static final int BOX_HEIGHT = 34;
    private static final int ROW_HEIGHT = 46;
    private static final int HEADER_HEIGHT = 40;
    private static final int ELISION_HEIGHT = 26;
    private static final int BOTTOM_MARGIN = 12;
    /** What fits on a box's first line at the monospace size the stylesheet sets. */
    private static final int BOX_CHARS = 31;
    /** Frames of a step's stack shown when hovering it: the innermost ones say where, the rest is how it got there. */
    private static final int MAX_FRAMES = 16;

    /** The clock's reading in a step in which time passed: {@code sleep 5 s ends (t = 5.000 s)}. */
    private static final Pattern CLOCK_READING = Pattern.compile("\\((t = [0-9.]+ s)\\)$");
    private static final String RACE_COLOR = "#d92d20";
    private static final Map<EdgeKind, String> COLORS = Map.of(
            EdgeKind.READS_FROM, "#1570ef",
            EdgeKind.LOCK, "#7a5af8",
            EdgeKind.START, "#667085",
            EdgeKind.JOIN, "#667085",
            EdgeKind.NOTIFY, "#039855",
            EdgeKind.UNPARK, "#dc6803");

    /** The stylesheet rules the drawing relies on; the page that holds it includes them. */
    static final String CSS = """
            svg.swimlanes { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
            svg.swimlanes .lane rect { fill: #f8f9fb; stroke: #e4e7ec; }
            svg.swimlanes .lane:nth-of-type(even) rect { fill: #f2f4f7; }
            svg.swimlanes .lane text { font-size: 13px; font-weight: 600; fill: #101828; }
            svg.swimlanes .step rect { fill: #ffffff; stroke: #98a2b3; }
            svg.swimlanes .step .op { font-size: 11.5px; fill: #101828; }
            svg.swimlanes .step .at { font-size: 10px; fill: #667085; }
            svg.swimlanes .step .no { font-size: 9px; fill: #98a2b3; }
            svg.swimlanes .step.failure rect { fill: #fef3f2; stroke: #101828; stroke-width: 2.5; }
            svg.swimlanes .step.race rect { stroke: #d92d20; stroke-width: 2.5; }
            svg.swimlanes .step:hover rect { fill: #eff8ff; }
            svg.swimlanes .stuck rect { fill: #fffaeb; stroke: #d92d20; stroke-dasharray: 5 3; }
            svg.swimlanes .stuck text { font-size: 11px; fill: #7a271a; }
            svg.swimlanes .edge { fill: none; stroke-width: 1.6; }
            svg.swimlanes .edge.race { stroke-dasharray: 6 4; stroke-width: 2.2; }
            svg.swimlanes .edge-label { font-size: 9.5px; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; }
            svg.swimlanes .elided { font-size: 11px; font-style: italic; fill: #667085; }
            svg.swimlanes .time line { stroke: #475467; stroke-dasharray: 2 3; }
            svg.swimlanes .time text { font-size: 10px; fill: #344054; paint-order: stroke; stroke: #ffffff;
                stroke-width: 3px; }
            """;

    private final Focus focus;
    private final List<ThreadId> threads;
    private final Map<Integer, Integer> rowTop = new HashMap<>();
    /** Steps and stuck operations: drawn last, over the edges, so that a line crossing a lane passes behind it. */
    private final StringBuilder boxes = new StringBuilder();
    private final StringBuilder edges = new StringBuilder();
    private int y = HEADER_HEIGHT;

    private SwimlaneSvg(Focus focus) {
        this.focus = focus;
        this.threads = focus.threads();
    }

    static String render(Focus focus) {
        return new SwimlaneSvg(focus).draw();
    }

    private String draw() {
        int[] shown = focus.shown();
        Optional<Race> race = focus.shownRace();
        for (int position = 0; position < shown.length; position++) {
            elision(focus.elidedBefore(position));
            step(shown[position], race);
        }
        elision(focus.elidedAtEnd());
        if (!focus.stuck().isEmpty()) {
            WaitFor waitFor = WaitFor.of(focus.events(), focus.stuck());
            waitFor(waitFor, stuck(waitFor));
        }
        boolean raceDrawn = false;
        for (HbEdge edge : HbEdges.within(focus)) {
            boolean isRace = race.isPresent() && edge.joins(race.get().earlier(), race.get().later());
            raceDrawn |= isRace;
            edge(edge.from(), edge.to(), edge.kind().label(), isRace ? RACE_COLOR : COLORS.get(edge.kind()), isRace,
                    false);
        }
        if (race.isPresent() && race.get().bothRan() && !raceDrawn) {
            // Not an edge of the graph: the two steps could have run either way round, so both ends get a head.
            edge(race.get().earlier(), race.get().later(), "race", RACE_COLOR, true, true);
        }

        int width = Math.max(1, threads.size()) * LANE_WIDTH;
        int height = y + BOTTOM_MARGIN;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"swimlanes\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"the failing interleaving, one lane per thread\">\n");
        markers(svg);
        lanes(svg, height);
        svg.append(edges).append(boxes);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private void markers(StringBuilder svg) {
        svg.append("<defs>\n");
        for (String color : new TreeSet<>(COLORS.values())) {
            marker(svg, color);
        }
        marker(svg, RACE_COLOR);
        svg.append("</defs>\n");
    }

    private static void marker(StringBuilder svg, String color) {
        svg.append("<marker id=\"").append(markerId(color)).append("\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\"")
                .append(" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">")
                .append("<path d=\"M0,0 L10,5 L0,10 z\" fill=\"").append(color).append("\"/></marker>\n");
    }

    private static String markerId(String color) {
        return "arrow-" + color.substring(1).toLowerCase(Locale.ROOT);
    }

    private void lanes(StringBuilder svg, int height) {
        for (int lane = 0; lane < threads.size(); lane++) {
            String name = threads.get(lane).name();
            svg.append("<g class=\"lane\" data-thread=\"").append(Text.xml(name)).append("\">")
                    .append("<rect x=\"").append(lane * LANE_WIDTH).append("\" y=\"0\" width=\"").append(LANE_WIDTH)
                    .append("\" height=\"").append(height).append("\"/>")
                    .append("<text x=\"").append(lane * LANE_WIDTH + LANE_WIDTH / 2).append("\" y=\"25\"")
                    .append(" text-anchor=\"middle\">").append(Text.xml(Text.fit(name, BOX_CHARS)))
                    .append("</text></g>\n");
        }
    }

    private void step(int index, Optional<Race> race) {
        Event event = focus.event(index);
        timeMark(event);
        int x = boxLeft(event.thread());
        rowTop.put(index, y);
        String classes = "step" + (focus.isFailurePoint(index) ? " failure" : "")
                + (race.isPresent() && race.get().involves(index) ? " race" : "");
        String op = OpText.of(event);
        String tip = "#" + index + " " + event.thread().name() + ": " + op + "\n" + event.source() + " in "
                + event.source().className() + "." + event.source().methodName()
                + (focus.isFailurePoint(index) ? "\nwhere the failure was observed" : "")
                + (race.isPresent() && race.get().involves(index) ? "\none of the racing pair: "
                        + race.get().origin().legend : "")
                + stack(event);
        boxes.append("<g class=\"").append(classes).append("\" data-index=\"").append(index)
                .append("\" data-thread=\"").append(Text.xml(event.thread().name())).append("\">")
                .append("<title>").append(Text.xml(tip)).append("</title>")
                .append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"").append(BOX_WIDTH)
                .append("\" height=\"").append(BOX_HEIGHT).append("\" rx=\"5\"/>")
                .append("<text class=\"op\" x=\"").append(x + 8).append("\" y=\"").append(y + 15).append("\">")
                .append(Text.xml(Text.fit(op, BOX_CHARS))).append("</text>")
                .append("<text class=\"at\" x=\"").append(x + 8).append("\" y=\"").append(y + 28).append("\">")
                .append(Text.xml(event.source().toString())).append("</text>")
                .append("<text class=\"no\" x=\"").append(x + BOX_WIDTH - 6).append("\" y=\"").append(y + 28)
                .append("\" text-anchor=\"end\">#").append(index).append("</text></g>\n");
        y += ROW_HEIGHT;
    }

    /**
     * The time axis: above a step in which time passed (a sleep ended, a wait timed out), a line across every lane
     * with the clock's new reading, {@code t = 5.000 s}, from the step's own words.
     */
    private void timeMark(Event event) {
        if (!Location.TIME.equals(event.operation().location()) || event.value() == null) {
            return;
        }
        Matcher reading = CLOCK_READING.matcher(event.value());
        if (!reading.find()) {
            return;
        }
        int lineY = y - (ROW_HEIGHT - BOX_HEIGHT) / 2;
        edges.append("<g class=\"time\"><line x1=\"0\" y1=\"").append(lineY).append("\" x2=\"")
                .append(Math.max(1, threads.size()) * LANE_WIDTH).append("\" y2=\"").append(lineY).append("\"/>")
                .append("<text x=\"4\" y=\"").append(lineY - 2).append("\">").append(Text.xml(reading.group(1)))
                .append("</text></g>\n");
    }

    /** The stack the step was taken at, innermost first, when the report's replay recorded it; else empty. */
    private static String stack(Event event) {
        StringBuilder text = new StringBuilder();
        List<StackTraceElement> frames = event.stack();
        for (int i = 0; i < Math.min(frames.size(), MAX_FRAMES); i++) {
            text.append("\n    at ").append(frames.get(i));
        }
        if (frames.size() > MAX_FRAMES) {
            text.append("\n    ... ").append(frames.size() - MAX_FRAMES).append(" more");
        }
        return text.toString();
    }

    private void elision(int count) {
        if (count == 0) {
            return;
        }
        int width = Math.max(1, threads.size()) * LANE_WIDTH;
        boxes.append("<text class=\"elided\" x=\"").append(width / 2).append("\" y=\"").append(y + 14)
                .append("\" text-anchor=\"middle\">").append(Text.ELLIPSIS).append(' ').append(Text.steps(count))
                .append(" elided ").append(Text.ELLIPSIS).append("</text>\n");
        y += ELISION_HEIGHT;
    }

    /** The last row of a deadlock: what each stuck thread is blocked on. Returns the row of each stuck thread. */
    private Map<ThreadId, Integer> stuck(WaitFor waitFor) {
        Map<ThreadId, Integer> rows = new HashMap<>();
        for (WaitFor.Wait wait : waitFor.waits()) {
            PendingOperation p = wait.stuck();
            int x = boxLeft(p.thread());
            rows.put(p.thread(), y);
            boxes.append("<g class=\"stuck\" data-thread=\"").append(Text.xml(p.thread().name())).append("\">")
                    .append("<title>").append(Text.xml(p.thread().name() + " " + wait.description()))
                    .append("</title>")
                    .append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"")
                    .append(BOX_WIDTH).append("\" height=\"").append(BOX_HEIGHT).append("\" rx=\"5\"/>")
                    .append("<text x=\"").append(x + 8).append("\" y=\"").append(y + 15).append("\">")
                    .append(Text.xml(Text.fit("blocked: " + OpText.of(p.operation()), BOX_CHARS))).append("</text>")
                    .append("<text x=\"").append(x + 8).append("\" y=\"").append(y + 28).append("\">")
                    .append(Text.xml(p.source().toString())).append("</text></g>\n");
        }
        y += ROW_HEIGHT + BOX_HEIGHT;
        return rows;
    }

    /** Arrows from each stuck thread to the thread it waits on, curving below the row so both ways stay apart. */
    private void waitFor(WaitFor waitFor, Map<ThreadId, Integer> stuckRow) {
        for (WaitFor.Wait wait : waitFor.waits()) {
            ThreadId from = wait.stuck().thread();
            ThreadId to = wait.waitsOn();
            if (to == null || !stuckRow.containsKey(to)) {
                continue;
            }
            int x1 = boxLeft(from) + BOX_WIDTH / 2;
            int x2 = boxLeft(to) + BOX_WIDTH / 2;
            int top = stuckRow.get(from) + BOX_HEIGHT;
            int bend = top + 14 + 10 * Math.abs(lane(from) - lane(to)) + (x1 < x2 ? 0 : 10);
            edges.append("<path class=\"edge waitfor\" data-kind=\"waits-for\" stroke=\"").append(RACE_COLOR)
                    .append("\" marker-end=\"url(#").append(markerId(RACE_COLOR)).append(")\" d=\"M").append(x1)
                    .append(',').append(top).append(" C").append(x1).append(',').append(bend).append(' ').append(x2)
                    .append(',').append(bend).append(' ').append(x2).append(',').append(top).append("\"><title>")
                    .append(Text.xml(from.name() + " waits for " + to.name())).append("</title></path>\n");
        }
    }

    /**
     * @param race       whether this edge joins the racing pair
     * @param standalone whether it is drawn only for the race, not being an edge of the graph
     */
    private void edge(int from, int to, String kind, String color, boolean race, boolean standalone) {
        String label = race && !standalone ? kind + ", race" : kind;
        Event a = focus.event(from);
        Event b = focus.event(to);
        boolean rightwards = lane(a.thread()) < lane(b.thread());
        int x1 = boxLeft(a.thread()) + (rightwards ? BOX_WIDTH : 0);
        int x2 = boxLeft(b.thread()) + (rightwards ? 0 : BOX_WIDTH);
        int y1 = rowTop.get(from) + BOX_HEIGHT / 2;
        int y2 = rowTop.get(to) + BOX_HEIGHT / 2;
        String marker = "url(#" + markerId(color) + ")";
        edges.append("<path class=\"edge").append(race ? " race" : "").append("\" data-kind=\"").append(kind)
                .append("\" stroke=\"").append(color).append("\" marker-end=\"").append(marker)
                .append(standalone ? "\" marker-start=\"" + marker : "").append("\" d=\"M")
                .append(x1).append(',').append(y1).append(" L").append(x2).append(',').append(y2).append("\">")
                .append("<title>").append(Text.xml(standalone
                        ? "race: #" + from + " " + a.thread().name() + " and #" + to + " " + b.thread().name()
                                + " could have run the other way round"
                        : label + ": #" + from + " " + a.thread().name() + " before #" + to + " " + b.thread().name()))
                .append("</title></path>\n");
        edges.append("<text class=\"edge-label\" x=\"").append((x1 + x2) / 2).append("\" y=\"")
                .append((y1 + y2) / 2 - 3).append("\" text-anchor=\"middle\" fill=\"").append(color).append("\">")
                .append(Text.xml(label)).append("</text>\n");
    }

    private int lane(ThreadId thread) {
        return threads.indexOf(thread);
    }

    private int boxLeft(ThreadId thread) {
        return lane(thread) * LANE_WIDTH + (LANE_WIDTH - BOX_WIDTH) / 2;
    }
}
