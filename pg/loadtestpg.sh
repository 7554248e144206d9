#!/usr/bin/env bash
# Starts or stops the private PostgreSQL server that the app's "pg" profile uses.
#
#   pg/loadtestpg.sh [start]   create the cluster on first use, start it in the background, print the JDBC URL
#   pg/loadtestpg.sh stop      stop the server (fast shutdown: sessions end, committed data stays)
#   pg/loadtestpg.sh status    say whether it runs
#
# Environment: PG_PORT (55432), PG_DATA_DIR (pg/data), PG_BIN (the directory of initdb, pg_ctl and postgres;
#              else pg_config --bindir, /usr/lib/postgresql/<newest>/bin or Homebrew's postgresql@<n>),
#              PG_USER (postgres: the unprivileged user the server runs as when this script runs as root),
#              PG_MAX_CONNECTIONS (200: PostgreSQL's max_connections, set at each start; enough for an app whose
#              pool holds 100, with as many again for a second instance, the tests or psql, beside the 3 a
#              superuser keeps. PostgreSQL's own default, 100, leaves 97: less than one pool of 100 and Flyway's).
#
# The cluster is this project's own: it runs the installed server binaries (nothing is downloaded), listens on
# 127.0.0.1 only and on no Unix socket, and keeps everything under the data directory: the cluster (cluster/),
# the server's log (postgres.log; its PID file is cluster/postmaster.pid) and the generated password of role
# "shapes" (secrets/spring.datasource.password, readable by the user who ran this script only), which the
# app's pg profile reads. Roles: "shapes" owns the databases "shapes" (the app's) and "shapes_test" (the
# tests'); the superuser has no password and cannot log in over TCP. PostgreSQL refuses to run as root: run
# as root, this script runs it as PG_USER, which must be able to reach the data directory.
set -euo pipefail

project_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_dir"

port=${PG_PORT:-55432}
data_dir=${PG_DATA_DIR:-pg/data}
max_connections=${PG_MAX_CONNECTIONS:-200}
role=shapes
databases=(shapes shapes_test)

die() { echo "loadtestpg: $*" >&2; exit 1; }

[[ $port =~ ^[0-9]+$ ]] && (( port > 0 && port < 65536 )) || die "PG_PORT must be a port number, not '$port'"
[[ $max_connections =~ ^[0-9]+$ ]] && (( max_connections > 3 )) ||
    die "PG_MAX_CONNECTIONS must be a number above 3 (the superuser's reserved connections), not '$max_connections'"

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The directory of the server binaries, or a message saying how to install them.
server_bin() {
    if [[ -n ${PG_BIN:-} ]]; then
        [[ -x $PG_BIN/initdb && -x $PG_BIN/pg_ctl && -x $PG_BIN/postgres ]] ||
            die "PG_BIN=$PG_BIN holds no initdb, pg_ctl and postgres"
        echo "$PG_BIN"
        return 0
    fi
    local candidates=()
    if command -v pg_config >/dev/null 2>&1; then
        candidates+=("$(pg_config --bindir 2>/dev/null || true)")
    fi
    local dir
    while IFS= read -r dir; do candidates+=("$dir"); done < <(
        { ls -d /usr/lib/postgresql/*/bin /opt/homebrew/opt/postgresql@*/bin /usr/local/opt/postgresql@*/bin \
            2>/dev/null || true; } | sort -Vr)
    if command -v initdb >/dev/null 2>&1; then
        candidates+=("$(dirname "$(command -v initdb)")")
    fi
    for dir in "${candidates[@]}"; do
        if [[ -n $dir && -x $dir/initdb && -x $dir/pg_ctl && -x $dir/postgres ]]; then
            echo "$dir"
            return 0
        fi
    done
    local how="install it"
    case $(uname -s) in
        Linux) [[ -r /etc/debian_version ]] && how="on Debian or Ubuntu: sudo apt-get install postgresql" ;;
        Darwin) how="on macOS: brew install postgresql@15" ;;
    esac
    die "no PostgreSQL server found (initdb, pg_ctl and postgres; looked in pg_config --bindir," \
        "/usr/lib/postgresql/*/bin and Homebrew's postgresql@*). To get one, $how, or set PG_BIN to its bin directory."
}

