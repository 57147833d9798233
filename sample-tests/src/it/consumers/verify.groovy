// Judges every cell of the consumer matrix (the modules of pom.xml) by its Surefire reports and its part of the log:
// the Weft tests of correct programs pass, those of buggy programs (methods named buggy*) fail for the bug,
// UserVersionsTest passes, and the JEP 451 warning is explained where the JVM prints it. Lists every wrong verdict,
// not just the first.
import groovy.xml.XmlSlurper

def slurp = { File file -> new XmlSlurper().parse(file) }
def log = new File(basedir, 'build.log').text
def problems = []
def summary = []

slurp(new File(basedir, 'pom.xml')).modules.module*.text().each { String cell ->
    File dir = new File(basedir, cell)
    def properties = slurp(new File(dir, 'pom.xml')).properties
    boolean attachRefused = properties.'cell.argLine'.text().contains('-XX:-EnableDynamicAgentLoading')
    boolean withMockito = !properties.'cell.extra.tests'.text().isEmpty()
    boolean javaAgent = cell.endsWith('javaagent')

    File reportDir = new File(dir, 'target/surefire-reports')
    List reports = (reportDir.listFiles() ?: []).findAll { it.name ==~ /TEST-.*\.xml/ }.collect(slurp)
    if (reports.isEmpty()) {
        problems << "${cell}: no test ran (no Surefire report)"
        return
    }
    String java = reports[0].properties.property.find { it.@name == 'java.specification.version' }.@value.text()
    List cases = reports.collectMany { it.testcase.collect { it } }

    def expectedClasses = ['CounterTest', 'UserVersionsTest'] + (withMockito ? ['NotifierTest'] : [])
    def ranClasses = cases.collect { it.@classname.text() - 'com.example.' }.unique()
    if (ranClasses.sort() != expectedClasses.sort()) {
        problems << "${cell}: ran ${ranClasses}, expected ${expectedClasses}"
    }
    cases.each { testCase ->
        String name = "${cell}: ${testCase.@classname.text() - 'com.example.'}#${testCase.@name}"
        def failed = testCase.failure.size() > 0 ? testCase.failure : testCase.error
        String message = failed.size() > 0 ? failed.@message.text() + '\n' + failed.text() : null
        boolean weftTest = !testCase.@classname.text().endsWith('UserVersionsTest')
        if (testCase.skipped.size() > 0) {
            problems << "${name} was skipped"
        } else if (weftTest && attachRefused) {
            if (message == null || !message.contains('-XX:-EnableDynamicAgentLoading')
                    || !(message =~ /<argLine>-javaagent:\S*weft-scheduler-[^\s<]+\.jar<\/argLine>/)) {
                problems << "${name} must fail with the -javaagent line to add, got: ${message}"
            }
        } else if (weftTest && testCase.@name.text().startsWith('buggy')) {
            if (testCase.failure.size() == 0 || !message.contains('ASSERTION')
                    || !message.contains('replay = "weft1.')) {
                problems << "${name} must fail with the bug's interleaving, got: ${message ?: 'PASS'}"
            }
        } else if (message != null) {
            problems << "${name} must pass, got: ${message}"
        }
    }

    // The cell's own part of the log: from its "Building" line to the next one.
    def section = (log =~ /(?s)Building ${java.util.regex.Pattern.quote(cell)} 1\.0.*?(?=Building |\z)/)
    String output = section.find() ? section.group() : ''
    boolean jvmWarns = (java as int) >= 21 && !javaAgent && !attachRefused
    int explained = output.count('[weft] The JVM warning above about a dynamically loaded agent is Weft')
    boolean warned = output.contains('A Java agent has been loaded dynamically')
    if (jvmWarns && (!warned || explained != 1)) {
        problems << "${cell}: on Java ${java} the JVM's dynamic-agent warning must be there, explained once by Weft" +
                " (warned: ${warned}, explained ${explained} times)"
    }
    if (!jvmWarns && (output.contains('loaded dynamically') && javaAgent || explained != 0)) {
        problems << "${cell}: on Java ${java} no dynamic-agent warning was expected"
    }
    summary << String.format('%-28s Java %-3s %2d tests', cell, java, cases.size())
}

println 'consumer matrix:\n  ' + summary.join('\n  ')
assert problems.isEmpty() : 'wrong verdicts in the consumer matrix:\n' + problems.join('\n')
return true
