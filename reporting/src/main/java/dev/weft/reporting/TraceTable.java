package dev.weft.reporting;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The failing execution as a compact text table for an assertion message: one column per thread, one row per step,
 * only the steps that happen before the failure. Runs of steps left out are marked. When a column per thread would
 * not fit {@link #LINE_WIDTH} without cutting operations short, a single operation column takes their place, each row
 * naming its thread: nothing is cut. For a deadlock it adds what each stuck thread waits for.
 *
 * <pre>
 * step | main         | main.1                       | main.2                       | at
 * -----+--------------+------------------------------+------------------------------+-------------------
 *    0 | start main.1 |                              |                              | AccountTest.java:20
 *      … 1 step elided …
 *    7 |              | write Account@1.balance = 40 |                              | Account.java:13
 * </pre>
 */
public final class TraceTable {

    /** At most this many steps are listed; earlier ones are elided. */
    static final int MAX_STEPS = 60;
    /** The width a table with a column per thread stays within; wider, it has one operation column instead. */
    static final int LINE_WIDTH = 120;
    /** Columns are never narrowed below this, however many threads there are. */
    private static final int MIN_COLUMN = 14;
    private static final String FAILURE_MARK = "> ";
    /** The last column: where each step is in the source. One column for all threads, as a row holds one step. */
    private static final String AT = "at";

    private TraceTable() {
    }

    public static String render(ExplorationFailure failure) {
        return render(Focus.of(failure, MAX_STEPS));
    }

    static String render(Focus focus) {
        StringBuilder out = new StringBuilder();
        if (focus.shown().length == 0) {
            out.append("No visible step ran before the failure.\n");
        } else {
            table(focus, out);
        }
        focus.race().ifPresent(race -> race(focus, race, out));
        if (!focus.stuck().isEmpty()) {
            waitFor(WaitFor.of(focus.events(), focus.stuck()), out);
        }
        return out.toString();
    }

    private static void table(Focus focus, StringBuilder out) {
        List<ThreadId> threads = focus.threads();
        int[] shown = focus.shown();
        int columns = threads.size() + 1;
        int at = threads.size();
        String[][] cells = new String[shown.length][columns];
        int[] natural = new int[columns];
        for (int c = 0; c < threads.size(); c++) {
            natural[c] = threads.get(c).name().length();
        }
        natural[at] = AT.length();
        for (int r = 0; r < shown.length; r++) {
            Event event = focus.event(shown[r]);
            Arrays.fill(cells[r], "");
            int c = threads.indexOf(event.thread());
            cells[r][c] = OpText.of(event);
            cells[r][at] = event.source().toString();
            natural[c] = Math.max(natural[c], cells[r][c].length());
            natural[at] = Math.max(natural[at], cells[r][at].length());
        }
        int stepWidth = Math.max("step".length(),
                FAILURE_MARK.length() + Integer.toString(shown[shown.length - 1]).length());
        // The source column keeps its width: it is what a reader looks up. The thread columns share the rest.
        int[] widths = Arrays.copyOf(widths(Arrays.copyOf(natural, at),
                LINE_WIDTH - stepWidth - 3 * columns - natural[at]), columns);
        widths[at] = natural[at];
        String[] header = new String[columns];
        for (int c = 0; c < columns; c++) {
            header[c] = c == at ? AT : threads.get(c).name();
        }
        boolean fits = Arrays.equals(widths, natural);
        out.append("Steps that happen before the failure, ")
                .append(fits ? "one column per thread" : "one row per step with its thread")
                .append(" (").append(FAILURE_MARK.trim()).append(" where it was observed):\n");
        if (fits) {
            rows(focus, header, cells, widths, stepWidth, out);
        } else {
            // A column per thread would cut operations short, and the field, value or call cut off is what the reader
            // needs: one operation column then, each row naming its thread (the HTML report keeps the lanes).
            listed(focus, cells, stepWidth, out);
        }
    }

    /** The table whose rows are {@code cells}, headed by {@code header}, with the steps' numbers and elisions. */
    private static void rows(Focus focus, String[] header, String[][] cells, int[] widths, int stepWidth,
                             StringBuilder out) {
        int[] shown = focus.shown();
        String[] rule = new String[widths.length];
        for (int c = 0; c < widths.length; c++) {
            rule[c] = "-".repeat(widths[c]);
        }
        line(out, pad("step", stepWidth), header, widths, " | ");
        line(out, "-".repeat(stepWidth), rule, widths, "-+-");
        for (int r = 0; r < shown.length; r++) {
            elision(out, focus.elidedBefore(r), stepWidth);
            String mark = focus.isFailurePoint(shown[r]) ? FAILURE_MARK : "";
            String number = Integer.toString(shown[r]);
            line(out, pad(mark, stepWidth - number.length()) + number, cells[r], widths, " | ");
        }
        elision(out, focus.elidedAtEnd(), stepWidth);
    }

    /** One row per step as {@link #rows} lays it out, with a column for the thread and one for its operation. */
    private static void listed(Focus focus, String[][] perThread, int stepWidth, StringBuilder out) {
        String[] header = {"thread", "operation", AT};
        int[] widths = new int[header.length];
        String[][] cells = new String[perThread.length][];
        for (int r = 0; r < perThread.length; r++) {
            String[] row = perThread[r];
            ThreadId thread = focus.event(focus.shown()[r]).thread();
            cells[r] = new String[] {thread.name(), row[focus.threads().indexOf(thread)], row[row.length - 1]};
        }
        for (int c = 0; c < header.length; c++) {
            widths[c] = header[c].length();
            for (String[] row : cells) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        rows(focus, header, cells, widths, stepWidth, out);
    }

    /**
     * Column widths within the budget: columns narrower than an even share keep their natural width, and what they
     * leave over is shared among the wider ones.
     */
    static int[] widths(int[] natural, int budget) {
        Integer[] order = new Integer[natural.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt(i -> natural[i]));
        int[] widths = new int[natural.length];
        int left = budget;
        for (int k = 0; k < order.length; k++) {
            int share = Math.max(MIN_COLUMN, left / (order.length - k));
            widths[order[k]] = Math.min(natural[order[k]], share);
            left -= widths[order[k]];
        }
        return widths;
    }

    private static void elision(StringBuilder out, int count, int stepWidth) {
        if (count > 0) {
            out.append(" ".repeat(stepWidth)).append(' ').append(Text.ELLIPSIS).append(' ')
                    .append(Text.steps(count)).append(" elided ").append(Text.ELLIPSIS).append('\n');
        }
    }

    private static void line(StringBuilder out, String first, String[] cells, int[] widths, String separator) {
        StringBuilder line = new StringBuilder(first);
        for (int c = 0; c < cells.length; c++) {
            line.append(separator).append(pad(Text.fit(cells[c], widths[c]), widths[c]));
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }

    private static void race(Focus focus, Race race, StringBuilder out) {
        out.append(Text.fit(race.origin().heading, LINE_WIDTH)).append('\n');
        Event first = focus.event(race.earlier());
        String secondThread = race.bothRan() ? focus.event(race.later()).thread().name() : race.notRun().thread().name();
        String step = "step " + race.earlier();
        String secondStep = race.bothRan() ? "step " + race.later() : "not run";
        int stepWidth = Math.max(step.length(), secondStep.length());
        int nameWidth = Math.max(first.thread().name().length(), secondThread.length());
        raceLine(out, step, stepWidth, first.thread().name(), nameWidth, OpText.of(first), first.source().toString());
        if (race.bothRan()) {
            Event second = focus.event(race.later());
            raceLine(out, secondStep, stepWidth, secondThread, nameWidth, OpText.of(second),
                    second.source().toString());
        } else {
            raceLine(out, secondStep, stepWidth, secondThread, nameWidth, OpText.of(race.notRun().operation()),
                    race.notRun().source() + "; the failure came first");
        }
    }

    private static void raceLine(StringBuilder out, String step, int stepWidth, String thread, int nameWidth,
                                 String op, String where) {
        // never cut: the operation and where it is are what the line is for
        out.append("  ").append(pad(step, stepWidth)).append("  ").append(pad(thread, nameWidth)).append("  ")
                .append(op).append(" (").append(where).append(")\n");
    }

    private static void waitFor(WaitFor waitFor, StringBuilder out) {
        out.append(waitFor.headline()).append(".\n");
        int nameWidth = waitFor.waits().stream().mapToInt(w -> w.stuck().thread().name().length()).max().orElse(0);
        for (WaitFor.Wait wait : waitFor.waits()) {
            out.append("  ").append(pad(wait.stuck().thread().name(), nameWidth)).append("  ")
                    .append(wait.description()).append('\n');
        }
        if (!waitFor.cycle().isEmpty()) {
            out.append("  cycle: ").append(waitFor.cycleText()).append('\n');
        }
    }
}
