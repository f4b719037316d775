#!/usr/bin/env bash
# The production topology of deploy/compose.yaml, run with podman-compose and checked from outside:
# Caddy with TLS (its internal CA for localhost), two portals, PostgreSQL, Redis. Shows that HTTPS
# answers with a certificate that verifies, HTTP redirects to it, requests reach both portals, a
# session opened through one works through the other, the staff console answers on its own host
# only (CONSOLE_DOMINIO, and the members' routes not there), and killing one portal (SIGKILL) under
# a loop of writes loses no acknowledged write while the other keeps serving.
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
COMPOSE=(podman-compose -p portal-beneficiario -f deploy/compose.yaml)
C=portal-beneficiario # the compose project's name; podman-compose names containers <project>_<service>_1
TMP=$(mktemp -d)
ENV_ESCRITO=0

limpar() {
  local status=$?
  if [ "$status" -ne 0 ]; then
    for s in proxy portal-1 portal-2 postgres redis; do
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
for porta in 80 443; do
  if ss -ltnH "sport = :$porta" | grep -q .; then falha "a porta $porta já está em uso"; fi
done

etapa "ferramentas e imagens base" bash -c '. scripts/verificar-container.lib.sh; preparar_podman; imagens_base'
podman image exists localhost/portal-beneficiario:latest ||
  falha "sem a imagem localhost/portal-beneficiario: rode npm run verificar:container"

etapa "imagens caddy:2, postgres:16, redis:7" substitutos

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
  } >deploy/.env
  ENV_ESCRITO=1
  "${COMPOSE[@]}" up -d >"$TMP/up.log" 2>&1 || { cat "$TMP/up.log"; falha "podman-compose up"; }
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

matar_um() {
  NODE_EXTRA_CA_CERTS="$TMP/root.crt" node scripts/verificar-container.sessao.mjs carga https://localhost "${C}_portal-1_1"
}
etapa "SIGKILL num portal sob escritas: nenhuma confirmada se perde, o outro segue" matar_um