# Commands run as the server's user: PG_USER when this script runs as root (PostgreSQL refuses root), else
# the caller. From / so that the server's user need not read the caller's working directory.
if (( EUID == 0 )); then
    server_user=${PG_USER:-postgres}
    id "$server_user" >/dev/null 2>&1 ||
        die "PostgreSQL refuses to run as root, and user '$server_user' does not exist: create an unprivileged user" \
            "(the Debian package creates 'postgres') or name one with PG_USER=..."
    as_server() {
        if command -v runuser >/dev/null 2>&1; then
            (cd / && runuser -u "$server_user" -- "$@")
        else
            (cd / && sudo -u "$server_user" -- "$@")
        fi
    }
else
    server_user=$(id -un)
    as_server() { (cd / && "$@"); }
fi

# Where the server's user is stopped on its way to $1: the first directory it cannot search.
unreachable_ancestor() {
    local dir=$1 path=""
    local IFS=/
    for part in $dir; do
        [[ -z $part ]] && continue
        path="$path/$part"
        if ! as_server test -x "$path"; then
            echo "$path"
            return 0
        fi
    done
    echo "$dir"
}

prepare_data_dir() {
    mkdir -p "$data_dir" 2>/dev/null || die "cannot create the data directory $data_dir; choose another with PG_DATA_DIR=..."
    [[ -w $data_dir ]] || die "the data directory $data_dir is not writable; choose another with PG_DATA_DIR=..."
    data_dir=$(cd "$data_dir" && pwd)
    cluster_dir=$data_dir/cluster
    secrets_dir=$data_dir/secrets
    log_file=$data_dir/postgres.log
    password_file=$secrets_dir/spring.datasource.password
    # Searchable by the server's user, not listable; the cluster and the secrets are owner-only below.
    if [[ -O $data_dir ]]; then
        chmod 711 "$data_dir"
    fi
}

# Paths only (status and stop must not create anything).
locate_data_dir() {
    [[ -d $data_dir ]] && data_dir=$(cd "$data_dir" && pwd)
    cluster_dir=$data_dir/cluster
    secrets_dir=$data_dir/secrets
    log_file=$data_dir/postgres.log
    password_file=$secrets_dir/spring.datasource.password
}

# The PID of the running server of this cluster, if any (pg_ctl reads cluster/postmaster.pid and checks it).
running_pid() {
    [[ -f $cluster_dir/PG_VERSION ]] || return 1
    as_server "$bin/pg_ctl" status -D "$cluster_dir" >/dev/null 2>&1 || return 1
    head -n 1 "$cluster_dir/postmaster.pid"
}

running_port() { sed -n 4p "$cluster_dir/postmaster.pid"; }

jdbc_url() { echo "jdbc:postgresql://127.0.0.1:$1/${databases[0]}"; }

# Sets a fresh password on role shapes (the server must be stopped: single-user mode) and writes it, owner-only,
# where the app's pg profile reads it. The password travels on stdin, never on a command line.
new_password() {
    local password
    password=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
    (umask 077 && mkdir -p "$secrets_dir")
    chmod 700 "$secrets_dir"
    single_user "ALTER ROLE $role PASSWORD '$password';"
    (umask 077 && printf '%s' "$password" >"$password_file.tmp")
    mv "$password_file.tmp" "$password_file"
}

# Runs SQL statements (one per line) in single-user mode: no server, no socket, no login.
single_user() {
    local output
    output=$(printf '%s\n' "$@" | as_server "$bin/postgres" --single -D "$cluster_dir" postgres 2>&1) ||
        { echo "$output" >>"$log_file"; die "PostgreSQL (single-user mode) failed to set up role $role; see $log_file"; }
    # postgres --single exits 0 even when a statement fails; its output says ERROR then.
    if grep -q 'ERROR:' <<<"$output"; then
        grep -v 'STATEMENT:' <<<"$output" >>"$log_file"
        die "setting up role $role failed; see $log_file"
    fi
}

