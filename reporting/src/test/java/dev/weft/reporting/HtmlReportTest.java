package dev.weft.reporting;

import static dev.weft.reporting.Execution.at;
import static dev.weft.reporting.Execution.thread;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.Schedule;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import java.io.StringReader;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.xml.sax.InputSource;

class HtmlReportTest {

    private static final String TEST = "com.example.AccountTest#withdrawalsKeepTheTotal";

    static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** The drawing alone, parsed as XML: fails on anything left unescaped. */
    private static Document svgOf(String html) throws Exception {
        String svg = html.substring(html.indexOf("<svg"), html.indexOf("</svg>") + "</svg>".length());
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
    }

    @Test
    void drawsOneLanePerThreadAndOneBoxPerShownStep() throws Exception {
        String html = HtmlReport.render(TEST, Failures.lostUpdateFailure(), "token");

        assertThat(count(html, "<g class=\"lane\" data-thread=\"[^\"]*\"")).isEqualTo(3);
        assertThat(html).contains("data-thread=\"main\"", "data-thread=\"main.1\"", "data-thread=\"main.2\"")
                .doesNotContain("data-thread=\"main.3\"");
        assertThat(count(html, "<g class=\"step[ \"]")).isEqualTo(12);
        assertThat(svgOf(html).getElementsByTagName("g").getLength()).isEqualTo(3 + 12);
    }

    /** The time axis: a line across the lanes, with the clock's reading, above each step in which time passed. */
    @Test
    void marksWhereTimePassed() {
        ExplorationFailure slept = new Execution()
                .step(Failures.MAIN, Operation.start(Failures.T1), Execution.at("SleepTest.java", 10))
                .step(Failures.T1, Operation.read(Location.TIME), Execution.at("SleepTest.java", 20),
                        "sleep 5 s ends (t = 5.000 s)")
                .step(Failures.T1, Operation.read(Location.interruptFlag(Failures.T1)),
                        Execution.at("SleepTest.java", 20), "sleep 5 s returns")
                .failure(FailureKind.ASSERTION, "expected: <1> but was: <0> in thread main");

        String html = HtmlReport.render(TEST, slept, "token");

        assertThat(count(html, "<g class=\"time\">")).isEqualTo(1);
        assertThat(html).contains(">t = 5.000 s</text>").contains(">sleep 5 s ends (t = 5.000 s)<")
                .contains(">sleep 5 s returns<");
    }

    @Test
    void drawsTheCrossThreadEdgesOfTheGraph() {
        String html = HtmlReport.render(TEST, Failures.lostUpdateFailure(), "token");

        assertThat(count(html, "<path class=\"edge\" data-kind=\"start\"")).isEqualTo(2);
        assertThat(count(html, "<path class=\"edge\" data-kind=\"join\"")).isEqualTo(2);
        assertThat(count(html, "data-kind=\"reads\"")).isZero();
    }

    @Test
    void highlightsTheRacingPairAndWhereTheFailureWasObserved() {
        String html = HtmlReport.render(TEST, Failures.lostUpdateFailure(), "token");

        assertThat(html).contains("<g class=\"step race\" data-index=\"7\"", "<g class=\"step race\" data-index=\"8\"",
                "<g class=\"step failure\" data-index=\"14\"", "<path class=\"edge race\" data-kind=\"race\"");
    }

    @Test
    void showsTheSourceLineOfAStepOnHover() {
        String html = HtmlReport.render(TEST, Failures.lostUpdateFailure(), "token");

        assertThat(html).contains("<title>#7 main.1: write Account@1.balance = 40\nAccount.java:13 in "
                + "com.example.Account.run\none of the racing pair: race nearest the failure (a guess)</title>");
    }

    @Test
    void showsTheStackOfAStepOnHoverWhenTheReplayRecordedIt() {
        String html = HtmlReport.render(TEST, Failures.registryDataRace(), "token");

        assertThat(html).contains("<title>#2 main.1: call HashMap@1.put\nRegistry.java:12 in com.example.Registry.run"
                        + "\nwhere the failure was observed\none of the racing pair: data race"
                        + "\n    at com.example.Registry.register(Registry.java:12)"
                        + "\n    at com.example.RegistryTest.lambda$0(RegistryTest.java:8)</title>")
                .contains("hover a step for where it is in the source and its stack");
    }

