#!/bin/sh
# Like the official image: on an empty PGDATA, initdb (UTF8) with POSTGRES_USER as the superuser and its
# POSTGRES_PASSWORD, create POSTGRES_DB, accept password (scram) connections from the network;
# then run the server as user postgres in the foreground.
set -eu
if [ "${1:-}" = postgres ]; then
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
    user=${POSTGRES_USER:-postgres}
    printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
    chown postgres /tmp/pwfile
    su postgres -c "initdb -D '$PGDATA' -U '$user' --encoding=UTF8 --locale=C.UTF-8 --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256" >/dev/null
    rm -f /tmp/pwfile
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    su postgres -c "pg_ctl -D '$PGDATA' -o '-c listen_addresses=' -w start" >/dev/null
    db=${POSTGRES_DB:-$user}
    [ "$db" = postgres ] || su postgres -c "psql -q -U '$user' -d postgres -c 'create database \"$db\"'"
    su postgres -c "pg_ctl -D '$PGDATA' -m fast -w stop" >/dev/null
  fi
  exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*'
fi
exec "$@"
