#!/usr/bin/env bash
# Makes sure PostgreSQL, Redis and NATS (with JetStream) answer on their local ports, starting the
# ones that are installed but stopped the way this project's machines start them. Where one is
# missing it says what to install and fails, rather than letting the tests time out.
set -u

PG_HOST=${PGHOST:-127.0.0.1}
missing=()

up() { # host port
  (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

wait_up() { # name host port
  for _ in $(seq 1 50); do
    up "$2" "$3" && return 0
    sleep 0.2
  done
  echo "[services] $1 did not come up on $2:$3" >&2
  return 1
}

if ! up "$PG_HOST" 5432; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "[services] starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
    wait_up PostgreSQL "$PG_HOST" 5432 || exit 1
  else
    missing+=("PostgreSQL 15+ listening on 127.0.0.1:5432 with trust auth for user postgres (Debian: apt-get install postgresql)")
  fi
fi

if ! up 127.0.0.1 6379; then
  if command -v redis-server >/dev/null 2>&1; then
    echo "[services] starting Redis"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
    wait_up Redis 127.0.0.1 6379 || exit 1
  else
    missing+=("Redis 6+ on 127.0.0.1:6379 (Debian: apt-get install redis-server)")
  fi
fi

if ! up 127.0.0.1 4222; then
  if [ -x /usr/sbin/nats-server ] && command -v start-stop-daemon >/dev/null 2>&1; then
    echo "[services] starting NATS with JetStream"
    mkdir -p /var/lib/nats-server 2>/dev/null || true
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
      -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
    wait_up NATS 127.0.0.1 4222 || exit 1
  elif command -v nats-server >/dev/null 2>&1; then
    echo "[services] starting NATS with JetStream"
    nats-server -a 127.0.0.1 -p 4222 -js -sd "${TMPDIR:-/tmp}/nats-js" >/dev/null 2>&1 &
    wait_up NATS 127.0.0.1 4222 || exit 1
  else
    missing+=("NATS server 2.9+ with JetStream on 127.0.0.1:4222 (Debian: apt-get install nats-server)")
  fi
fi

# The browser suite drives Debian's Chromium through playwright-core (a test tool's own browser
# download cannot work here): installed from Debian's packages when it is missing and we may.
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "[services] installing Chromium (apt-get install chromium) for the browser tests"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1 \
      || { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1; }
  fi
  [ -x "$CHROMIUM" ] || missing+=("Chromium at $CHROMIUM for the browser tests (Debian: apt-get install chromium; or set CHROMIUM_PATH)")
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "[services] The tests need these services, which are not installed here:" >&2
  for m in "${missing[@]}"; do echo "  - $m" >&2; done
  echo "[services] Install them (or point PGHOST/REDIS_URL/NATS_URL at running ones) and run npm test again." >&2
  exit 1
fi
echo "[services] PostgreSQL, Redis, NATS and Chromium are ready"
