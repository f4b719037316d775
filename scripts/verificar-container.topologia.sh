#!/usr/bin/env bash
# The production topology of deploy/compose.yaml, run with podman-compose and checked from outside:
# Caddy with TLS (its internal CA for localhost), two portals, PostgreSQL, Redis. Shows that HTTPS
# answers with a certificate that verifies, HTTP redirects to it, requests reach both portals, a
# session opened through one works through the other, the staff console answers on its own host
# only (CONSOLE_DOMINIO, and the members' routes not there), and killing one portal (SIGKILL) under
# a loop of writes loses no acknowledged write while the other keeps serving. With
# deploy/compose.observabilidade.yaml beside it (issue 32): Prometheus scrapes both portals' metrics
# port, and with PostgreSQL stopped the alert PortalBancoIndisponivel fires and reaches Alertmanager.
# Run by scripts/verificar-container.sh after it built the image (localhost/portal-beneficiario);
# the images the compose file names and Docker Hub cannot give here are built from Debian's
# packages (deploy/substitutos). deploy/compose.yaml is used as it is; deploy/.env is written for
# the run (refused if one exists) and removed with everything else at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
# shellcheck source=scripts/verificar-container.lib.sh
. scripts/verificar-container.lib.sh

# -p: podman-compose 1.0.3 ignores the top-level `name:` (Docker Compose reads it).
COMPOSE=(podman-compose -p portal-beneficiario -f deploy/compose.yaml -f deploy/compose.observabilidade.yaml)
# The services the run brings up and checks: every one but Grafana, which has no Debian package to
# build a stand-in from (deploy/substitutos) and is not checked here; `down -v` removes them all.
SERVICOS=(proxy portal-1 portal-2 postgres redis prometheus alertmanager)
PROMETHEUS=http://127.0.0.1:9090
ALERTMANAGER=http://127.0.0.1:9093
C=portal-beneficiario # the compose project's name; podman-compose names containers <project>_<service>_1
TMP=$(mktemp -d)
ENV_ESCRITO=0

limpar() {
  local status=$?
  if [ "$status" -ne 0 ]; then
    for s in "${SERVICOS[@]}"; do
      echo "--- podman logs ${C}_${s}_1 (últimas 20 linhas)"
      podman logs "${C}_${s}_1" 2>&1 | grep -v -E '"msg":"(incoming request|request completed)"' | tail -n 20 || true
    done
  fi
  "${COMPOSE[@]}" down -v -t 5 >/dev/null 2>&1 || true
  [ "$ENV_ESCRITO" = 1 ] && rm -f deploy/.env
  rm -rf "$TMP"
  limpar_netavark
  tempos
  exit "$status"
}
trap limpar EXIT

if [ -e deploy/.env ]; then
  falha "deploy/.env existe (o do operador?): esta verificação escreve o seu próprio; mova-o e rode de novo"
fi
for porta in 80 443 9090 9093; do
  if ss -ltnH "sport = :$porta" | grep -q .; then falha "a porta $porta já está em uso"; fi
done

etapa "ferramentas e imagens base" bash -c '. scripts/verificar-container.lib.sh; preparar_podman; imagens_base'
podman image exists localhost/portal-beneficiario:latest ||
  falha "sem a imagem localhost/portal-beneficiario: rode npm run verificar:container"

etapa "imagens caddy:2, postgres:16, redis:7, prometheus, alertmanager" substitutos

subir() {
  {
    echo "# written by scripts/verificar-container.topologia.sh for one run; removed at its end"
    echo "PORTAL_DOMINIO=localhost"
    echo "CONSOLE_DOMINIO=console.localhost"
    echo "POSTGRES_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '+/=')"
    echo "TOKEN_SECRET=$(head -c 48 /dev/urandom | base64)"
    echo "CODE_SECRET=$(head -c 48 /dev/urandom | base64)"
    echo "CHAVE_DE_SELAGEM=$(head -c 32 /dev/urandom | base64)"
    echo "SEED=demo"
    # /metrics on a port of its own, for compose.observabilidade.yaml's Prometheus (decision 0051).
    echo "METRICS_PORT=9464"
  } >deploy/.env
  ENV_ESCRITO=1
  "${COMPOSE[@]}" up -d "${SERVICOS[@]}" >"$TMP/up.log" 2>&1 || { cat "$TMP/up.log"; falha "podman-compose up"; }
  podman ps --format '{{.Names}}  {{.Image}}  {{.Status}}'
}
etapa "podman-compose up -d" subir

