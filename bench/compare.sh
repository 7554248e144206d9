#!/usr/bin/env bash
# bench/compare.sh: one command to compare shapes-lab's execution variants under Gatling load.
# Run `bench/compare.sh --help` for the options. Needs a JDK, bash, curl and Linux /proc; nothing else.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/bench"
JAR="$ROOT/target/shapes-lab-1.0.0-SNAPSHOT.jar"

# ---------------------------------------------------------------------------------------------------
# Defaults (all of them are flags)
# ---------------------------------------------------------------------------------------------------
VARIANTS="plain,rxjava,async,virtual"
BACKENDS=""                 # empty: each scenario's own backend
SCENARIOS="slow-backend,mixed"
USERS_LIST="100,1000"       # N of slow-backend
LATENCY="100ms"             # stub latency of slow-backend
LATENCY_MODE=""             # stub.latency-mode; empty: the app's default (auto: timer under async, else blocking)
BASELINE=1                  # also run slow-backend without latency
DURATION=10                 # slow-backend measured seconds
ENTITIES=320                # circles LatencyScalingSimulation creates before the load
MIXED_USERS=300
MIXED_RPS=1500
MIXED_RAMP=2
MIXED_HOLD=12
LIFE_USERS=20
LIFE_DURATION=15
WARMUP=3                    # seconds of the uncounted warm-up (0: none)
WARMUP_WITH="curl"          # curl: parallel curl batches; gatling: a short run of the same simulation
REPEAT=1
PORT=18080
H2_PORT_BENCH=19092
HEAP="1g"
EXTRA_JVM_OPTS=""
JDK_DIR=""
OUT=""
GATLING_MODE="direct"
SIM_OPTS=()
BUILD=1
START_TIMEOUT=120
STOP_ON_FAILURE=0
DRY_RUN=0
REPORT_ONLY=""

ORIG_ARGS="$*"

usage() {
  cat <<EOF
Usage: bench/compare.sh [options]

Runs a matrix of execution variants x backends x scenarios against the shapes-lab app, each cell on a
fresh app JVM, and writes target/bench/<timestamp>/summary.md and summary.html (charts, links to each
cell's Gatling report and JFR recording) plus raw per-cell data (cells/*/, cells.tsv).

Matrix
  --variants LIST        execution variants (default: $VARIANTS)
  --scenarios LIST       scenarios (default: $SCENARIOS), from:
                           slow-backend  LatencyScalingSimulation (GET by id, N closed-model users) on stub
                                         with --latency per operation at each N of --users, plus the same
                                         without latency (the baseline of the throughput target)
                                         ("scaling" is accepted as a name for it)
                           mixed         MixedCrudSimulation on the external H2 TCP server, paged lists
                           mixed-unpaged the same with --shapes.paging.default-limit=2147483647
                           lifecycle     CrudLifecycleSimulation on embedded H2 (checks every body)
  --backends LIST        run the selected scenarios on these backends instead of each scenario's own
                         (embedded, h2, stub); latency applies to stub only
  --users LIST           slow-backend concurrency N (default: $USERS_LIST)
  --latency DURATION     slow-backend stub latency, a Spring duration (default: $LATENCY)
  --latency-mode MODE    stub.latency-mode for every stub cell: auto, blocking or timer (timer needs the
                         async variant); default: the app's own (auto: a timer under async, else the
                         store blocks the calling thread)
  --no-baseline          skip the slow-backend cells without latency
  --repeat N             run the whole matrix N times; the report shows median (min-max) (default: $REPEAT)

Durations (seconds)
  --duration S           slow-backend measured run per cell (default: $DURATION)
  --entities N           circles created before a slow-backend run (default: $ENTITIES)
  --mixed-users N        mixed: virtual users (default: $MIXED_USERS)
  --mixed-rps N          mixed: throttle in req/s (default: $MIXED_RPS)
  --mixed-ramp S         mixed: ramp to the throttle (default: $MIXED_RAMP)
  --mixed-hold S         mixed: hold at the throttle (default: $MIXED_HOLD)
  --lifecycle-users N    lifecycle: virtual users (default: $LIFE_USERS)
  --lifecycle-duration S lifecycle: how long each user loops (default: $LIFE_DURATION)
  --warmup S             uncounted warm-up of S seconds before each measured run; 0 for none
                         (default: $WARMUP)
  --warmup-with HOW      curl: parallel curl batches of the scenario's requests (default; cheap)
                         gatling: a short run of the same simulation (one more Gatling JVM per cell)

App and tools
  --jdk DIR              JDK that runs the app (default: \$BENCH_JAVA_HOME, \$JAVA21_HOME, the newest
                         JDK 21+ under /usr/lib/jvm, or java on PATH if 21+; without a JDK 21+ the
                         virtual variant is skipped with a warning)
  --heap SIZE            app heap, -Xms = -Xmx (default: $HEAP)
  --jvm-opts "OPTS"      more app JVM options (appended)
  --port N               app port on 127.0.0.1 (default: $PORT)
  --h2-port N            H2 TCP server port for the h2 backend (default: $H2_PORT_BENCH)
  --gatling MODE         direct: run io.gatling.app.Gatling on the test classpath (default; saves the
                         Maven start-up per run); maven: ./mvnw -o gatling:test
  --sim-opt -Dk=v        extra system property for every simulation run (repeatable)
  --start-timeout S      how long to wait for the app to answer (default: $START_TIMEOUT)
  --no-build             use the existing target/ jar and classes (default: ./mvnw package first)
  --stop-on-failure      stop the matrix at the first failed cell (default: go on)
  --out DIR              run directory (default: target/bench/<timestamp>)

Other
  --dry-run              print the plan and the estimated duration, run nothing
  --report-only DIR      regenerate DIR/summary.md and summary.html from DIR's raw data
  -h, --help             this text

Examples
  bench/compare.sh                                   # default matrix: 20 cells, 12-15 minutes on 2 cores
  bench/compare.sh --variants plain,async --backends stub --scenarios scaling --duration 5 --warmup 2
  bench/compare.sh --scenarios mixed,mixed-unpaged,lifecycle --repeat 3
  bench/compare.sh --report-only target/bench/20260101-120000

Exit status: 0 when every cell ran and passed its Gatling assertions, 1 when a cell failed (the report
is still written for the cells that ran), 2 on a usage or set-up error, 130 when interrupted.
EOF
}

die() { echo "compare.sh: error: $*" >&2; exit 2; }
warn() { echo "compare.sh: warning: $*" >&2; }
log() { echo "[$(date +%H:%M:%S)] $*"; }

