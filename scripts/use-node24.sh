# Puts Node.js 24 first on PATH for this shell when the system Node is too old (scripts/check-node.js says which).
# Usage:  source scripts/use-node24.sh
# Node 24 comes from the npm registry (the `node` package carries the binary and its headers) into .tools/.
_site_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if ! node "$_site_root/scripts/check-node.js" >/dev/null 2>&1; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "npm is needed to install Node 24; install Node.js first (https://nodejs.org)" >&2
    return 1 2>/dev/null || exit 1
  fi
  _site_node_dir="$_site_root/.tools/node24"
  if [ ! -x "$_site_node_dir/node_modules/.bin/node" ]; then
    echo "Installing Node.js 24 into .tools/node24 ..." >&2
    npm install --prefix "$_site_node_dir" --no-audit --no-fund --loglevel=error node@24 >&2
  fi
  export PATH="$_site_node_dir/node_modules/.bin:$PATH"
  # Native add-ons must build against Node 24's headers, not the system Node's.
  export npm_config_nodedir="$_site_node_dir/node_modules/node/node_modules/node-linux-$(node -p process.arch)"
  echo "Using Node $(node --version) from .tools/node24" >&2
fi
unset _site_root _site_node_dir
