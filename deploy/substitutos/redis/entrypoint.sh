#!/bin/sh
# Like the official image: the server listens on every interface with protected mode off (the
# container's network is the boundary), in the foreground.
if [ "${1:-}" = redis-server ]; then
  shift
  exec redis-server --bind '* -::*' --protected-mode no --daemonize no "$@"
fi
exec "$@"
