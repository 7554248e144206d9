#!/usr/bin/env bash
# bench/redraw.sh: redraws every chart of docs/charts that has its data under docs/data, and the answer table of
# README.md (and docs/results.md) between <!-- fair-answer:start --> and <!-- fair-answer:end -->, from the
# committed CSV files alone: no app, no load, a few seconds. docs/data/NAME.csv (a results.csv of a run) becomes
# docs/charts/NAME-*.png; docs/data/README.md says where each file came from. An optional argument names another
# checkout (or a copy of docs/) to redraw instead of this one.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# The harness is built for Java 17: any JDK 17+ draws; the one compare.sh would take when it is set.
java_home="${BENCH_HARNESS_JAVA_HOME:-${BENCH_JAVA_HOME:-${JAVA_HOME:-}}}"
java_bin="${java_home:+$java_home/bin/}java"

harness_cp=bench/target/harness-classpath.txt
# built as compare.sh builds it, when it is missing or its sources changed since
if [[ ! -f $harness_cp || ! -d bench/target/classes/dev/shapeslab/bench ]] ||
  [[ -n $(find bench/pom.xml bench/src/main -newer "$harness_cp" -print -quit) ]]; then
  echo "redraw.sh: building the harness (./mvnw -q -B -f bench/pom.xml -DskipTests package)"
  ./mvnw -q -B -f bench/pom.xml -DskipTests package dependency:build-classpath -Dmdep.includeScope=runtime \
    -Dmdep.outputFile=target/harness-classpath.txt
  touch "$harness_cp" # the plugin leaves an unchanged file as it was: this marks the build
fi

# The charts are drawn without a display.
exec "$java_bin" -Djava.awt.headless=true -Dbench.root="$ROOT" \
  -cp "$ROOT/bench/target/classes:$(cat "$ROOT/$harness_cp")" dev.shapeslab.bench.Redraw "$@"
