#!/usr/bin/env bash
# The reimbursement attachments scanned by a real clamd (issue 18, decision 0034): Debian's
# clamav-daemon with a local signature for the EICAR test string (the machines have no route to
# ClamAV's mirrors, so `freshclam` cannot run here; in production the operator runs it). Starts clamd
# on a socket of its own, runs the API test that uploads files through it, and stops clamd.
# Installs clamav-daemon with apt-get when missing and allowed (root on Debian); otherwise it skips.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v clamd >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq clamav-daemon >/dev/null || { apt-get update -qq && apt-get install -y -qq clamav-daemon >/dev/null; }
  else
    echo "clamd is not installed (apt-get install clamav-daemon): skipping the real-clamd test"
    exit 0
  fi
fi

dir=$(mktemp -d)
trap 'kill "$(cat "$dir/clamd.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$dir"' EXIT
mkdir -p "$dir/db"
# The EICAR string anywhere in a file (an .ndb body signature, so a PDF carrying it is caught too).
eicar='X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'
printf 'Portal.Teste.EICAR:0:*:%s\n' "$(printf '%s' "$eicar" | od -An -tx1 | tr -d ' \n')" >"$dir/db/portal-teste.ndb"
cat >"$dir/clamd.conf" <<CONF
LocalSocket $dir/clamd.ctl
DatabaseDirectory $dir/db
PidFile $dir/clamd.pid
LogFile $dir/clamd.log
Foreground no
User $(id -un)
CONF
# clamd writes why it did not start to its log file, not to the terminal: shown when it fails. Once in
# six CI runs it exited at once, silently, beside the busy lanes: a second try is allowed.
iniciar_clamd() {
  local status=0
  clamd -c "$dir/clamd.conf" || status=$?
  # A clamd that exited non-zero has not started: no waiting for its socket then.
  [ "$status" = 0 ] && for _ in $(seq 1 60); do [ -S "$dir/clamd.ctl" ] && return 0; sleep 0.5; done
  echo "clamd did not open its socket (exit $status); its log:"
  cat "$dir/clamd.log" 2>/dev/null || echo "(no log)"
  return 1
}
iniciar_clamd || { echo "trying once more"; sleep 2; iniciar_clamd; }
echo "clamd $(clamd --version) answering on $dir/clamd.ctl"
TEST_CLAMAV_SOCKET="$dir/clamd.ctl" npx vitest run --project api apps/api/src/modules/reembolso/clamav-real.test.ts
