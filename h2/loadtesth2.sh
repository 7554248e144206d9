#!/usr/bin/env bash
# Starts or stops the external H2 TCP server that the app's "h2" profile uses.
#
#   h2/loadtesth2.sh [start] [--web]   start in the background, wait until it listens, print the JDBC URL
#   h2/loadtesth2.sh stop              stop the server this script started (by its recorded PID)
#   h2/loadtesth2.sh status            say whether it runs
#
# Environment: H2_PORT (1521), H2_HEAP (512m, the server's -Xmx), H2_DATA_DIR (h2/data),
#              H2_WEB_PORT (8082, only with --web), JAVA_HOME (else the java on the PATH).
#
# The server runs the H2 jar that Maven resolves for this project, listens on loopback only, and creates
# databases on first connection (-ifNotExists). Whoever creates an H2 database becomes its admin and an
# admin can run Java code in the server (CREATE ALIAS), so that flag is only ever combined with a loopback
# bind: never add -tcpAllowOthers here. The web console (remote code execution CVEs in the past) is off
# unless --web asks for it, and then it too listens on loopback only.
set -euo pipefail

project_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_dir"

port=${H2_PORT:-1521}
heap=${H2_HEAP:-512m}
data_dir=${H2_DATA_DIR:-h2/data}
web_port=${H2_WEB_PORT:-8082}
pid_file="$data_dir/h2.pid"
log_file="$data_dir/h2.log"
java_cmd=${JAVA_HOME:+$JAVA_HOME/bin/}java

die() { echo "loadtesth2: $*" >&2; exit 1; }

running_pid() {
    [[ -f $pid_file ]] || return 1
    local pid
    pid=$(<"$pid_file")
    # The PID must still be this H2 server, not a process that reused the number.
    [[ -r /proc/$pid/cmdline ]] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q 'org.h2.tools.Server' || return 1
    echo "$pid"
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

h2_jar() {
    # The jar of the H2 version the pom pins, resolved (and downloaded once) by Maven.
    local classpath_file=target/h2.classpath
    if [[ ! -s $classpath_file ]] || [[ ! -f $(<"$classpath_file") ]]; then
        mkdir -p target
        ./mvnw -B -q dependency:build-classpath -DincludeArtifactIds=h2 \
            -Dmdep.outputFile="$classpath_file" >&2 || die "Maven could not resolve the H2 jar"
    fi
    cat "$classpath_file"
}

start() {
    local web=()
    for arg in "$@"; do
        case $arg in
            --web) web=(-web -webPort "$web_port") ;;
            *) die "unknown option '$arg' (try --web)" ;;
        esac
    done
    if pid=$(running_pid); then
        echo "H2 already running (PID $pid) on port $port"
        echo "JDBC URL: jdbc:h2:tcp://localhost:$port/./shapes"
        return 0
    fi
    if listening "$port"; then
        die "port $port is already in use; choose another with H2_PORT=..."
    fi
    local jar
    jar=$(h2_jar)
    mkdir -p "$data_dir"
    # -Dh2.bindAddress binds the sockets to loopback (without it H2 refuses remote clients but still
    # listens on every interface).
    nohup "$java_cmd" "-Xmx$heap" -Dh2.bindAddress=127.0.0.1 -cp "$jar" org.h2.tools.Server \
        -tcp -tcpPort "$port" -ifNotExists -baseDir "$data_dir" "${web[@]}" >"$log_file" 2>&1 &
    local pid=$!
    echo "$pid" >"$pid_file"
    for _ in $(seq 1 60); do
        if listening "$port"; then
            echo "H2 $(basename "$jar" .jar) running (PID $pid), data in $data_dir, heap $heap, log $log_file"
            [[ ${#web[@]} -gt 0 ]] && echo "Web console: http://127.0.0.1:$web_port (loopback only)"
            echo "JDBC URL: jdbc:h2:tcp://localhost:$port/./shapes"
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || { cat "$log_file" >&2; rm -f "$pid_file"; die "H2 exited during start-up"; }
        sleep 0.5
    done
    kill "$pid" 2>/dev/null || true
    rm -f "$pid_file"
    die "H2 did not listen on port $port within 30 s; see $log_file"
}

stop() {
    local pid
    if ! pid=$(running_pid); then
        rm -f "$pid_file"
        echo "H2 is not running"
        return 0
    fi
    kill "$pid"
    for _ in $(seq 1 40); do
        kill -0 "$pid" 2>/dev/null || { rm -f "$pid_file"; echo "H2 stopped (PID $pid)"; return 0; }
        sleep 0.25
    done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pid_file"
    echo "H2 did not stop within 10 s and was killed (PID $pid)"
}

status() {
    if pid=$(running_pid); then
        echo "H2 running (PID $pid) on port $port; JDBC URL: jdbc:h2:tcp://localhost:$port/./shapes"
    else
        echo "H2 is not running"
        return 1
    fi
}

command=${1:-start}
[[ $# -gt 0 ]] && shift
case $command in
    start) start "$@" ;;
    stop) stop ;;
    status) status ;;
    -h|--help|help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command '$command' (start, stop, status)" ;;
esac
