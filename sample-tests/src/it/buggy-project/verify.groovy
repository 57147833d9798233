// The build failed (invoker.properties says so); it must have failed for the right reason, visibly.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'the build did not fail'
assert log.contains('ASSERTION: ') : 'the failure does not name its kind'
assert log.contains('weft: HitCounterTest#twoVisitorsMakeTwoHits FAIL') : 'no Weft console line'
assert log.contains('replay: @ExhaustiveConcurrency(replay = "weft1.') : 'no replay token'
def summary = new File(basedir, 'target/weft-reports/com.example.HitCounterTest/twoVisitorsMakeTwoHits/summary.json')
assert summary.exists() : 'no summary.json'
assert summary.text.contains('"verdict": "FAIL"')
return true
