package dev.weft.reporting;

import dev.weft.dpor.ExplorationFailure;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * A failing execution as one self-contained HTML page: a summary (test, kind, message, replay token), what the
 * threads of a deadlock wait for, the {@link SwimlaneSvg swimlane drawing}, the {@link TraceTable text table} and the
 * stack trace of the cause. Styles are inline and there is no script, font or image from anywhere else, so the file
 * can be opened from a CI artifact without a network.
 */
public final class HtmlReport {

    private static final String PAGE_CSS = """
            body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 24px;
                   color: #101828; }
            h1 { font-size: 20px; margin: 0 0 12px; }
            h2 { font-size: 16px; margin: 24px 0 8px; }
            table.summary th { text-align: left; padding: 2px 16px 2px 0; color: #475467; font-weight: 600; }
            table.summary td { padding: 2px 0; }
            code, pre { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
            pre { background: #f8f9fb; border: 1px solid #e4e7ec; padding: 10px; overflow-x: auto; }
            .kind { font-weight: 700; color: #b42318; }
            .drawing { overflow-x: auto; }
            .legend span { margin-right: 14px; font-size: 12.5px; }
            .legend i { display: inline-block; width: 22px; height: 0; border-top: 2px solid; vertical-align: middle;
                        margin-right: 4px; }
            ul.waits li { margin: 2px 0; }
            """;

    private HtmlReport() {
    }

    /**
     * @param testName    the test, as the summary names it ({@code com.example.AccountTest#transfers})
     * @param replayToken the token that re-runs this schedule, or {@code null} when there is none
     */
    public static String render(String testName, ExplorationFailure failure, String replayToken) {
        // The trace's focus first, and let go of before the page's: each keeps the execution's happens-before, a
        // clock per step as wide as the highest thread number, and two at once did not fit in a 6 GB heap for an
        // execution of 200,000 steps among thousands of threads (commons-pool's testConcurrentBorrowAndEvict).
        String traceTable = TraceTable.render(failure);
        Focus focus = Focus.of(failure, HbDot.MAX_STEPS);
        StringBuilder html = new StringBuilder(16_384);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Text.xml("Weft: " + testName + " — " + failure.kind())).append("</title>\n")
                .append("<style>\n").append(PAGE_CSS).append(SwimlaneSvg.CSS).append("</style>\n</head>\n<body>\n");
        summary(html, testName, failure, replayToken, focus);
        if (!focus.stuck().isEmpty()) {
            deadlock(html, WaitFor.of(failure.events(), focus.stuck()));
        }
        html.append("<h2>Interleaving</h2>\n");
        legend(html, focus);
        html.append("<div class=\"drawing\">\n").append(SwimlaneSvg.render(focus)).append("</div>\n");
        html.append("<h2>Trace</h2>\n<pre class=\"trace\">").append(Text.xml(traceTable))
                .append("</pre>\n");
        if (failure.cause() != null) {
            StringWriter trace = new StringWriter();
            failure.cause().printStackTrace(new PrintWriter(trace));
            html.append("<details>\n<summary>Stack trace of the cause</summary>\n<pre class=\"cause\">")
                    .append(Text.xml(trace.toString())).append("</pre>\n</details>\n");
        }
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    private static void summary(StringBuilder html, String testName, ExplorationFailure failure, String replayToken,
                                Focus focus) {
        html.append("<h1>Weft: ").append(Text.xml(testName)).append(" failed</h1>\n<table class=\"summary\">\n");
        row(html, "Test", "<code>" + Text.xml(testName) + "</code>");
        row(html, "Kind", "<span class=\"kind\">" + failure.kind() + "</span>");
        row(html, "Message", Text.xml(failure.message()));
        row(html, "Steps", Integer.toString(failure.events().size()));
        row(html, "Preemptions", failure.preemptions() + " &mdash; times the schedule switches away from a thread"
                + " that could have gone on");
        focus.race().ifPresent(race -> row(html, "Race", Text.xml(race.origin().legend)));
        if (replayToken == null || replayToken.isEmpty()) {
            row(html, "Replay", "no replay token");
        } else {
            row(html, "Replay", "<code class=\"replay\">" + Text.xml(replayToken) + "</code> &mdash; run only this "
                    + "schedule with <code>@ExhaustiveConcurrency(replay = \"" + Text.xml(replayToken)
                    + "\")</code>");
        }
        html.append("</table>\n");
    }

    private static void row(StringBuilder html, String header, String cellHtml) {
        html.append("<tr><th>").append(header).append("</th><td>").append(cellHtml).append("</td></tr>\n");
    }

    private static void deadlock(StringBuilder html, WaitFor waitFor) {
        html.append("<h2>").append(Text.xml(waitFor.headline())).append("</h2>\n<ul class=\"waits\">\n");
        for (WaitFor.Wait wait : waitFor.waits()) {
            html.append("<li><code>").append(Text.xml(wait.stuck().thread().name())).append("</code> ")
                    .append(Text.xml(wait.description())).append("</li>\n");
        }
        html.append("</ul>\n");
        if (!waitFor.cycle().isEmpty()) {
            html.append("<p class=\"cycle\">Wait-for cycle: <code>").append(Text.xml(waitFor.cycleText()))
                    .append("</code></p>\n");
        }
    }

    private static void legend(StringBuilder html, Focus focus) {
        String race = focus.race().map(r -> r.origin().legend).orElse("race");
        html.append("<p>Time runs downwards, one lane per thread; hover a step for where it is in the source")
                .append(hasStacks(focus) ? " and its stack" : "").append(".</p>\n")
                .append("<p class=\"legend\"><span><i style=\"border-color:#1570ef\"></i>reads</span>")
                .append("<span><i style=\"border-color:#7a5af8\"></i>lock release &rarr; acquire</span>")
                .append("<span><i style=\"border-color:#667085\"></i>start, join</span>")
                .append("<span><i style=\"border-color:#039855\"></i>notify</span>")
                .append("<span><i style=\"border-color:#dc6803\"></i>unpark</span>")
                .append("<span><i style=\"border-color:#d92d20; border-top-style:dashed\"></i>")
                .append(Text.xml(race))
                .append("</span><span>bold box: where the failure was observed</span></p>\n");
    }

    private static boolean hasStacks(Focus focus) {
        for (int index : focus.shown()) {
            if (!focus.event(index).stack().isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