prop() { # prop FILE KEY VALUE: append a java.util.Properties line (the last value of a key wins)
  local v=$3
  v=${v//\\/\\\\}
  v=${v//$'\n'/ }
  printf '%s=%s\n' "$2" "$v" >>"$1"
}

need_arg() { [[ $# -ge 2 && -n "$2" ]] || die "option $1 needs a value (see --help)"; }
is_uint() { [[ "$1" =~ ^[0-9]+$ ]]; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --variants) need_arg "$@"; VARIANTS="$2"; shift 2 ;;
    --backends) need_arg "$@"; BACKENDS="$2"; shift 2 ;;
    --scenarios) need_arg "$@"; SCENARIOS="$2"; shift 2 ;;
    --users) need_arg "$@"; USERS_LIST="$2"; shift 2 ;;
    --latency) need_arg "$@"; LATENCY="$2"; shift 2 ;;
    --latency-mode) need_arg "$@"; LATENCY_MODE="$2"; shift 2 ;;
    --no-baseline) BASELINE=0; shift ;;
    --repeat) need_arg "$@"; REPEAT="$2"; shift 2 ;;
    --duration) need_arg "$@"; DURATION="$2"; shift 2 ;;
    --entities) need_arg "$@"; ENTITIES="$2"; shift 2 ;;
    --mixed-users) need_arg "$@"; MIXED_USERS="$2"; shift 2 ;;
    --mixed-rps) need_arg "$@"; MIXED_RPS="$2"; shift 2 ;;
    --mixed-ramp) need_arg "$@"; MIXED_RAMP="$2"; shift 2 ;;
    --mixed-hold) need_arg "$@"; MIXED_HOLD="$2"; shift 2 ;;
    --lifecycle-users) need_arg "$@"; LIFE_USERS="$2"; shift 2 ;;
    --lifecycle-duration) need_arg "$@"; LIFE_DURATION="$2"; shift 2 ;;
    --warmup) need_arg "$@"; WARMUP="$2"; shift 2 ;;
    --warmup-with) need_arg "$@"; WARMUP_WITH="$2"; shift 2 ;;
    --jdk) need_arg "$@"; JDK_DIR="$2"; shift 2 ;;
    --heap) need_arg "$@"; HEAP="$2"; shift 2 ;;
    --jvm-opts) [[ $# -ge 2 ]] || die "option --jvm-opts needs a value"; EXTRA_JVM_OPTS="$2"; shift 2 ;;
    --port) need_arg "$@"; PORT="$2"; shift 2 ;;
    --h2-port) need_arg "$@"; H2_PORT_BENCH="$2"; shift 2 ;;
    --gatling) need_arg "$@"; GATLING_MODE="$2"; shift 2 ;;
    --sim-opt) need_arg "$@"; SIM_OPTS+=("$2"); shift 2 ;;
    --start-timeout) need_arg "$@"; START_TIMEOUT="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --stop-on-failure) STOP_ON_FAILURE=1; shift ;;
    --out) need_arg "$@"; OUT="$2"; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    --report-only) need_arg "$@"; REPORT_ONLY="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done

# ---------------------------------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------------------------------
jdk_major() { # jdk_major DIR -> major version of the JDK in DIR, or nothing
  local d=$1 v=""
  [[ -x "$d/bin/java" ]] || return 0
  if [[ -f "$d/release" ]]; then
    v=$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$d/release")
  fi
  if [[ -z "$v" ]]; then
    v=$("$d/bin/java" -version 2>&1 | sed -n '1s/.*version "\([^"]*\)".*/\1/p')
  fi
  v=${v#1.}
  echo "${v%%[.+-]*}"
}

# The JDK and javac that run the report generator and, in direct mode, Gatling: the one Maven uses.
if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then TOOL_JAVA="$JAVA_HOME/bin/java"; else TOOL_JAVA="$(command -v java || true)"; fi
[[ -n "$TOOL_JAVA" ]] || die "no java found (set JAVA_HOME or put a JDK's bin on PATH)"
TOOL_JAVAC="$(dirname "$(readlink -f "$TOOL_JAVA")")/javac"
[[ -x "$TOOL_JAVAC" ]] || TOOL_JAVAC="$(command -v javac || true)"

REPORT_CLASSES="$ROOT/target/bench/.report-classes"
compile_report() {
  if [[ -n "$TOOL_JAVAC" && -x "$TOOL_JAVAC" ]]; then
    mkdir -p "$REPORT_CLASSES"
    if [[ ! -f "$REPORT_CLASSES/Report.class" || "$BENCH/Report.java" -nt "$REPORT_CLASSES/Report.class" ]]; then
      "$TOOL_JAVAC" -nowarn -d "$REPORT_CLASSES" "$BENCH/Report.java" || die "bench/Report.java does not compile"
    fi
  fi
}
report() { # report ARGS... (compiled if possible, else the source launcher)
  if [[ -f "$REPORT_CLASSES/Report.class" ]]; then
    "$TOOL_JAVA" -cp "$REPORT_CLASSES" Report "$@"
  else
    "$TOOL_JAVA" "$BENCH/Report.java" "$@"
  fi
}

if [[ -n "$REPORT_ONLY" ]]; then
  [[ -d "$REPORT_ONLY/cells" ]] || die "$REPORT_ONLY has no cells/ directory: not a run directory of bench/compare.sh"
  compile_report
  report "$REPORT_ONLY"
  exit $?
fi

# ---------------------------------------------------------------------------------------------------
# Validate the options
# ---------------------------------------------------------------------------------------------------
for n in REPEAT DURATION ENTITIES MIXED_USERS MIXED_RPS MIXED_RAMP MIXED_HOLD LIFE_USERS LIFE_DURATION WARMUP PORT H2_PORT_BENCH START_TIMEOUT; do
  is_uint "${!n}" || die "$(tr 'A-Z_' 'a-z-' <<<"$n") must be a non-negative integer, got '${!n}'"
done
((REPEAT >= 1)) || die "--repeat must be at least 1"
((DURATION >= 1 && MIXED_HOLD >= 1 && LIFE_DURATION >= 1)) || die "measured durations must be at least 1 s"
[[ "$GATLING_MODE" == direct || "$GATLING_MODE" == maven ]] || die "--gatling must be direct or maven"
[[ "$WARMUP_WITH" == curl || "$WARMUP_WITH" == gatling ]] || die "--warmup-with must be curl or gatling"
[[ -z "$LATENCY_MODE" || "$LATENCY_MODE" =~ ^(auto|blocking|timer)$ ]] || die "--latency-mode must be auto, blocking or timer"
[[ "$HEAP" =~ ^[0-9]+[kKmMgG]?$ ]] || die "--heap must look like 1g or 512m, got '$HEAP'"

to_ms() { # Spring-style duration -> milliseconds (100ms, 1s, 0, 250)
  local d=$1
  case "$d" in
    *ms) d=${d%ms}; is_uint "$d" && echo "$d" ;;
    *s) d=${d%s}; is_uint "$d" && echo $((d * 1000)) ;;
    *) is_uint "$d" && echo "$d" ;;
  esac
}
LATENCY_MS=$(to_ms "$LATENCY") || true
[[ -n "$LATENCY_MS" ]] || die "--latency must be a duration like 100ms or 1s, got '$LATENCY'"

