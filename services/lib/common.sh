# Shared helpers for services/*/start.sh and stop.sh. Source it; do not run it.
# Everything is derived from this file's location, never from the caller's cwd.

AS_SERVICES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
AS_REPO_DIR="$(cd "$AS_SERVICES_DIR/.." && pwd)"

as_log() { printf '%s: %s\n' "${AS_PROG:-services}" "$*" >&2; }
as_die() { as_log "error: $*"; exit 1; }

# Root of all service state: $ANSWERSCOPE_DATA_DIR or <repo>/.data (made absolute).
as_data_root() {
  local root="${ANSWERSCOPE_DATA_DIR:-$AS_REPO_DIR/.data}"
  mkdir -p "$root" || as_die "cannot create data dir $root"
  (cd "$root" && pwd)
}

as_check_name() {
  [[ "$1" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || as_die "invalid instance name '$1' (use letters, digits, . _ -)"
}

# Serialize start/stop of one instance: as_lock <file> (held until the script exits).
as_lock() {
  exec 9>"$1"
  if command -v flock >/dev/null 2>&1; then
    flock -w 180 9 || as_die "timed out waiting for lock $1"
  fi
}

# Install Debian packages (needs root or passwordless sudo). Runs `apt-get update` first.
as_apt_install() {
  local sudo=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || as_die "need root (or sudo) to install: $*"
    sudo=(sudo -n)
  fi
  as_log "installing $* via apt-get (this takes a while) ..."
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -q >&2 \
    || as_die "apt-get update failed"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
    --no-install-recommends "$@" >&2 || as_die "apt-get install $* failed"
}

# as_pid_alive <pid> <substring of /proc/pid/cmdline>: true if that process runs (not a zombie)
# and its command line contains the substring (guards against a recycled pid).
as_pid_alive() {
  local pid="$1" want="$2" state cmd
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  if [ -r "/proc/$pid/stat" ]; then
    state="$(sed -e 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1)" || return 1
    [ "$state" != Z ] || return 1
    # A process in the middle of execve (as_spawn's sh becoming the server) shows an empty
    # cmdline for an instant: read it again before calling it someone else's pid.
    for _ in 1 2 3 4 5; do
      cmd="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" || return 1
      [ -z "$cmd" ] || break
      sleep 0.02
    done
    [[ "$cmd" == *"$want"* ]] || return 1
  fi
  return 0
}

# as_read_pid <pidfile>: prints the pid recorded there (empty if none).
as_read_pid() { [ -s "$1" ] && head -n1 "$1" | tr -dc '0-9' || true; }

# as_spawn <pidfile> <logfile> <workdir> <cmd...>: start cmd detached (own session, stdin from
# /dev/null, output appended to logfile, the lock fd 9 closed) and record its real pid in pidfile.
as_spawn() {
  local pidfile="$1" logfile="$2" workdir="$3" i pid
  shift 3
  rm -f "$pidfile"
  local launcher=()
  command -v setsid >/dev/null 2>&1 && launcher=(setsid) || launcher=(nohup)
  # sh writes its own pid, then execs the command, so the pid is the server's even if
  # setsid had to fork.
  (cd "$workdir" && exec "${launcher[@]}" sh -c 'echo $$ >"$0.tmp" && mv "$0.tmp" "$0" && exec "$@"' \
    "$pidfile" "$@" </dev/null >>"$logfile" 2>&1 9>&- &)
  for i in $(seq 1 100); do
    pid="$(as_read_pid "$pidfile")"
    [ -n "$pid" ] && return 0
    sleep 0.05
  done
  as_die "process did not start: $*"
}

# as_stop_pid <pidfile> <cmdline substring> <timeout seconds> <label>
as_stop_pid() {
  local pidfile="$1" want="$2" timeout="$3" label="$4" pid i
  pid="$(as_read_pid "$pidfile")"
  if [ -z "$pid" ] || ! as_pid_alive "$pid" "$want"; then
    as_log "$label is not running"
    rm -f "$pidfile"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 $((timeout * 10))); do
    as_pid_alive "$pid" "$want" || break
    sleep 0.1
  done
  if as_pid_alive "$pid" "$want"; then
    as_log "$label (pid $pid) did not stop within ${timeout}s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do
      as_pid_alive "$pid" "$want" || break
      sleep 0.1
    done
    as_pid_alive "$pid" "$want" && as_die "$label (pid $pid) survived SIGKILL"
  fi
  rm -f "$pidfile"
  as_log "$label stopped (pid $pid)"
}

# as_free_ports <n>: prints n distinct free TCP ports on 127.0.0.1, one per line.
as_free_ports() {
  local n="$1"
  if command -v node >/dev/null 2>&1; then
    node -e '
      const net = require("net"); const n = Number(process.argv[1]); const socks = [];
      (function next() {
        if (socks.length === n) { console.log(socks.map(s => s.address().port).join("\n")); socks.forEach(s => s.close()); return; }
        const s = net.createServer(); s.on("error", e => { console.error(e.message); process.exit(1); });
        s.listen(0, "127.0.0.1", () => { socks.push(s); next(); });
      })();' "$n" && return 0
  fi
  if command -v python3 >/dev/null 2>&1; then
    python3 -c '
import socket, sys
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); socks.append(s)
print("\n".join(str(s.getsockname()[1]) for s in socks))' "$n" && return 0
  fi
  local got=0 p
  while [ "$got" -lt "$n" ]; do
    p=$((20000 + RANDOM % 30000))
    if as_port_free "$p"; then echo "$p"; got=$((got + 1)); fi
  done
}

# as_port_free <port>: true if nothing accepts connections on 127.0.0.1:<port>
# (and, when node is available, the port can actually be bound).
as_port_free() {
  local port="$1"
  if command -v node >/dev/null 2>&1; then
    node -e '
      const s = require("net").createServer();
      s.on("error", () => process.exit(1));
      s.listen(Number(process.argv[1]), "127.0.0.1", () => s.close(() => process.exit(0)));' "$port"
    return $?
  fi
  ! as_tcp_open "$port"
}

# as_tcp_open <port>: true if something accepts TCP connections on 127.0.0.1:<port>.
as_tcp_open() {
  timeout 2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$0"' "$1" 2>/dev/null
}

# as_http_get <url>: prints the body of a 200 response, fails otherwise (2 s timeout).
as_http_get() {
  local url="$1"
  if command -v curl >/dev/null 2>&1; then
    curl -sf --max-time 2 "$url"
    return $?
  fi
  # Fallback without curl: plain HTTP/1.0 over bash's /dev/tcp (127.0.0.1 URLs only).
  local rest="${url#http://127.0.0.1:}" port path
  port="${rest%%/*}"
  path="/${rest#*/}"
  [ "$rest" = "$port" ] && path=/
  timeout 2 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$0" || exit 1
    printf "GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n" "$1" >&3
    resp="$(cat <&3)"
    case "${resp%%$'"'"'\r'"'"'*}" in *" 200 "*) ;; *) exit 1;; esac
    printf "%s" "${resp#*$'"'"'\r\n\r\n'"'"'}"' "$port" "$path"
}

# as_write_file <path> <content>: atomic write (tmp + rename).
as_write_file() {
  printf '%s\n' "$2" >"$1.tmp" && mv -f "$1.tmp" "$1"
}
