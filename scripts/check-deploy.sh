#!/usr/bin/env bash
# Checks the deployment files with the tools that run without Docker or a cluster: installs helm
# (and kubeconform) from the Go module proxy into ~/.cache/preflight/bin when missing, lints and
# renders the chart, and validates what it renders. The vitest files test/deploy/*.test.ts check
# the rest (env names, probe paths, ports, secrets) and run helm themselves when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$HOME/.cache/preflight/bin"
mkdir -p "$BIN"
export PATH="$BIN:$PATH"
CHART=deploy/helm/preflight
VALUES=(--set secrets.adminToken=0123456789abcdef0123 --set secrets.masterKey=0123456789abcdef0123456789abcdef01
  --set 'mongodb.url=mongodb://mongo:27017/preflight?replicaSet=rs0' --set redis.url=redis://redis:6379 --set ingress.enabled=true)

# A tool that cannot be installed (no Go, no module proxy) is said and skipped; a check that runs and fails fails.
install() { command -v "$1" >/dev/null || GOBIN="$BIN" GOFLAGS=-mod=mod go install "$2" || echo "check-deploy: $1 could not be installed; its check is skipped"; }
install helm helm.sh/helm/v3/cmd/helm@v3.22.0
install kubeconform github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0
for tool in kube-check compose-check; do
  (cd "scripts/$tool" && GOFLAGS=-mod=mod go build -o "$BIN/$tool" .) || echo "check-deploy: $tool could not be built; its check is skipped"
done
has() { command -v "$1" >/dev/null; }

if has helm; then
  helm lint "$CHART" "${VALUES[@]}"
  rendered=$(mktemp)
  trap 'rm -f "$rendered"' EXIT
  helm template pf "$CHART" "${VALUES[@]}" > "$rendered"
  # Strict decoding into the Kubernetes API's Go types (k8s.io/api), which needs no network.
  if has kube-check; then kube-check < "$rendered"; fi
  # kubeconform needs Kubernetes JSON schemas: from the network by default, or a local copy.
  if [[ -n "${KUBECONFORM_SCHEMAS:-}" ]] && has kubeconform; then
    kubeconform -strict -summary -schema-location "$KUBECONFORM_SCHEMAS" "$rendered"
  else
    echo "kubeconform skipped: set KUBECONFORM_SCHEMAS to a local copy of the Kubernetes JSON schemas (this machine cannot fetch them)"
  fi
fi
# The compose file as `docker compose config` loads it (compose-go), with or without Docker.
if has compose-check; then compose-check docker-compose.yml; fi
# The proxy's configuration, by Caddy itself; not installed here by default (a long build):
# go install github.com/caddyserver/caddy/v2/cmd/caddy@v2.11.9
if has caddy; then
  caddy validate --config deploy/compose/Caddyfile --adapter caddyfile
else
  echo "check-deploy: caddy is not installed; deploy/compose/Caddyfile is not validated"
fi
if docker compose version >/dev/null 2>&1; then
  docker compose -f docker-compose.yml config --quiet && echo "docker compose config: valid"
fi