IFS=',' read -r -a VARIANT_ARR <<<"$VARIANTS"
IFS=',' read -r -a SCENARIO_ARR <<<"$SCENARIOS"
IFS=',' read -r -a USERS_ARR <<<"$USERS_LIST"
BACKEND_ARR=()
[[ -n "$BACKENDS" ]] && IFS=',' read -r -a BACKEND_ARR <<<"$BACKENDS"
for v in "${VARIANT_ARR[@]}"; do
  case "$v" in plain|rxjava|async|virtual) ;; *) die "unknown variant '$v' (plain, rxjava, async, virtual)" ;; esac
done
for i in "${!SCENARIO_ARR[@]}"; do
  case "${SCENARIO_ARR[$i]}" in
    scaling|slow-backend) SCENARIO_ARR[$i]=slow-backend ;;
    mixed|mixed-unpaged|lifecycle) ;;
    *) die "unknown scenario '${SCENARIO_ARR[$i]}' (slow-backend, mixed, mixed-unpaged, lifecycle)" ;;
  esac
done
for b in "${BACKEND_ARR[@]}"; do
  case "$b" in embedded|h2|stub) ;; *) die "unknown backend '$b' (embedded, h2, stub)" ;; esac
done
for u in "${USERS_ARR[@]}"; do is_uint "$u" && ((u >= 1)) || die "--users must list positive integers, got '$USERS_LIST'"; done
((${#VARIANT_ARR[@]} > 0 && ${#SCENARIO_ARR[@]} > 0)) || die "nothing to run"

# ---------------------------------------------------------------------------------------------------
# The JDK that runs the app: the same for every variant, 21+ so that virtual threads exist
# ---------------------------------------------------------------------------------------------------
pick_jdk() {
  local c best="" best_v=0 v
  if [[ -n "$JDK_DIR" ]]; then
    [[ -x "$JDK_DIR/bin/java" ]] || die "--jdk $JDK_DIR has no bin/java"
    echo "$JDK_DIR"; return
  fi
  for c in "${BENCH_JAVA_HOME:-}" "${JAVA21_HOME:-}"; do
    [[ -n "$c" ]] || continue
    v=$(jdk_major "$c")
    if [[ -n "$v" ]] && ((v >= 21)); then echo "$c"; return; fi
    warn "ignoring $c: not a JDK 21+"
  done
  for c in /usr/lib/jvm/temurin-2* /usr/lib/jvm/jdk-2* /usr/lib/jvm/java-2*-openjdk*; do
    [[ -d "$c" ]] || continue
    v=$(jdk_major "$c")
    if [[ -n "$v" ]] && ((v >= 21 && v > best_v)); then best="$c"; best_v=$v; fi
  done
  if [[ -n "$best" ]]; then echo "$best"; return; fi
  # java on PATH: its home is two levels above the real binary
  echo "$(dirname "$(dirname "$(readlink -f "$TOOL_JAVA")")")"
}
APP_JDK="$(pick_jdk)"
APP_JAVA="$APP_JDK/bin/java"
APP_JDK_MAJOR="$(jdk_major "$APP_JDK")"
[[ -x "$APP_JAVA" ]] || die "no java in $APP_JDK"
APP_JCMD="$APP_JDK/bin/jcmd"
APP_JSTAT="$APP_JDK/bin/jstat"
[[ -x "$APP_JCMD" ]] || die "$APP_JDK has no jcmd (a JDK, not a JRE, is needed: JFR dumps use it)"
[[ -x "$APP_JSTAT" ]] || warn "$APP_JDK has no jstat: heap will not be sampled"
if [[ -z "$APP_JDK_MAJOR" ]] || ((APP_JDK_MAJOR < 21)); then
  kept=()
  for v in "${VARIANT_ARR[@]}"; do
    if [[ $v == virtual ]]; then
      warn "no JDK 21+ found (app JDK: $APP_JDK, Java $APP_JDK_MAJOR): skipping the virtual variant." \
        "Set BENCH_JAVA_HOME or use --jdk to include it."
    else kept+=("$v"); fi
  done
  VARIANT_ARR=("${kept[@]}")
  ((${#VARIANT_ARR[@]} > 0)) || die "no variant left to run"
fi
APP_JAVA_VERSION="$("$APP_JAVA" -version 2>&1 | head -1)"
APP_JVM_OPTS="-Xms$HEAP -Xmx$HEAP -XX:+UseG1GC -XX:+HeapDumpOnOutOfMemoryError${EXTRA_JVM_OPTS:+ $EXTRA_JVM_OPTS}"

# ---------------------------------------------------------------------------------------------------
# The matrix: one line per cell group, "scenario|backend|users|latency_ms"; variants vary inside it
# ---------------------------------------------------------------------------------------------------
scenario_backends() { # scenario_backends SCENARIO -> backends it runs on
  if ((${#BACKEND_ARR[@]} > 0)); then echo "${BACKEND_ARR[@]}"; return; fi
  case "$1" in
    slow-backend) echo stub ;;
    mixed|mixed-unpaged) echo h2 ;;
    lifecycle) echo embedded ;;
  esac
}
GROUPS_PLAN=()
for sc in "${SCENARIO_ARR[@]}"; do
  for be in $(scenario_backends "$sc"); do
    case "$sc" in
      slow-backend)
        lats=()
        if [[ $be == stub ]]; then
          ((LATENCY_MS > 0)) && lats+=("$LATENCY_MS")
          ((BASELINE == 1 || LATENCY_MS == 0)) && lats+=(0)
        else
          lats=(0)   # latency is a property of the stub backend only
        fi
        for lat in "${lats[@]}"; do
          for u in "${USERS_ARR[@]}"; do GROUPS_PLAN+=("$sc|$be|$u|$lat"); done
        done ;;
      mixed|mixed-unpaged) GROUPS_PLAN+=("$sc|$be|$MIXED_USERS|0") ;;
      lifecycle) GROUPS_PLAN+=("$sc|$be|$LIFE_USERS|0") ;;
    esac
  done
done

# Rough cost of one cell, in seconds, measured on a busy 2-core machine (load ~8 from other builds):
# app start ~13 s, each Gatling JVM ~8 s besides its load (start, report), the curl warm-up its
# seconds + ~2 s, JFR dump and stop ~4 s, H2 restart ~4 s; LatencyScaling's setup creates
# --entities circles 32 at a time, each taking the stub latency.
cell_seconds() { # cell_seconds SCENARIO BACKEND USERS LATENCY_MS
  local sc=$1 be=$2 lat=$4 load setup=0 t
  case "$sc" in
    slow-backend) load=$DURATION; setup=$(((ENTITIES + 31) / 32 * lat / 1000)) ;;
    mixed|mixed-unpaged) load=$((MIXED_RAMP + MIXED_HOLD)) ;;
    lifecycle) load=$((2 + LIFE_DURATION)) ;;
  esac
  t=$((13 + 8 + setup + load + 4))
  if ((WARMUP > 0)); then
    if [[ $WARMUP_WITH == gatling ]]; then t=$((t + 8 + setup + WARMUP)); else t=$((t + 2 + WARMUP)); fi
  fi
  [[ $be == h2 ]] && t=$((t + 4))
  echo "$t"
}

