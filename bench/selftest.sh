#!/usr/bin/env bash
# Self-test of the report generator (bench/Report.java) on a hand-made run directory: no app, no Gatling.
#   bench/selftest.sh [--keep]     builds a fake run under a temp dir, runs the report, checks the output.
# Exit 0 when every check passes.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KEEP=0
[[ "${1:-}" == "--keep" ]] && KEEP=1
RUN="$(mktemp -d "${TMPDIR:-/tmp}/bench-selftest.XXXXXX")"
cleanup() { if [[ $KEEP == 0 ]]; then rm -rf "$RUN"; else echo "kept: $RUN"; fi; }
trap cleanup EXIT

mkdir -p "$RUN/cells"
cat >"$RUN/run.properties" <<'EOF'
started=2026-01-01 12:00:00 UTC
command=bench/compare.sh --variants plain,async,virtual --scenarios slow-backend,mixed --repeat 2
host=2 cores, 24 GiB
app_java=/usr/lib/jvm/fake-25/bin/java (25.0.1)
app_jvm_opts=-Xms1g -Xmx1g -XX:+UseG1GC
gatling_mode=direct
estimated_seconds=840
measured_seconds=812
EOF

# group3 N: 12345 -> 12,345 (Gatling prints grouping separators)
group3() { local n=$1 out=""; while ((${#n} > 3)); do out=",${n: -3}$out"; n=${n:0:${#n}-3}; done; echo "$n$out"; }

# gatling_log FILE requests ko rps p50 p95 p99 max   (Gatling 3.15 console layout)
gatling_log() {
  local f=$1 req=$2 ko=$3 rps=$4 p50=$5 p95=$6 p99=$7 max=$8
  local ok=$((req - ko))
  {
    echo "Simulation dev.shapeslab.gatling.Fake started..."
    echo "---- Requests ----------------------------------------------|---Total---|-----OK----|----KO----"
    echo "> Global                                                    | $(printf "%9s" "$(group3 "$req")") | $(printf "%9s" "$(group3 "$ok")") | $(printf "%9d" "$ko")"
    echo "================================================================================================"
    echo "---- Global Information -------------------------------------|---Total---|-----OK----|----KO----"
    printf '> request count                                              | %9s | %9s | %8s\n' "$(group3 "$req")" "$ok" "$ko"
    printf '> min response time (ms)                                     | %9s | %9s | %8s\n' 0 0 "$([[ $ko == 0 ]] && echo - || echo 1)"
    printf '> max response time (ms)                                     | %9s | %9s | %8s\n' "$max" "$max" -
    printf '> mean response time (ms)                                    | %9s | %9s | %8s\n' "$p50" "$p50" -
    printf '> response time std deviation (ms)                           | %9s | %9s | %8s\n' 3 3 -
    printf '> response time 50th percentile (ms)                         | %9s | %9s | %8s\n' "$p50" "$p50" -
    printf '> response time 75th percentile (ms)                         | %9s | %9s | %8s\n' "$p50" "$p50" -
    printf '> response time 95th percentile (ms)                         | %9s | %9s | %8s\n' "$p95" "$p95" -
    printf '> response time 99th percentile (ms)                         | %9s | %9s | %8s\n' "$p99" "$p99" -
    printf '> mean throughput (rps)                                      | %9s | %9s | %8s\n' "$rps" "$rps" -
    echo "---- Response Time Distribution -----------------------------------------------------------------"
    echo "> OK: t < 800 ms                                                                 $ok (100%)"
    echo "================================================================================================"
  } >"$f"
}

# samples FILE threads rss_kb cpu_ticks_per_second
samples() {
  local f=$1 thr=$2 rss=$3 tps=$4 t=1767268800000 ticks=5000 i
  echo -e "t_ms\tthreads\trss_kb\tcpu_ticks" >"$f"
  for i in 0 1 2 3 4 5; do
    echo -e "$((t + i * 1000))\t$((thr + i % 2))\t$((rss + i * 1024))\t$((ticks + i * tps))" >>"$f"
  done
}

jstat_txt() {
  local f=$1 eu=$2
  cat >"$f" <<EOF
Timestamp           S0C         S1C         S0U         S1U          EC           EU           OC           OU          MC         MU       CCSC      CCSU     YGC     YGCT     FGC    FGCT     CGC    CGCT       GCT
           10.2         0.0      4096.0         0.0      4096.0     200704.0     $eu       845824.0      30000.0    70000.0    69000.0    9000.0    8500.0      5     0.050     0     0.000     2     0.010     0.060
           11.2         0.0      4096.0         0.0      4096.0     200704.0     1024.0      845824.0      31000.0    70000.0    69000.0    9000.0    8500.0      6     0.060     0     0.000     2     0.010     0.070
EOF
}

seq=0
# cell REPEAT SCENARIO VARIANT BACKEND USERS LATENCY_MS PARAMS STATUS requests ko rps p50 p95 p99 max threads
cell() {
  local rep=$1 sc=$2 v=$3 be=$4 users=$5 lat=$6 params=$7 status=$8
  shift 8
  seq=$((seq + 1))
  local id
  id=$(printf '%03d-%s-%s-%s-u%s-l%s-r%s' "$seq" "$sc" "$v" "$be" "$users" "$lat" "$rep")
  local d="$RUN/cells/$id"
  mkdir -p "$d/gatling/fakesimulation-2026/"
  cat >"$d/cell.properties" <<EOF
id=$id
seq=$seq
repeat=$rep
scenario=$sc
scenario_desc=Fake scenario $sc for the self-test.
variant=$v
backend=$be
users=$users
latency_ms=$lat
params=$params
status=$status
clk_tck=100
gatling_report=gatling/fakesimulation-2026/index.html
jfr=app.jfr
EOF
  echo "app log of $id" >"$d/app.log"
  if [[ $status == failed ]]; then
    echo "error=app did not answer on http://127.0.0.1:18080/circles?limit=1 within 90 s" >>"$d/cell.properties"
    return
  fi
  echo "<html><body>fake gatling report $id</body></html>" >"$d/gatling/fakesimulation-2026/index.html"
  echo "JFR" >"$d/app.jfr"
  gatling_log "$d/gatling.log" "$1" "$2" "$3" "$4" "$5" "$6" "$7"
  samples "$d/samples.tsv" "$8" 400000 150
  jstat_txt "$d/jstat.txt" 150000.0
}

for rep in 1 2; do
  j=$((rep * 3))
  for users in 100 1000; do
    for lat in 100 0; do
      p="N=$users, latency ${lat}ms"
      [[ $lat == 0 ]] && p="N=$users, no latency"
      base=$((lat == 0 ? 3000 : users * 9))
      [[ $base -gt 2600 && $lat == 100 ]] && base=2600
      cell $rep slow-backend plain stub $users $lat "$p" ok $((base * 15)) 0 "$(( (lat == 0 ? 2500 : (users == 100 ? 900 : 1700)) + j)).5" 5 40 90 300 $((users > 200 ? 220 : users + 20))
      cell $rep slow-backend async stub $users $lat "$p" ok $((base * 15)) 0 "$(( (lat == 0 ? 2600 : (users == 100 ? 960 : 2200)) + j))" 4 30 70 250 40
      if [[ $rep == 2 && $users == 1000 && $lat == 100 ]]; then
        cell $rep slow-backend virtual stub $users $lat "$p" failed
      else
        cell $rep slow-backend virtual stub $users $lat "$p" ok $((base * 15)) 0 "$(( (lat == 0 ? 2700 : (users == 100 ? 970 : 2300)) + j)).25" 4 25 60 200 30
      fi
    done
  done
  cell $rep mixed plain h2 300 0 "300 users, 1,500 req/s cap, 3+15 s" ok 27000 0 "$((1480 + j))" 3 20 45 180 230
  cell $rep mixed async h2 300 0 "300 users, 1,500 req/s cap, 3+15 s" ok 27000 12 "$((1490 + j))" 3 18 40 170 45
  cell $rep mixed virtual h2 300 0 "300 users, 1,500 req/s cap, 3+15 s" ok 27000 0 "$((1495 + j))" 3 15 35 150 35
done

java "$HERE/Report.java" "$RUN"
java "$HERE/Report.java" --cell "$RUN/cells/001-slow-backend-plain-stub-u100-l100-r1"

fail=0
check() { # check DESCRIPTION FILE REGEX
  if grep -Eq -- "$3" "$2"; then echo "ok   - $1"; else echo "FAIL - $1 (no /$3/ in $(basename "$2"))"; fail=1; fi
}
md="$RUN/summary.md"
html="$RUN/summary.html"
check "markdown has a table per scenario" "$md" '^## Scenario `slow-backend`'
check "markdown has the mixed scenario" "$md" '^## Scenario `mixed`'
check "plain ratio is 1.00x" "$md" '\| plain \| stub \| N=100, latency 100ms \|.*\| 1\.00× \|'
check "repeats show median (min–max)" "$md" '\| 2,505 \(2,504–2,507\) \|'
check "failed cell is listed" "$md" 'app did not answer'
check "runs column counts the failed repeat" "$md" '1/2 \(1 failed\)'
check "target table present" "$md" 'target req/s'
check "target verdict for async" "$md" '\*\*(met|NOT met)\*\*'
check "peak CPU from ticks (150 %)" "$md" '\| 150 \|'
check "peak heap from jstat (~180 MB)" "$md" '\| 180 \|'
check "html is self-contained (no external script/css)" "$html" '<style>'
if grep -Eq '<script|<link |https?://[^"]*\.(js|css)' "$html"; then echo "FAIL - html references external assets"; fail=1; else echo "ok   - html has no external assets"; fi
check "html has bar charts" "$html" 'Throughput \(req/s, higher is better\)'
check "html has line charts vs N" "$html" 'Throughput vs concurrency N'
check "html dashed no-latency lines" "$html" 'stroke-dasharray'
check "html links gatling reports" "$html" 'href="cells/[^"]*/gatling/fakesimulation-2026/index.html"'
check "html links jfr" "$html" 'href="cells/[^"]*/app.jfr"'
check "cells.tsv has all cells" "$RUN/cells.tsv" '^30	2	'
# every relative link in the HTML must exist
missing=0
while IFS= read -r href; do
  [[ -e "$RUN/$href" ]] || { echo "FAIL - broken link $href"; missing=1; }
done < <(grep -o 'href="[^"#][^"]*"' "$html" | sed 's/^href="//;s/"$//' | grep -v '^https\?:')
[[ $missing == 0 ]] && echo "ok   - every relative link in summary.html exists" || fail=1
if [[ $fail == 0 ]]; then echo "selftest: all checks passed"; else echo "selftest: FAILED"; fi
exit $fail
