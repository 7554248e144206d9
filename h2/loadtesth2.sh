#!/usr/bin/env bash
# Starts or stops the external H2 TCP server that the app's "h2" profile uses.
#
#   h2/loadtesth2.sh [start] [--web]   start in the background, wait until it listens, print the JDBC URL
#   h2/loadtesth2.sh stop              stop the server this script started (by its recorded PID)
#   h2/loadtesth2.sh status            say whether it runs
#
# Environment: H2_PORT (1521), H2_HEAP (512m, the server's -Xmx), H2_DATA_DIR (h2/data),
#              H2_WEB_PORT (8082, only with --web), H2_JAR (else the H2 jar Maven resolves for this project),
#              JAVA_HOME (else the java on the PATH).
#
# The server listens on loopback only and serves only the database "shapes" that this script creates
# locally before the first start; it runs without -ifNotExists, so nobody can create a database over TCP
# (whoever creates an H2 database becomes its admin, and an admin can run Java code in the server with
# CREATE ALIAS). The database's user is sa, with a random password the script generates once and keeps
# in $H2_DATA_DIR/secrets/spring.datasource.password (the directory 700, the file 600), which the app's
# "h2" profile reads. To use your own password, write it into that file before the first start.
# A database made by an earlier version of this script (empty password) gets a generated password.
# Never add -tcpAllowOthers here. The web console (remote code execution CVEs in the past) is off unless
# --web asks for it, and then it too listens on loopback only.
set -euo pipefail

project_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_dir"

port=${H2_PORT:-1521}
heap=${H2_HEAP:-512m}
data_dir=${H2_DATA_DIR:-h2/data}
web_port=${H2_WEB_PORT:-8082}
database=shapes
pid_file="$data_dir/h2.pid"
log_file="$data_dir/h2.log"
secrets_dir="$data_dir/secrets"
# The file's name is the property it sets: the h2 profile imports the directory as a Spring config tree.
password_file="$secrets_dir/spring.datasource.password"
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
    if [[ -n ${H2_JAR:-} ]]; then
        [[ -f $H2_JAR && -r $H2_JAR ]] || die "H2_JAR=$H2_JAR is not a readable file"
        echo "$H2_JAR"
        return
    fi
    # The jar of the H2 version the pom pins, resolved (and downloaded once) by Maven.
    local classpath_file=target/h2.classpath jar
    if [[ ! -s $classpath_file ]] || [[ ! -f $(<"$classpath_file") ]]; then
        mkdir -p target 2>/dev/null || die "cannot create $project_dir/target for the H2 jar's path"
        ./mvnw -B -q dependency:build-classpath -DincludeArtifactIds=h2 -Dmdep.outputFile="$classpath_file" >&2 \
            || die "Maven could not resolve the H2 jar (com.h2database:h2); see its output above, or set H2_JAR=<path to an h2 jar>"
    fi
    jar=$(<"$classpath_file")
    [[ $jar == *.jar && -f $jar ]] \
        || die "Maven resolved no H2 jar ('$jar' in $classpath_file); delete that file to resolve again, or set H2_JAR"
    echo "$jar"
}

# The data directory holds the database, the password, the log and the PID: its owner's alone.
prepare_data_dir() {
    if [[ ! -d $data_dir ]]; then
        mkdir -p -m 700 "$data_dir" 2>/dev/null || die "cannot create the data directory $data_dir (H2_DATA_DIR)"
    fi
    local probe="$data_dir/.write-test.$$"
    if ! { : >"$probe"; } 2>/dev/null; then
        die "cannot write to the data directory $data_dir (H2_DATA_DIR) as $(id -un)"
    fi
    rm -f "$probe"
    chmod 700 "$data_dir" 2>/dev/null || die "cannot make the data directory $data_dir private (chmod 700); is it $(id -un)'s?"
    mkdir -p -m 700 "$secrets_dir" 2>/dev/null && chmod 700 "$secrets_dir" \
        || die "cannot create the directory $secrets_dir for the database password"
}

# Runs SQL as sa on the database file directly (embedded, the server not running), from a script file so
# that no password appears on a command line. H2's exception is reduced to its message.
run_sql() {
    local jar=$1 url=$2 password=$3 sql=$4 script="$data_dir/.setup-$$.sql" output
    printf '%s\n' "$sql" >"$script"
    if output=$("$java_cmd" -cp "$jar" org.h2.tools.RunScript -url "$url" -user sa -password "$password" \
            -script "$script" 2>&1); then
        rm -f "$script"
        return 0
    fi
    rm -f "$script"
    printf '%s\n' "$output" | sed 's/^Exception in thread "main" //' | grep -v -m1 '^[[:space:]]*at ' >&2 || true
    return 1
}

