#!/usr/bin/env bash
# bench/compare.sh: compares shapes-lab's execution variants, measuring throughput, latency and CPU per
# request of the app, its database server and the load generator. The harness itself is Java, a Maven module
# of its own (bench/pom.xml, tested by ./mvnw -f bench/pom.xml test); this script picks the JDKs, installs wrk
# when it is missing, builds the app and the harness, and starts it. `bench/compare.sh --help` lists the options.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

jdk_major() { # jdk_major DIR -> the JDK's major version, or nothing
  [[ -x "$1/bin/java" ]] || return 0
  local v
  v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')
  echo "${v#1.}"
}

# The app (and the harness) run on a JDK 21+ so that the virtual variant exists and every variant runs on the same JVM.
app_jdk="${BENCH_JAVA_HOME:-${JAVA21_HOME:-}}"
if [[ -z $app_jdk ]]; then
  best=0
  for c in /usr/lib/jvm/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    v=$(jdk_major "$c")
    if [[ -n $v ]] && ((v >= 21 && v > best)); then app_jdk=$c; best=$v; fi
  done
fi
if [[ -z $app_jdk ]]; then
  echo "compare.sh: no JDK 21+ found (set BENCH_JAVA_HOME): the app runs on the default java and the virtual variant will not start" >&2
  app_jdk="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
fi

for a in "$@"; do
  case "$a" in -h|--help|--dry-run|--report-only) only_report=1 ;; esac
done
if [[ -z ${only_report:-} ]]; then
  bench/install-wrk.sh
  echo "compare.sh: building the app (./mvnw -q -B -DskipTests package)"
  ./mvnw -q -B -DskipTests package
  # Gatling and its dependencies, for the crosscheck scenario (whose simulation is among the app's test
  # classes), and the JDBC drivers with which the drills read back what the database stored
  ./mvnw -q -B dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
fi
harness_cp=bench/target/harness-classpath.txt
# the harness is built for a run, and for --help, --dry-run and --report-only when its sources changed since
if [[ -z ${only_report:-} || ! -f $harness_cp || ! -d bench/target/classes/dev/shapeslab/bench ]] ||
  [[ -n $(find bench/pom.xml bench/src/main -newer "$harness_cp" -print -quit) ]]; then
  echo "compare.sh: building the harness (./mvnw -q -B -f bench/pom.xml -DskipTests package)"
  ./mvnw -q -B -f bench/pom.xml -DskipTests package dependency:build-classpath -Dmdep.includeScope=runtime \
    -Dmdep.outputFile=target/harness-classpath.txt
  touch "$harness_cp" # the plugin leaves an unchanged file as it was: this marks the build
fi

# The faults scenario's overload holds 5,000 connections in the harness and as many in the app (which
# inherits this limit): raise the soft limit on open files towards the hard one.
if [[ $(ulimit -n) != unlimited ]] && (($(ulimit -n) < 16384)); then
  hard=$(ulimit -Hn)
  [[ $hard == unlimited ]] && hard=65536
  ulimit -n "$((hard < 65536 ? hard : 65536))" 2>/dev/null || true
  (($(ulimit -n) >= 11000)) || echo "compare.sh: only $(ulimit -n) open files allowed; the faults overload needs about 11,000" >&2
fi

# With the kernel's autogroup on, every session's processes share the CPU as one group whatever their nice value: a
# build niced in another terminal then takes as much CPU as the whole measurement. Say so; only root can turn it off.
if [[ -z ${only_report:-} && $(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo 0) == 1 ]]; then
  echo "compare.sh: the kernel's autogroup is on, so a niced process in another session still competes with the" \
    "measurement as an equal; run nothing else, or turn it off (as root: echo 0 > /proc/sys/kernel/sched_autogroup_enabled)" >&2
fi

# The harness runs on the same JDK unless BENCH_HARNESS_JAVA_HOME names another: its fault drill's clients are
# virtual threads on a JDK 21+, which cost the generator far less CPU than 5,000 platform threads.
harness_jdk="${BENCH_HARNESS_JAVA_HOME:-$app_jdk}"
# The charts are drawn without a display.
exec "$harness_jdk/bin/java" -Djava.awt.headless=true -Dbench.root="$ROOT" -Dbench.appJava="$app_jdk/bin/java" \
  -Dbench.clkTck="$(getconf CLK_TCK 2>/dev/null || echo 100)" -Dbench.gatlingClasspath="$ROOT/target/bench-classpath.txt" \
  -cp "$ROOT/bench/target/classes:$(cat "$ROOT/$harness_cp")" dev.shapeslab.bench.Compare "$@"