    @Test
    void saysWhichRaceIsHighlightedAndHowItIsKnown() {
        assertThat(HtmlReport.render(TEST, Failures.lostUpdateFailure(), "t"))
                .contains("<tr><th>Race</th><td>race nearest the failure (a guess)</td></tr>");
        String reversed = HtmlReport.render(TEST, Failures.lostUpdateReversed(), "t");
        assertThat(reversed).contains("<tr><th>Race</th><td>race reversed to reach the failure</td></tr>")
                .contains("<g class=\"step race\" data-index=\"5\"", "<g class=\"step race\" data-index=\"7\"")
                .doesNotContain("<g class=\"step race\" data-index=\"8\"");
    }

    @Test
    void summarizesTheFailureWithTheTableAndTheReplayToken() {
        String html = HtmlReport.render(TEST, Failures.lostUpdateFailure(), "v1:abc");

        assertThat(html).contains("<code>com.example.AccountTest#withdrawalsKeepTheTotal</code>",
                "<span class=\"kind\">ASSERTION</span>",
                "expected: &lt;30&gt; but was: &lt;90&gt;",
                "<code class=\"replay\">v1:abc</code>",
                "<pre class=\"trace\">Steps that happen before the failure");
    }

    @Test
    void saysHowManyPreemptionsTheScheduleHas() {
        ExplorationFailure f = Failures.lostUpdateFailure();
        ExplorationFailure withOne = new ExplorationFailure(f.kind(), f.message(), f.cause(), f.events(),
                f.schedule(), f.stuck(), 1);

        assertThat(HtmlReport.render(TEST, withOne, null)).contains("<tr><th>Preemptions</th><td>1 &mdash;");
    }

    @Test
    void isSelfContained() {
        String html = HtmlReport.render(TEST, Failures.lostUpdateFailure(), "token");

        assertThat(html).doesNotContainPattern("(?i)(src|href)\\s*=\\s*[\"']?\\s*(https?:)?//")
                .doesNotContainPattern("(?i)<script[^>]*src")
                .doesNotContainPattern("(?i)<link")
                .doesNotContainPattern("(?i)@import|url\\(\\s*[\"']?(https?:)?//")
                .doesNotContain("http://", "https://");
    }

    @Test
    void escapesWhatUsersNamed() throws Exception {
        ThreadId odd = thread(0, "worker<1>&\"x\"");
        String html = HtmlReport.render("Q#<take>", new Execution()
                .step(odd, Operation.write(Location.field("Box<T>@1", "v")), at("Box.java", 3), "<b>")
                .failure(FailureKind.EXCEPTION, "<script>alert(1)</script>"), "a<b");

        assertThat(html).doesNotContain("<script", "<take>", "Box<T>", "<b>", "worker<1>")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;", "Q#&lt;take&gt;",
                        "data-thread=\"worker&lt;1&gt;&amp;&quot;x&quot;\"", "write Box&lt;T&gt;@1.v = &lt;b&gt;");
        assertThat(svgOf(html).getDocumentElement().getTextContent()).contains("worker<1>&\"x\"");
    }

    @Test
    void showsTheWaitForCycleOfADeadlockAndWhereEachThreadIsStuck() throws Exception {
        String html = HtmlReport.render("com.example.BankTest#transfers", Failures.lockOrderDeadlock(), null);

        assertThat(html).contains("Deadlock: no thread can move",
                "<code>main.1</code> waits for lock Account@2 at Bank.java:11, held by main.2 (locked at Bank.java:10)",
                "Wait-for cycle: <code>main.1 -&gt; main.2 -&gt; main.1</code>", "no replay token");
        assertThat(count(html, "<g class=\"stuck\"")).isEqualTo(3);
        assertThat(count(html, "data-kind=\"waits-for\"")).isEqualTo(3);
        assertThat(html).contains("blocked: lock Account@2");
        svgOf(html);
    }

    @Test
    void includesTheStackTraceOfTheCause() {
        Execution execution = Failures.waitNotify();
        ExplorationFailure failure = new ExplorationFailure(FailureKind.EXCEPTION, "NPE",
                new NullPointerException("head"), execution.events(), new Schedule(List.of()), List.of(), 0);

        assertThat(HtmlReport.render("t", failure, null)).contains("java.lang.NullPointerException: head\n\tat ");
    }
}