set_password_sql() {
    local password=$1
    echo "ALTER USER SA SET PASSWORD '${password//\'/\'\'}';"
}

# Creates the database before the server first starts (the server itself creates none), and makes sure
# its password is in $password_file.
ensure_database() {
    local jar=$1 url password
    url="jdbc:h2:$(cd "$data_dir" && pwd)/$database"
    if [[ -f $password_file ]]; then
        chmod 600 "$password_file"
        password=$(<"$password_file")
        [[ -n $password ]] || die "$password_file is empty: write a password into it, or delete it to get a generated one"
        if [[ ! -f $data_dir/$database.mv.db ]]; then
            run_sql "$jar" "$url" "" "$(set_password_sql "$password")" \
                || die "could not create the database $data_dir/$database (H2's message above)"
            echo "Created the database $data_dir/$database (user sa, password from $password_file)"
        fi
        return 0
    fi
    password=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
    if [[ -f $data_dir/$database.mv.db ]]; then
        # Made by an earlier version of this script: created over TCP as sa with an empty password.
        run_sql "$jar" "$url;IFEXISTS=TRUE" "" "$(set_password_sql "$password")" \
            || die "the database $data_dir/$database has no password file and sa's password is not empty (H2's message above): write sa's password into $password_file (chmod 600), or move the database files away to start afresh"
        echo "The database $data_dir/$database had an empty password: sa's password is now generated"
    else
        run_sql "$jar" "$url" "" "$(set_password_sql "$password")" \
            || die "could not create the database $data_dir/$database (H2's message above)"
        echo "Created the database $data_dir/$database (user sa, generated password)"
    fi
    printf '%s' "$password" >"$password_file.tmp"
    chmod 600 "$password_file.tmp"
    mv "$password_file.tmp" "$password_file"
    echo "Password in $password_file (readable by its owner only)"
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
        echo "JDBC URL: jdbc:h2:tcp://localhost:$port/./$database"
        return 0
    fi
    if listening "$port"; then
        die "port $port is already in use; choose another with H2_PORT=..."
    fi
    command -v "$java_cmd" >/dev/null || die "no java: '$java_cmd' not found (set JAVA_HOME or put java on the PATH)"
    local jar
    jar=$(h2_jar)
    # Everything from here on (database files, password, log, PID) is created readable by its owner only.
    umask 077
    prepare_data_dir
    ensure_database "$jar"
    # The server opens every database under its base directory, and an earlier version of this script let
    # anyone create one over TCP (and become its admin).
    local other
    for other in "$data_dir"/*.mv.db; do
        [[ -e $other && $(basename "$other") != "$database.mv.db" ]] \
            && echo "loadtesth2: warning: $other is served too; delete it unless you made it" >&2
    done
    # -Dh2.bindAddress binds the sockets to loopback (without it H2 refuses remote clients but still
    # listens on every interface). No -ifNotExists: the server opens existing databases only.
    nohup "$java_cmd" "-Xmx$heap" -Dh2.bindAddress=127.0.0.1 -cp "$jar" org.h2.tools.Server \
        -tcp -tcpPort "$port" -baseDir "$data_dir" "${web[@]}" >"$log_file" 2>&1 &
    local pid=$!
    echo "$pid" >"$pid_file"
    for _ in $(seq 1 60); do
        if listening "$port"; then
            echo "H2 $(basename "$jar" .jar) running (PID $pid), data in $data_dir, heap $heap, log $log_file"
            [[ ${#web[@]} -gt 0 ]] && echo "Web console: http://127.0.0.1:$web_port (loopback only)"
            echo "JDBC URL: jdbc:h2:tcp://localhost:$port/./$database (user sa, password in $password_file)"
            if [[ $(cd "$data_dir" && pwd) != "$project_dir/h2/data" ]]; then
                echo "The h2 profile reads h2/data/secrets/ by default; here: --shapes.h2.secrets-dir=$(cd "$secrets_dir" && pwd)/"
            fi
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
        echo "H2 running (PID $pid) on port $port; JDBC URL: jdbc:h2:tcp://localhost:$port/./$database"
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
    -h|--help|help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" ;;
    *) die "unknown command '$command' (start, stop, status)" ;;
esac
