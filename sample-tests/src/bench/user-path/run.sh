#!/usr/bin/env bash
# The user's-path benchmark (docs/PERFORMANCE.md's headline table): big0 of ORACLES.md (69,112 traces) as a test of
# an ordinary Maven project that depends on the installed weft-junit, run by Surefire as a user's `mvn test` runs it.
# For each JDK and each number of workers (1, and Weft's default), RUNS builds; in each, the same test three times in
# one fresh Surefire JVM: the first ("cold") pays for starting Weft, the third ("warm") runs where the JIT has
# compiled the instrumented code. Prints the median test time as Surefire reports it and the executions per second
# that follow, beside the explorer's own figure for big0 on the same JDK (dpor's ModelBenchmark, no JVM threads).
#
# Usage (from the repository root, after `mvn -q install -DskipTests`):
#   sample-tests/src/bench/user-path/run.sh [RUNS]            (default 3)
# Environment: JDKS="17=/usr/lib/jvm/java-17-openjdk-amd64 25=/usr/lib/jvm/temurin-25-jdk-amd64" (the default),
#   MVN_ARGS (e.g. -o, -Dmaven.repo.local=...), MODEL=0 to skip the explorer's figure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
runs="${1:-3}"
jdks="${JDKS:-17=/usr/lib/jvm/java-17-openjdk-amd64 25=/usr/lib/jvm/temurin-25-jdk-amd64}"
mvn_args="${MVN_ARGS:-}"
traces=69112   # ORACLES.md, big0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "?"; else if (NR % 2) print a[(NR+1)/2]; else printf "%.0f\n", (a[NR/2]+a[NR/2+1])/2}'; }

# One build of the project: prints "first_ms third_ms" (Surefire's test times) after checking every test ran all
# 69,112 traces and passed.
one_build() {
  local java_home="$1" workers="$2" log="$work/build.log"
  rm -rf "$work/project" && cp -r "$here" "$work/project" && rm -f "$work/project/run.sh"
  local workers_arg=()
  [ "$workers" != default ] && workers_arg=("-Dweft.workers=$workers")
  (cd "$work/project" && JAVA_HOME="$java_home" mvn -B -ntp -q $mvn_args test "${workers_arg[@]}" >"$log" 2>&1) || {
    echo "user-path benchmark: the build failed on $java_home (workers $workers):" >&2; tail -40 "$log" >&2; exit 1; }
  local lines
  lines=$(grep -c "^weft: Big0Test#[a-z]* PASS — $traces executions (0 sleep-set blocked), complete" "$log" || true)
  if [ "$lines" != 3 ]; then
    echo "user-path benchmark: expected three complete explorations of $traces traces, got:" >&2
    grep "^weft:" "$log" >&2 || tail -40 "$log" >&2
    exit 1
  fi
  local xml="$work/project/target/surefire-reports/TEST-bench.Big0Test.xml"
  local first third
  first=$(grep -o 'testcase name="first" classname="bench.Big0Test" time="[0-9.]*"' "$xml" | grep -o '[0-9.]*"$' | tr -d '"')
  third=$(grep -o 'testcase name="third" classname="bench.Big0Test" time="[0-9.]*"' "$xml" | grep -o '[0-9.]*"$' | tr -d '"')
  awk -v f="$first" -v t="$third" 'BEGIN {printf "%d %d\n", f * 1000, t * 1000}'
}

# The explorer alone on big0 (OPTIMAL, the default algorithm): executions per second from ModelBenchmark's table.
model_rate() {
  local java_home="$1" log="$work/model.log"
  (cd "$root" && JAVA_HOME="$java_home" mvn -B -ntp $mvn_args -pl dpor test -Dtest=ModelBenchmark \
      -Dsurefire.failIfNoSpecifiedTests=false >"$log" 2>&1) || { echo "?"; return; }
  awk '$1 == "OPTIMAL" && $2 == "big0" {print $5; exit}' "$log"
}

printf '| JDK | workers | cold: first test, ms | exec/s | warm: third test, ms | exec/s | explorer alone, exec/s |\n'
printf '|---|---|---:|---:|---:|---:|---:|\n'
for entry in $jdks; do
  version="${entry%%=*}"; java_home="${entry#*=}"
  [ -x "$java_home/bin/java" ] || { echo "| $version | (no JDK at $java_home) |||||" ; continue; }
  model="?"
  [ "${MODEL:-1}" = 1 ] && model=$(model_rate "$java_home")
  for workers in 1 default; do
    : >"$work/times"
    for ((i = 1; i <= runs; i++)); do one_build "$java_home" "$workers" >>"$work/times"; done
    cold=$(awk '{print $1}' "$work/times" | median)
    warm=$(awk '{print $2}' "$work/times" | median)
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$version" "$workers" "$cold" \
      "$(awk -v ms="$cold" -v n=$traces 'BEGIN {printf "%d", n / (ms / 1000)}')" "$warm" \
      "$(awk -v ms="$warm" -v n=$traces 'BEGIN {printf "%d", n / (ms / 1000)}')" "$model"
  done
done
echo "($runs builds per row, medians; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%F))"