TOTAL_CELLS=$((${#GROUPS_PLAN[@]} * ${#VARIANT_ARR[@]} * REPEAT))
EST=0
for g in "${GROUPS_PLAN[@]}"; do
  IFS='|' read -r sc be u lat <<<"$g"
  EST=$((EST + $(cell_seconds "$sc" "$be" "$u" "$lat") * ${#VARIANT_ARR[@]}))
done
EST=$((EST * REPEAT + 30 + 15 * BUILD))   # + report, + an up-to-date build

fmt_dur() { local s=$1; if ((s >= 60)); then printf '%d min %02d s' $((s / 60)) $((s % 60)); else printf '%d s' "$s"; fi; }
group_params() { # group_params SCENARIO USERS LATENCY_MS -> display text
  case "$1" in
    slow-backend) if (($3 > 0)); then echo "N=$2, latency ${3}ms${LATENCY_MODE:+ ($LATENCY_MODE)}"; else echo "N=$2, no latency"; fi ;;
    mixed) echo "$2 users, ≤$MIXED_RPS req/s, paged lists" ;;
    mixed-unpaged) echo "$2 users, ≤$MIXED_RPS req/s, unpaged lists" ;;
    lifecycle) echo "$2 users" ;;
  esac
}

echo "shapes-lab benchmark plan"
echo "  app JVM      : $APP_JAVA ($APP_JAVA_VERSION)"
echo "  app options  : $APP_JVM_OPTS + JFR (settings=profile)"
echo "  variants     : ${VARIANT_ARR[*]}"
echo "  repeat       : $REPEAT"
echo "  durations    : warm-up ${WARMUP}s ($WARMUP_WITH); slow-backend ${DURATION}s, $ENTITIES entities; mixed ${MIXED_RAMP}+${MIXED_HOLD}s," \
  "$MIXED_USERS users, ≤$MIXED_RPS req/s; lifecycle ${LIFE_DURATION}s, $LIFE_USERS users"
echo "  gatling      : $GATLING_MODE"
printf '  %-3s %-14s %-9s %-42s %s\n' "#" scenario backend params "cells (one per variant)"
i=0
for g in "${GROUPS_PLAN[@]}"; do
  IFS='|' read -r sc be u lat <<<"$g"
  i=$((i + 1))
  printf '  %-3s %-14s %-9s %-42s %s x ~%s\n' "$i" "$sc" "$be" "$(group_params "$sc" "$u" "$lat")" "${#VARIANT_ARR[@]}" "$(fmt_dur "$(cell_seconds "$sc" "$be" "$u" "$lat")")"
done
echo "  => $TOTAL_CELLS cells, estimated duration $(fmt_dur "$EST")"
if ((DRY_RUN == 1)); then exit 0; fi

# ---------------------------------------------------------------------------------------------------
# Process bookkeeping: everything started is stopped by PID, also on Ctrl-C / SIGTERM
# ---------------------------------------------------------------------------------------------------
APP_PID=""; GATLING_PID=""; SAMPLER_PID=""; JSTAT_PID=""; BUILD_PID=""; H2_RUNNING=0
CUR_CELL_DIR=""; CELL_T0=0; INTERRUPTED=0; FAILED_CELLS=0

descendants() { # descendants PID -> PIDs of its children, grandchildren, ...
  local p c
  for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    echo "$c"
    descendants "$c"
  done
}
stop_pid() { # stop_pid PID [GRACE_SECONDS]: TERM, wait, then KILL; its descendants too
  local pid=$1 grace=${2:-10} kids i
  [[ -n "$pid" ]] || return 0
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }
  kids=$(descendants "$pid")
  kill -TERM "$pid" $kids 2>/dev/null
  for ((i = 0; i < grace * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    warn "PID $pid did not stop within ${grace}s: killing it"
    kill -KILL "$pid" 2>/dev/null
  fi
  for k in $kids; do kill -0 "$k" 2>/dev/null && kill -KILL "$k" 2>/dev/null; done
  wait "$pid" 2>/dev/null
  return 0
}

stop_samplers() {
  stop_pid "$SAMPLER_PID" 2; SAMPLER_PID=""
  stop_pid "$JSTAT_PID" 2; JSTAT_PID=""
}

H2_SCRIPT="$ROOT/h2/loadtesth2.sh"
H2_DATA="" # set once the run directory exists
h2_env() { env H2_PORT="$H2_PORT_BENCH" H2_DATA_DIR="$H2_DATA" "$@"; }
h2_stop() { # h2_stop LOGFILE
  ((H2_RUNNING == 1)) || return 0
  h2_env "$H2_SCRIPT" stop >>"${1:-/dev/null}" 2>&1 || warn "h2/loadtesth2.sh stop failed (see ${1:-its output})"
  H2_RUNNING=0
  # the server's own log lives in its data dir, which the next cell deletes: keep a copy with the cell
  [[ -n "${1:-}" && -f "$H2_DATA/h2.log" ]] && cp "$H2_DATA/h2.log" "$(dirname "$1")/h2-server.log"
  return 0
}

cleanup_processes() {
  stop_pid "$BUILD_PID" 5; BUILD_PID=""
  stop_pid "$GATLING_PID" 5; GATLING_PID=""
  stop_samplers
  if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then
    [[ -n "$CUR_CELL_DIR" ]] && "$APP_JCMD" "$APP_PID" JFR.dump name=bench filename="$CUR_CELL_DIR/app-exit.jfr" >/dev/null 2>&1
    stop_pid "$APP_PID" 20
  fi
  APP_PID=""
  h2_stop "${CUR_CELL_DIR:+$CUR_CELL_DIR/h2.log}"
}

on_signal() {
  ((INTERRUPTED == 1)) && return
  INTERRUPTED=1
  echo
  log "interrupted: stopping everything this run started (by PID) and writing the report of the cells that ran"
  cleanup_processes
  if [[ -n "$CUR_CELL_DIR" && -f "$CUR_CELL_DIR/cell.properties" ]]; then
    prop "$CUR_CELL_DIR/cell.properties" status interrupted
    prop "$CUR_CELL_DIR/cell.properties" error "run interrupted by a signal"
    [[ -s "$CUR_CELL_DIR/app-exit.jfr" ]] && prop "$CUR_CELL_DIR/cell.properties" jfr app-exit.jfr
    FAILED_CELLS=$((FAILED_CELLS + 1))
  fi
  finish 130
}
trap on_signal INT TERM HUP
trap cleanup_processes EXIT

# ---------------------------------------------------------------------------------------------------
# Pre-flight checks
# ---------------------------------------------------------------------------------------------------
port_busy() { # port_busy PORT -> 0 when something listens on it
  if command -v ss >/dev/null 2>&1; then
    [[ -n "$(ss -Hltn "sport = :$1" 2>/dev/null)" ]] && return 0
  fi
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
command -v curl >/dev/null || die "curl is needed (it polls the app until it is ready)"
[[ -r /proc/self/stat ]] || die "/proc is needed for the server-side samples (Linux)"
port_busy "$PORT" && die "port $PORT is busy (something listens on it): stop it or choose another with --port"
NEED_H2=0
for g in "${GROUPS_PLAN[@]}"; do [[ "$g" == *"|h2|"* ]] && NEED_H2=1; done
if ((NEED_H2 == 1)); then
  [[ -x "$H2_SCRIPT" ]] || die "the h2 backend needs h2/loadtesth2.sh (not found or not executable: merge main)"
  port_busy "$H2_PORT_BENCH" && die "H2 port $H2_PORT_BENCH is busy: stop what listens there or choose another with --h2-port"
fi

cd "$ROOT" || die "cannot cd to $ROOT"
STAMP="$(date +%Y%m%d-%H%M%S)"
[[ -n "$OUT" ]] || OUT="$ROOT/target/bench/$STAMP"
mkdir -p "$OUT/cells" || die "cannot create $OUT"
OUT="$(cd "$OUT" && pwd)"
H2_DATA="$OUT/h2-data"
RUN_START=$(date +%s)
compile_report

{
  prop /dev/stdout started "$(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  prop /dev/stdout command "bench/compare.sh${ORIG_ARGS:+ $ORIG_ARGS}"
  prop /dev/stdout host "$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg) at start"
  prop /dev/stdout app_java "$APP_JAVA ($APP_JAVA_VERSION)"
  prop /dev/stdout app_jvm_opts "$APP_JVM_OPTS -XX:StartFlightRecording=...,settings=profile"
  prop /dev/stdout gatling_mode "$GATLING_MODE ($TOOL_JAVA)"
  prop /dev/stdout matrix "variants ${VARIANT_ARR[*]}; scenarios ${SCENARIO_ARR[*]}; backends ${BACKENDS:-per scenario}; slow-backend N ${USERS_LIST}, latency $LATENCY (mode ${LATENCY_MODE:-app default}); $( ((BASELINE == 0)) && echo 'no baseline; ')repeat $REPEAT"
  prop /dev/stdout durations "warm-up ${WARMUP}s ($WARMUP_WITH); slow-backend ${DURATION}s ($ENTITIES entities); mixed ${MIXED_RAMP}s ramp + ${MIXED_HOLD}s hold, $MIXED_USERS users, ≤$MIXED_RPS req/s; lifecycle ${LIFE_DURATION}s, $LIFE_USERS users"
  prop /dev/stdout estimated_seconds "$EST"
  prop /dev/stdout git "$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$ROOT" status --porcelain 2>/dev/null | grep -q . && echo ' (uncommitted changes)') on $(git -C "$ROOT" rev-parse --abbrev-ref HEAD 2>/dev/null)"
} >"$OUT/run.properties"

finish() { # finish EXIT_CODE: report, summary line, exit
  local rc=$1 end
  [[ -n "$OUT" && -f "$OUT/run.properties" ]] || exit "$rc"   # stopped before the run directory existed
  end=$(date +%s)
  prop "$OUT/run.properties" measured_seconds $((end - RUN_START))
  prop "$OUT/run.properties" finished "$(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  ((INTERRUPTED == 1)) && prop "$OUT/run.properties" notes "interrupted: the report holds the cells that ran"
  trap - INT TERM HUP
  log "writing the report"
  report "$OUT" || warn "the report generator failed"
  log "done in $(fmt_dur $((end - RUN_START))) (estimated $(fmt_dur "$EST")); $FAILED_CELLS failed cell(s)"
  echo "  $OUT/summary.md"
  echo "  $OUT/summary.html"
  if ((rc == 0 && FAILED_CELLS > 0)); then rc=1; fi
  exit "$rc"
}

# ---------------------------------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------------------------------
if ((BUILD == 1)); then
  log "building the app and the simulations: ./mvnw -B -q -DskipTests package"
  ./mvnw -B -q -DskipTests package >"$OUT/build.log" 2>&1 </dev/null &
  BUILD_PID=$!
  wait "$BUILD_PID" || { BUILD_PID=""; tail -30 "$OUT/build.log" >&2; die "build failed (see $OUT/build.log)"; }
  BUILD_PID=""
fi
[[ -f "$JAR" ]] || die "$JAR is missing: build it with ./mvnw -DskipTests package (or drop --no-build)"
[[ -d "$ROOT/target/test-classes/dev/shapeslab/gatling" ]] || die "the Gatling simulations are not compiled (target/test-classes): drop --no-build"

GATLING_CP=""
if [[ $GATLING_MODE == direct ]]; then
  CPFILE="$ROOT/target/bench/gatling.classpath"
  if [[ ! -s "$CPFILE" || "$ROOT/pom.xml" -nt "$CPFILE" ]]; then
    log "resolving the Gatling classpath (once): ./mvnw dependency:build-classpath"
    ./mvnw -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$CPFILE" >"$OUT/classpath.log" 2>&1 </dev/null &
    BUILD_PID=$!
    wait "$BUILD_PID" || { BUILD_PID=""; tail -20 "$OUT/classpath.log" >&2; die "could not resolve the test classpath (see $OUT/classpath.log)"; }
    BUILD_PID=""
  fi
  GATLING_CP="$ROOT/target/test-classes:$ROOT/target/classes:$(cat "$CPFILE")"
fi

# ---------------------------------------------------------------------------------------------------
# One cell
# ---------------------------------------------------------------------------------------------------
run_gatling() { # run_gatling RESULTS_DIR LOG SIM_CLASS REPORTS(yes|no) -Dprops...
  local results=$1 logf=$2 sim=$3 reports=$4 rc before="" d
  shift 4
  mkdir -p "$results"
  local props=("-DbaseUrl=http://127.0.0.1:$PORT" "$@" "${SIM_OPTS[@]}")
  if [[ $GATLING_MODE == direct ]]; then
    local args=(-s "dev.shapeslab.gatling.$sim" -rf "$results" -l bench)
    [[ $reports == no ]] && args+=(-nr)
    echo "+ java ... io.gatling.app.Gatling ${args[*]} ${props[*]}" >"$logf"
    "$TOOL_JAVA" -Xmx1G -XX:+HeapDumpOnOutOfMemoryError -XX:MaxInlineLevel=20 -XX:MaxTrivialSize=12 \
      --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED \
      -Duser.language=en -Duser.country=US -Dlogback.configurationFile="$BENCH/gatling-logback.xml" \
      "${props[@]}" -cp "$GATLING_CP" io.gatling.app.Gatling "${args[@]}" >>"$logf" 2>&1 </dev/null &
  else
    local margs=(-B -o gatling:test "-Dgatling.simulationClass=dev.shapeslab.gatling.$sim" -Duser.language=en -Duser.country=US)
    [[ $reports == no ]] && margs+=(-Dgatling.noReports=true)
    echo "+ ./mvnw ${margs[*]} ${props[*]}" >"$logf"
    # the plugin writes to target/gatling (its resultsFolder has no user property): note what is there
    before=$(ls -1 "$ROOT/target/gatling" 2>/dev/null)
    ./mvnw "${margs[@]}" "${props[@]}" >>"$logf" 2>&1 </dev/null &
  fi
  GATLING_PID=$!
  wait "$GATLING_PID"
  rc=$?
  GATLING_PID=""
  if [[ $GATLING_MODE == maven ]]; then
    # move this run's results directory from target/gatling to the cell
    for d in $(ls -1 "$ROOT/target/gatling" 2>/dev/null); do
      [[ -d "$ROOT/target/gatling/$d" ]] || continue
      grep -qxF "$d" <<<"$before" || mv "$ROOT/target/gatling/$d" "$results/"
    done
  fi
  return $rc
}

start_samplers() { # start_samplers CELL_DIR: 1 s samples of the app process while the measured run lasts
  local dir=$1 pid=$APP_PID
  (
    trap 'exit 0' TERM
    echo -e "t_ms\tthreads\trss_kb\tcpu_ticks"
    while [[ -r /proc/$pid/stat ]]; do
      stat=$(</proc/$pid/stat) || break
      rest=${stat##*) }
      read -r -a f <<<"$rest"
      thr=$(awk '/^Threads:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
      rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
      now=${EPOCHREALTIME/[.,]/}
      echo -e "${now:0:-3}\t${thr:-0}\t${rss:-0}\t$((f[11] + f[12]))"
      sleep 1
    done
  ) >"$dir/samples.tsv" 2>/dev/null &
  SAMPLER_PID=$!
  if [[ -x "$APP_JSTAT" ]]; then
    "$APP_JSTAT" -J-Duser.language=en -J-Duser.country=US -gc -t "$pid" 1000 >"$dir/jstat.txt" 2>&1 </dev/null &
    JSTAT_PID=$!
  fi
}

wait_ready() { # wait_ready CELL_DIR -> 0 when GET /circles?limit=1 answers 200
  local dir=$1 deadline code
  deadline=$(($(date +%s) + START_TIMEOUT))
  while (($(date +%s) < deadline)); do
    if ! kill -0 "$APP_PID" 2>/dev/null; then
      local why
      # Spring Boot's failure analysis says why in the line after "Description:"
      why=$(sed -n '/^Description:/,/^Action:/p' "$dir/app.log" | sed '1d;$d' | grep -v '^[[:space:]]*$' | head -2 | paste -sd ' ' -)
      CELL_ERROR="app exited during start-up (exit status $(wait "$APP_PID"; echo $?))${why:+: $why}"
      return 1
    fi
    code=$(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$PORT/circles?limit=1" 2>/dev/null)
    [[ "$code" == 200 ]] && return 0
    sleep 0.5
  done
  CELL_ERROR="app did not answer 200 on http://127.0.0.1:$PORT/circles?limit=1 within ${START_TIMEOUT}s (last status: ${code:-none})"
  return 1
}

# The curl warm-up: for SECONDS (and at most 200 rounds), parallel curl batches of the requests the
# scenario sends: creates of each entity type, GET by id of existing circles, lists. Not counted.
warmup_curl() { # warmup_curl CELL_DIR SCENARIO USERS SECONDS
  local dir=$1 sc=$2 users=$3 secs=$4 base="http://127.0.0.1:$PORT" wd="$1/warmup" par deadline rounds=0 t id ids
  mkdir -p "$wd"
  printf '%s\n' '{"colour":"warm-up","position":{"x":1.5,"y":-2.25},"radius":7}' >"$wd/circle.json"
  printf '%s\n' '{"colour":"warm-up","position":{"x":3.0,"y":4.0},"width":10,"height":20}' >"$wd/rectangle.json"
  printf '%s\n' '{"name":"warm-up","shapes":[{"shapeType":"circle","colour":"a","position":{"x":1.0,"y":2.0},"radius":3},{"shapeType":"rectangle","colour":"b","position":{"x":0.5,"y":0.5},"width":4,"height":5},{"shapeType":"circle","colour":"c","position":{"x":-1.0,"y":0.0},"radius":9}]}' >"$wd/drawing.json"
  par=$((users < 64 ? users : 64))
  posts() { # posts TYPE COUNT: curl config lines
    echo "next"; echo 'request = "POST"'; echo 'header = "Content-Type: application/json"'
    echo "data = \"@$wd/$1.json\""; echo 'write-out = "%{http_code}\n"'
    for ((k = 0; k < $2; k++)); do echo "url = \"$base/${1}s\""; echo 'output = "/dev/null"'; done
  }
  gets() { # gets URL... : curl config lines
    echo "next"; echo 'write-out = "%{http_code}\n"'
    for u in "$@"; do echo "url = \"$u\""; echo 'output = "/dev/null"'; done
  }
  { echo 'url = "'"$base"'/circles?limit=1"'; echo 'output = "/dev/null"'; posts circle 64; } >"$wd/setup.cfg"
  [[ $sc != slow-backend ]] && { posts rectangle 16; posts drawing 16; } >>"$wd/setup.cfg"
  curl --no-progress-meter -Z --parallel-max "$par" -K "$wd/setup.cfg" >>"$wd/codes.txt" 2>>"$wd/curl.log"
  ids=$(curl -s -m 10 "$base/circles?limit=200" | grep -o '"id":[0-9]*' | cut -d: -f2)
  {
    case "$sc" in
      slow-backend)
        local urls=()
        for ((k = 0; k < 4; k++)); do for id in $ids; do urls+=("$base/circles/$id"); done; done
        gets "${urls[@]}" ;;
      mixed|mixed-unpaged)
        posts circle 8; posts rectangle 8; posts drawing 8
        local urls=()
        for ((k = 0; k < 8; k++)); do urls+=("$base/circles" "$base/rectangles" "$base/drawings"); done
        gets "${urls[@]}" ;;
      lifecycle)
        posts circle 8; posts rectangle 8; posts drawing 8
        local urls=()
        for id in $ids; do urls+=("$base/circles/$id"); done
        for ((k = 0; k < 4; k++)); do urls+=("$base/circles/0" "$base/rectangles?limit=10" "$base/drawings?limit=10"); done
        gets "${urls[@]}" ;;
    esac
  } | tail -n +2 >"$wd/round.cfg"
  deadline=$(($(date +%s%N) / 1000000 + secs * 1000))
  while (($(date +%s%N) / 1000000 < deadline && rounds < 200)); do
    curl --no-progress-meter -Z --parallel-max "$par" -K "$wd/round.cfg" >>"$wd/codes.txt" 2>>"$wd/curl.log"
    rounds=$((rounds + 1))
    ((INTERRUPTED == 1)) && return 1
  done
  local total ok
  total=$(grep -c . "$wd/codes.txt")
  ok=$(grep -c '^2' "$wd/codes.txt")
  {
    echo "curl warm-up: $rounds rounds, $total requests, $ok answered 2xx, parallel $par, ${secs}s"
    sort "$wd/codes.txt" | uniq -c | sed 's/^/  status /'
  } >"$dir/warmup.log"
  rm -f "$wd/codes.txt"
  log "  warm-up done: $total requests ($ok 2xx) in $rounds curl rounds"
  ((ok > 0))
}

cell_fail() { # cell_fail CELL_DIR MESSAGE [LOG [STATUS]]: record and print a failure
  local dir=$1 msg=$2 logf=${3:-} status=${4:-failed}
  prop "$dir/cell.properties" status "$status"
  prop "$dir/cell.properties" error "$msg"
  echo "  FAILED: $msg" >&2
  if [[ -n "$logf" && -f "$logf" ]]; then
    echo "  --- last lines of $logf ---" >&2
    tail -25 "$logf" | sed 's/^/  | /' >&2
  fi
}

SEQ=0
run_cell() { # run_cell REPEAT SCENARIO BACKEND USERS LATENCY_MS VARIANT
  local rep=$1 sc=$2 be=$3 users=$4 lat=$5 variant=$6
  local sim params desc simprops=() warmprops=() appargs=() id dir t0 rc status err
  SEQ=$((SEQ + 1))
  id=$(printf '%03d-%s-%s-%s-n%s' "$SEQ" "$sc" "$variant" "$be" "$users")
  [[ $sc == slow-backend ]] && id+="-lat$lat"
  ((REPEAT > 1)) && id+="-r$rep"
  dir="$OUT/cells/$id"
  mkdir -p "$dir"
  CUR_CELL_DIR="$dir"
  CELL_ERROR=""
  t0=$(date +%s)
  CELL_T0=$t0
  params=$(group_params "$sc" "$users" "$lat")
  case "$sc" in
    slow-backend)
      sim=LatencyScalingSimulation
      desc="LatencyScalingSimulation: N concurrent users loop over GET /circles/{id} of $ENTITIES pre-created circles for ${DURATION}s (closed model), on the stub backend with and without injected latency."
      simprops=(-Dusers="$users" -DdurationSeconds="$DURATION" -Dentities="$ENTITIES")
      warmprops=(-Dusers="$users" -DdurationSeconds="$WARMUP" -Dentities="$ENTITIES") ;;
    mixed|mixed-unpaged)
      sim=MixedCrudSimulation
      desc="MixedCrudSimulation: $users users loop over create circle/rectangle/drawing and list circles/rectangles/drawings, throttled to $MIXED_RPS req/s (${MIXED_RAMP}s ramp + ${MIXED_HOLD}s hold)."
      [[ $sc == mixed-unpaged ]] && desc+=" Lists unpaged (shapes.paging.default-limit=2147483647): they grow with the data." \
        || desc+=" Lists use the server's default page size."
      simprops=(-Dusers="$users" -Drps="$MIXED_RPS" -DrampSeconds="$MIXED_RAMP" -DholdSeconds="$MIXED_HOLD")
      warmprops=(-Dusers="$users" -Drps="$MIXED_RPS" -DrampSeconds=1 -DholdSeconds="$WARMUP")
      [[ $sc == mixed-unpaged ]] && appargs+=(--shapes.paging.default-limit=2147483647) ;;
    lifecycle)
      sim=CrudLifecycleSimulation
      desc="CrudLifecycleSimulation: $users users each repeat create/read/update/read/delete/read-404 for ${LIFE_DURATION}s, checking every status and body."
      simprops=(-Dusers="$users" -DrampSeconds=2 -DdurationSeconds="$LIFE_DURATION")
      warmprops=(-Dusers="$users" -DrampSeconds=1 -DdurationSeconds="$WARMUP") ;;
  esac
  case "$be" in
    h2) appargs+=(--shapes.h2.host=127.0.0.1 --shapes.h2.port="$H2_PORT_BENCH") ;;
    stub)
      appargs+=(--stub.latency="${lat}ms")
      [[ -n "$LATENCY_MODE" ]] && appargs+=(--stub.latency-mode="$LATENCY_MODE") ;;
  esac
  local app_cmd=("$APP_JAVA" $APP_JVM_OPTS
    "-XX:StartFlightRecording=name=bench,filename=$dir/app-exit.jfr,settings=profile,dumponexit=true"
    -jar "$JAR" --server.port="$PORT" --server.address=127.0.0.1
    --spring.profiles.active="$variant,$be" "${appargs[@]}")

  {
    prop /dev/stdout id "$id"; prop /dev/stdout seq "$SEQ"; prop /dev/stdout repeat "$rep"
    prop /dev/stdout scenario "$sc"; prop /dev/stdout scenario_desc "$desc"
    prop /dev/stdout variant "$variant"; prop /dev/stdout backend "$be"
    prop /dev/stdout users "$users"; prop /dev/stdout latency_ms "$lat"; prop /dev/stdout params "$params"
    prop /dev/stdout simulation "$sim"; prop /dev/stdout sim_props "${simprops[*]} ${SIM_OPTS[*]}"
    prop /dev/stdout warmup_props "$( ((WARMUP > 0)) && echo "${warmprops[*]}" || echo none)"
    prop /dev/stdout java_version "$APP_JAVA_VERSION"; prop /dev/stdout jvm_opts "$APP_JVM_OPTS"
    prop /dev/stdout app_command "${app_cmd[*]}"
    prop /dev/stdout clk_tck "$(getconf CLK_TCK 2>/dev/null || echo 100)"
    prop /dev/stdout started "$(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    prop /dev/stdout status running
  } >"$dir/cell.properties"

  echo
  log "cell $SEQ/$TOTAL_CELLS: $sc · $variant · $be · $params$( ((REPEAT > 1)) && echo " · repeat $rep/$REPEAT")"

  # --- H2 TCP server, fresh data ---
  if [[ $be == h2 ]]; then
    h2_env "$H2_SCRIPT" stop >>"$dir/h2.log" 2>&1
    rm -rf "$H2_DATA"
    if h2_env "$H2_SCRIPT" start >>"$dir/h2.log" 2>&1; then
      H2_RUNNING=1
      log "  H2 TCP server on 127.0.0.1:$H2_PORT_BENCH, fresh data dir $H2_DATA"
    else
      cell_fail "$dir" "h2/loadtesth2.sh start failed" "$dir/h2.log"
      return 1
    fi
  fi

  # --- app ---
  local i
  for ((i = 0; i < 50; i++)); do port_busy "$PORT" || break; sleep 0.2; done
  if port_busy "$PORT"; then
    cell_fail "$dir" "port $PORT is still busy before the app start (previous app not gone, or another process took it)"
    h2_stop "$dir/h2.log"
    return 1
  fi
  "${app_cmd[@]}" >"$dir/app.log" 2>&1 </dev/null &
  APP_PID=$!
  if ! wait_ready "$dir"; then
    cell_fail "$dir" "$CELL_ERROR" "$dir/app.log"
    cleanup_processes
    return 1
  fi
  local started_variant
  started_variant=$(sed -n 's/.*Execution variant: \([a-z0-9]*\).*/\1/p' "$dir/app.log" | head -1)
  if [[ -n "$started_variant" && "$started_variant" != "$variant" ]]; then
    cell_fail "$dir" "asked for variant $variant but the app reports '$started_variant'" "$dir/app.log"
    cleanup_processes
    return 1
  fi
  prop "$dir/cell.properties" app_variant "$(grep -o 'Execution variant: .*' "$dir/app.log" | head -1)"
  prop "$dir/cell.properties" app_backend "$(grep -o 'Backend: .*' "$dir/app.log" | head -1)"
  "$APP_JCMD" "$APP_PID" VM.flags >"$dir/vm-flags.txt" 2>&1
  local maxheap
  maxheap=$(grep -o 'MaxHeapSize=[0-9]*' "$dir/vm-flags.txt" | head -1 | cut -d= -f2)
  log "  app pid $APP_PID up after $(($(date +%s) - t0))s: $APP_JAVA_VERSION; max heap $((${maxheap:-0} / 1048576)) MiB;" \
    "$APP_JVM_OPTS; profiles $variant,$be ${appargs[*]}"
  prop "$dir/cell.properties" max_heap_bytes "${maxheap:-}"

  # --- warm-up (not counted) ---
  if ((WARMUP > 0)); then
    if [[ $WARMUP_WITH == gatling ]]; then
      log "  warm-up: $sim ${warmprops[*]} (not counted)"
      run_gatling "$dir/gatling-warmup" "$dir/gatling-warmup.log" "$sim" no "${warmprops[@]}"
      rc=$?
      ((INTERRUPTED == 1)) && return 1
      if ((rc != 0)); then
        warn "warm-up exited with $rc (see $dir/gatling-warmup.log); measuring anyway"
        prop "$dir/cell.properties" warmup_rc "$rc"
      fi
    else
      log "  warm-up: ${WARMUP}s of parallel curl requests (not counted)"
      warmup_curl "$dir" "$sc" "$users" "$WARMUP" || warn "the warm-up got no 2xx answer (see $dir/warmup.log, $dir/warmup/curl.log); measuring anyway"
      ((INTERRUPTED == 1)) && return 1
    fi
    if ! kill -0 "$APP_PID" 2>/dev/null; then
      cell_fail "$dir" "app died during the warm-up" "$dir/app.log"
      cleanup_processes
      return 1
    fi
  fi

  # --- measured run, with server-side samples ---
  log "  measure: $sim ${simprops[*]} ${SIM_OPTS[*]}"
  local begin
  begin=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  prop "$dir/cell.properties" measure_begin "$begin"
  prop "$dir/cell.properties" load_before "$(cut -d' ' -f1-3 /proc/loadavg)"
  start_samplers "$dir"
  run_gatling "$dir/gatling" "$dir/gatling.log" "$sim" yes "${simprops[@]}"
  rc=$?
  stop_samplers
  ((INTERRUPTED == 1)) && return 1
  prop "$dir/cell.properties" gatling_rc "$rc"
  prop "$dir/cell.properties" load_after "$(cut -d' ' -f1-3 /proc/loadavg)"

  # the Gatling report of the measured run (run_gatling put its results directory under the cell)
  local index=""
  index=$(find "$dir/gatling" -mindepth 2 -maxdepth 2 -name index.html 2>/dev/null | head -1)
  [[ -n "$index" ]] && prop "$dir/cell.properties" gatling_report "${index#"$dir"/}"

  # --- JFR dump of the measured run, then stop the app (and H2) ---
  if kill -0 "$APP_PID" 2>/dev/null; then
    "$APP_JCMD" "$APP_PID" JFR.dump name=bench begin="$begin" filename="$dir/app.jfr" >"$dir/jfr-dump.log" 2>&1 \
      || warn "JFR.dump failed (see $dir/jfr-dump.log); the whole recording is written to app-exit.jfr when the app exits"
    stop_pid "$APP_PID" 20
    APP_PID=""
  else
    err="app died during the measured run"
  fi
  h2_stop "$dir/h2.log"
  if [[ -s "$dir/app.jfr" ]]; then
    # the recording of the measured run is kept; the whole-lifetime one written at exit is only a fallback
    rm -f "$dir/app-exit.jfr"
    prop "$dir/cell.properties" jfr app.jfr
  elif [[ -s "$dir/app-exit.jfr" ]]; then
    prop "$dir/cell.properties" jfr app-exit.jfr
  fi

  # --- verdict ---
  if ! grep -q -- '---- Global Information' "$dir/gatling.log"; then
    cell_fail "$dir" "${err:-Gatling printed no Global Information (exit status $rc)}" "$dir/gatling.log"
    return 1
  elif [[ -n "${err:-}" ]]; then
    cell_fail "$dir" "$err" "$dir/app.log"
    return 1
  elif ((rc != 0)); then
    local why
    why=$(grep -E ': false$|assertion|Assertion' "$dir/gatling.log" | grep -v '^+' | head -2 | tr -s ' ' | paste -sd ';' -)
    cell_fail "$dir" "Gatling exited with $rc${why:+: $why}" "" assertion-failed
    report --cell "$dir" | sed 's/^/  /'
    return 1
  fi
  prop "$dir/cell.properties" status ok
  prop "$dir/cell.properties" seconds $(($(date +%s) - t0))
  report --cell "$dir" | sed 's/^/  /'
  return 0
}

# ---------------------------------------------------------------------------------------------------
# The matrix: repeats outermost, so that drift of a shared machine spreads over all cells
# ---------------------------------------------------------------------------------------------------
log "run directory: $OUT"
for ((rep = 1; rep <= REPEAT; rep++)); do
  for g in "${GROUPS_PLAN[@]}"; do
    IFS='|' read -r sc be u lat <<<"$g"
    for variant in "${VARIANT_ARR[@]}"; do
      if ! run_cell "$rep" "$sc" "$be" "$u" "$lat" "$variant"; then
        ((INTERRUPTED == 1)) && finish 130
        FAILED_CELLS=$((FAILED_CELLS + 1))
        prop "$CUR_CELL_DIR/cell.properties" seconds $(($(date +%s) - CELL_T0))
        if ((STOP_ON_FAILURE == 1)); then
          warn "stopping at the first failed cell (--stop-on-failure)"
          cleanup_processes
          finish 1
        fi
      fi
      CUR_CELL_DIR=""
    done
  done
done
cleanup_processes
finish 0