init_cluster() {
    mkdir -p "$cluster_dir"
    if (( EUID == 0 )); then
        chown "$server_user" "$cluster_dir"
    fi
    chmod 700 "$cluster_dir"
    if ! as_server test -w "$cluster_dir"; then
        local blocked
        blocked=$(unreachable_ancestor "$cluster_dir")
        rmdir "$cluster_dir" 2>/dev/null || true
        die "PostgreSQL runs as user '$server_user', which cannot reach $cluster_dir: $blocked is not searchable" \
            "by it ($(stat -c '%A %U' "$blocked" 2>/dev/null || ls -ld "$blocked")). Let it through (chmod o+x $blocked)" \
            "or choose a data directory it can reach, e.g. PG_DATA_DIR=/var/tmp/shapes-pg (then start the app with" \
            "--shapes.pg.secrets-dir=/var/tmp/shapes-pg/secrets/)."
    fi
    : >"$log_file"
    chmod 600 "$log_file"
    (( EUID == 0 )) && chown "$server_user" "$log_file"
    echo "Creating the cluster in $cluster_dir (server user $server_user)"
    # No locale: the same sort order and encoding on every machine, whatever locales it has installed.
    as_server "$bin/initdb" -D "$cluster_dir" --encoding=UTF8 --no-locale --auth-local=peer \
        --auth-host=scram-sha-256 >>"$log_file" 2>&1 || die "initdb failed; see $log_file"
    cat >>"$cluster_dir/postgresql.conf" <<'EOF'

# pg/loadtestpg.sh: loopback only, no Unix socket (the script needs none), passwords hashed with SCRAM.
# The port is given at start (PG_PORT).
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
password_encryption = 'scram-sha-256'
EOF
    local statements=("CREATE ROLE $role LOGIN;")
    for database in "${databases[@]}"; do
        statements+=("CREATE DATABASE $database OWNER $role;")
    done
    single_user "${statements[@]}"
    new_password
}

start() {
    [[ $# -eq 0 ]] || die "unknown option '$1'"
    bin=$(server_bin)
    locate_data_dir
    local pid
    if pid=$(running_pid); then
        echo "PostgreSQL already running (PID $pid) on 127.0.0.1:$(running_port)"
        echo "JDBC URL: $(jdbc_url "$(running_port)") (user $role, password in $password_file)"
        return 0
    fi
    if listening "$port"; then
        die "port $port is already in use (another PostgreSQL?); choose another with PG_PORT=..."
    fi
    prepare_data_dir
    if [[ ! -f $cluster_dir/PG_VERSION ]]; then
        init_cluster
    elif [[ ! -s $password_file ]]; then
        echo "No password in $password_file: setting a new one"
        new_password
    fi
    if [[ -f $log_file ]] && (( EUID == 0 )); then
        chown "$server_user" "$log_file"
    fi
    # max_connections on the command line, not in postgresql.conf: PG_MAX_CONNECTIONS applies at every start.
    if ! as_server "$bin/pg_ctl" start -D "$cluster_dir" -l "$log_file" -w -t 30 \
        -o "-p $port -c max_connections=$max_connections" >/dev/null; then
        tail -n 20 "$log_file" >&2
        die "PostgreSQL did not start; see $log_file"
    fi
    pid=$(running_pid) || die "PostgreSQL exited during start-up; see $log_file"
    for _ in $(seq 1 20); do
        listening "$port" && break
        sleep 0.25
    done
    listening "$port" || die "PostgreSQL (PID $pid) does not listen on 127.0.0.1:$port; see $log_file"
    echo "$("$bin/postgres" --version) running (PID $pid, user $server_user) on 127.0.0.1:$port," \
        "max_connections $max_connections"
    echo "Data in $cluster_dir, log $log_file, PID file $cluster_dir/postmaster.pid"
    echo "JDBC URL: $(jdbc_url "$port") (user $role, password in $password_file)"
    local hints=()
    [[ $port != 55432 ]] && hints+=("--shapes.pg.port=$port")
    [[ $data_dir != "$project_dir/pg/data" ]] && hints+=("--shapes.pg.secrets-dir=$secrets_dir/")
    if (( ${#hints[@]} > 0 )); then
        echo "Start the app with --spring.profiles.active=pg ${hints[*]}"
    fi
}

stop() {
    bin=$(server_bin)
    locate_data_dir
    local pid
    if ! pid=$(running_pid); then
        echo "PostgreSQL is not running"
        return 0
    fi
    if as_server "$bin/pg_ctl" stop -D "$cluster_dir" -m fast -w -t 30 >/dev/null; then
        echo "PostgreSQL stopped (PID $pid)"
    else
        as_server "$bin/pg_ctl" stop -D "$cluster_dir" -m immediate -w -t 10 >/dev/null || true
        echo "PostgreSQL did not stop within 30 s and was stopped immediately (PID $pid; it recovers on the next start)"
    fi
}

status() {
    bin=$(server_bin)
    locate_data_dir
    local pid
    if pid=$(running_pid); then
        echo "PostgreSQL running (PID $pid) on 127.0.0.1:$(running_port); JDBC URL: $(jdbc_url "$(running_port)")"
    else
        echo "PostgreSQL is not running"
        return 1
    fi
}

command=${1:-start}
[[ $# -gt 0 ]] && shift
case $command in
    start) start "$@" ;;
    stop) stop ;;
    status) status ;;
    -h|--help|help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command '$command' (start, stop, status)" ;;
esac