# Caddy's internal CA signs the certificate for localhost: the checks verify against its root.
https_responde() {
  local limite=$((SECONDS + 180))
  until podman cp "${C}_proxy_1:/data/caddy/pki/authorities/local/root.crt" "$TMP/root.crt" 2>/dev/null; do
    [ "$SECONDS" -lt "$limite" ] || falha "o Caddy não criou a sua CA interna em 180 s"
    sleep 1
  done
  until curl -sf --max-time 5 --cacert "$TMP/root.crt" https://localhost/readyz >/dev/null; do
    [ "$SECONDS" -lt "$limite" ] || falha "https://localhost/readyz não respondeu em 180 s"
    sleep 1
  done
  # Both instances ready (their HEALTHCHECK), then one round of Caddy's active health checks
  # (health_interval 5s in deploy/Caddyfile), so that both are in its rotation.
  local p
  for p in portal-1 portal-2; do
    until podman healthcheck run "${C}_${p}_1" >/dev/null 2>&1; do
      [ "$SECONDS" -lt "$limite" ] || falha "$p não ficou saudável em 180 s"
      sleep 1
    done
  done
  sleep 6
  echo "https://localhost/readyz respondeu (certificado verificado pela CA interna do Caddy) após $((SECONDS + 180 - limite))s"
  curl -sf --max-time 5 --cacert "$TMP/root.crt" https://localhost/readyz
  echo
  local r
  r=$(curl -s --max-time 5 -o /dev/null -w '%{http_code} %{redirect_url}' http://localhost/healthz)
  echo "http://localhost/healthz → $r"
  case "$r" in 30[178]\ https://localhost/healthz) ;; *) falha "HTTP não redireciona para HTTPS" ;; esac
}
etapa "HTTPS responde" https_responde

contar() { podman logs "${C}_$1_1" 2>&1 | grep -c "\"url\":\"$2\"" || true; }

ambos() {
  local a1 a2 d1 d2 i
  a1=$(contar portal-1 /healthz)
  a2=$(contar portal-2 /healthz)
  for i in $(seq 1 20); do curl -sf --max-time 5 --cacert "$TMP/root.crt" https://localhost/healthz >/dev/null; done
  d1=$(($(contar portal-1 /healthz) - a1))
  d2=$(($(contar portal-2 /healthz) - a2))
  echo "20 pedidos: portal-1 atendeu $d1, portal-2 atendeu $d2"
  [ "$d1" -gt 0 ] && [ "$d2" -gt 0 ] || falha "os pedidos não chegaram aos dois portais"
}
etapa "pedidos chegam aos dois portais" ambos

sessao_cruzada() {
  local a1 a2 d1 d2
  a1=$(contar portal-1 /api/Protocolos/Listar)
  a2=$(contar portal-2 /api/Protocolos/Listar)
  NODE_EXTRA_CA_CERTS="$TMP/root.crt" node scripts/verificar-container.sessao.mjs cruzada https://localhost 10
  d1=$(($(contar portal-1 /api/Protocolos/Listar) - a1))
  d2=$(($(contar portal-2 /api/Protocolos/Listar) - a2))
  echo "chamadas com a mesma sessão: portal-1 atendeu $d1, portal-2 atendeu $d2 (todas 200)"
  [ "$d1" -gt 0 ] && [ "$d2" -gt 0 ] || falha "a sessão não foi usada nos dois portais"
}
etapa "membro entra por HTTPS; a sessão vale nos dois portais" sessao_cruzada

# The console's own site (decision 0033): its API answers there (401 without a session) and not on
# the members' host (404); a member route does not answer on the console's host (404).
console_separado() {
  local r no_console no_portal membro
  r=(-s --max-time 5 --cacert "$TMP/root.crt" --resolve console.localhost:443:127.0.0.1 -o /dev/null -w '%{http_code}')
  no_console=$(curl "${r[@]}" https://console.localhost/api/atendimento/eu)
  no_portal=$(curl "${r[@]}" https://localhost/api/atendimento/eu)
  membro=$(curl "${r[@]}" -X POST -H 'content-type: application/json' -d '{}' https://console.localhost/api/Login/PerfisDaConta)
  echo "/api/atendimento/eu: console.localhost $no_console, localhost $no_portal; /api/Login/PerfisDaConta em console.localhost: $membro"
  [ "$no_console" = 401 ] && [ "$no_portal" = 404 ] && [ "$membro" = 404 ] ||
    falha "o console não está só no seu host (esperado 401, 404, 404)"
}
etapa "o console só no seu host (console.localhost), nada do membro nele" console_separado

# json <expression>: reads a JSON document (j) on stdin and prints each element of the JavaScript
# expression's array on a line of its own (nothing, and a failure, when stdin is not JSON).
json() { node -e 'const j = JSON.parse(require("fs").readFileSync(0, "utf8")); for (const l of eval(process.argv[1])) console.log(l)' "$1" 2>/dev/null; }
consulta() { curl -sf --max-time 5 --get --data-urlencode "query=$1" "$PROMETHEUS/api/v1/query" | json 'j.data.result.map((r) => r.metric.instance + " " + r.value[1])'; }
# Lines "instance value" on stdin: true when portal-1 and portal-2 both have a value above zero.
nas_duas() { awk '$2 > 0 { v[$1] = 1 } END { exit !(v["portal-1:9464"] && v["portal-2:9464"]) }'; }

# Prometheus (deploy/compose.observabilidade.yaml, deploy/prometheus/prometheus.yml) scrapes each
# portal's METRICS_PORT on the compose network, never through the proxy: both targets of the job
# "portal" up, and from each instance the requests the steps above sent (the HTTP histogram) and the
# database gauge the alert below reads, at 1.
prometheus_raspa() {
  local limite=$((SECONDS + 120)) alvos="" pedidos="" banco=""
  while :; do
    alvos=$(curl -sf --max-time 5 "$PROMETHEUS/api/v1/targets?state=active" |
      json 'j.data.activeTargets.filter((t) => t.labels.job === "portal").map((t) => t.labels.instance + " " + (t.health === "up" ? 1 : 0))' || true)
    pedidos=$(consulta 'sum by (instance) (portal_http_requisicoes_segundos_count{job="portal"})' || true)
    banco=$(consulta 'portal_banco_disponivel{job="portal"}' || true)
    if nas_duas <<<"$alvos" && nas_duas <<<"$pedidos" && nas_duas <<<"$banco"; then break; fi
    if [ "$SECONDS" -ge "$limite" ]; then
      printf 'alvos (1 = up):\n%s\npedidos:\n%s\nportal_banco_disponivel:\n%s\n' "$alvos" "$pedidos" "$banco"
      falha "o Prometheus não raspou os dois portais em 120 s"
    fi
    sleep 2
  done
  echo "após $((SECONDS + 120 - limite))s, alvos up: $(awk '{printf "%s ", $1}' <<<"$alvos")"
  echo "pedidos vistos por instância: $(tr '\n' ' ' <<<"$pedidos")"
  echo "portal_banco_disponivel: $(tr '\n' ' ' <<<"$banco")"
}
etapa "o Prometheus raspa os dois portais (METRICS_PORT=9464)" prometheus_raspa

matar_um() {
  NODE_EXTRA_CA_CERTS="$TMP/root.crt" node scripts/verificar-container.sessao.mjs carga https://localhost "${C}_portal-1_1"
}
etapa "SIGKILL num portal sob escritas: nenhuma confirmada se perde, o outro segue" matar_um

# PostgreSQL stopped: each live portal's probe (at most once per METRICS_CACHE_SECONDS, 15 s) says 0,
# the rule's `for: 1m` runs out and PortalBancoIndisponivel fires, and Prometheus hands it to
# Alertmanager. Bounded by 240 s: the probe's interval, a scrape and an evaluation (15 s each), the
# minute of `for`, and margin. Last step: the database stays down until the clean-up.
alerta_dispara() {
  local t0 limite estado="" pendente="" disparou="" recebido=""
  podman stop -t 5 "${C}_postgres_1" >/dev/null
  t0=$SECONDS
  limite=$((t0 + 240))
  echo "PostgreSQL parado (${C}_postgres_1)"
  while :; do
    estado=$(curl -sf --max-time 5 "$PROMETHEUS/api/v1/alerts" |
      json 'j.data.alerts.filter((a) => a.labels.alertname === "PortalBancoIndisponivel").map((a) => a.state + " " + a.labels.instance + " desde " + a.activeAt)' || true)
    if [ -z "$pendente" ] && [ -n "$estado" ]; then
      pendente=$((SECONDS - t0))
      echo "após ${pendente}s: $(head -n 1 <<<"$estado")"
    fi
    if grep -q '^firing ' <<<"$estado"; then
      disparou=$((SECONDS - t0))
      break
    fi
    if [ "$SECONDS" -ge "$limite" ]; then
      echo "alertas do Prometheus: ${estado:-nenhum PortalBancoIndisponivel}"
      falha "PortalBancoIndisponivel não disparou em 240 s com o PostgreSQL parado"
    fi
    sleep 2
  done
  echo "após ${disparou}s (pendente após ${pendente}s):"
  echo "$estado"
  limite=$((SECONDS + 30))
  until [ -n "$recebido" ]; do
    recebido=$(curl -sf --max-time 5 --get --data-urlencode 'filter=alertname="PortalBancoIndisponivel"' "$ALERTMANAGER/api/v2/alerts" |
      json 'j.map((a) => a.labels.instance + " " + a.status.state + " desde " + a.startsAt)' || true)
    if [ -z "$recebido" ]; then
      [ "$SECONDS" -lt "$limite" ] || falha "o Alertmanager não recebeu PortalBancoIndisponivel em 30 s"
      sleep 1
    fi
  done
  echo "Alertmanager recebeu PortalBancoIndisponivel após $((SECONDS - t0))s:"
  echo "$recebido"
}
etapa "PostgreSQL parado: PortalBancoIndisponivel dispara e chega ao Alertmanager" alerta_dispara
