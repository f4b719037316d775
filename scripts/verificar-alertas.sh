#!/usr/bin/env bash
# The alerting of deploy/ (issue 32), checked in seconds: Prometheus's configuration and rules are
# valid (`promtool check config`, `promtool check rules`), every alert passes its unit tests
# (`promtool test rules deploy/prometheus/alertas.test.yml`), and every alert of alertas.yml has a
# test where it fires and one where it must not; the Grafana dashboard's queries are valid PromQL,
# and it and the rules read only metrics that exist (scripts/verificar-alertas.painel.mjs).
# Alertmanager's configuration too, when amtool is installed. promtool comes from Debian's `prometheus` package: installed here when missing (as
# root on Debian), otherwise this says so and fails. CI: .ci/run, lane 2 (npm run verificar:alertas).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v promtool >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's prometheus package (promtool)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=120 prometheus >/dev/null
  else
    echo "promtool not found: install Debian's prometheus package (apt-get install prometheus)" >&2
    exit 1
  fi
fi
promtool --version | head -n 1

promtool check config deploy/prometheus/prometheus.yml
promtool check rules deploy/prometheus/alertas.yml
promtool test rules deploy/prometheus/alertas.test.yml

# Each alert: at least one case that expects it firing, and one that expects nothing.
awk '
  FNR == 1 { arquivo++ }
  arquivo == 1 && $1 == "-" && $2 == "alert:" { alertas[$3] = 1 }
  arquivo == 2 && $1 == "alertname:" { atual = $2 }
  arquivo == 2 && $1 == "exp_alerts:" { if ($2 == "[]") quieto[atual] = 1; else dispara[atual] = 1 }
  END {
    falhas = 0
    for (a in alertas) {
      if (!(a in dispara)) { print "alertas.test.yml: no case where " a " fires"; falhas++ }
      if (!(a in quieto)) { print "alertas.test.yml: no case where " a " must not fire"; falhas++ }
    }
    n = 0; for (a in alertas) n++
    if (n == 0) { print "no alert found in alertas.yml"; falhas++ }
    if (falhas) exit 1
    print "every one of the " n " alerts has a case where it fires and one where it must not"
  }' deploy/prometheus/alertas.yml deploy/prometheus/alertas.test.yml

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
node scripts/verificar-alertas.painel.mjs "$TMP/painel.json"
promtool check rules "$TMP/painel.json"

if command -v amtool >/dev/null 2>&1; then
  amtool check-config deploy/alertmanager/alertmanager.yml
else
  echo "amtool not installed (Debian's prometheus-alertmanager): alertmanager.yml not checked"
fi
