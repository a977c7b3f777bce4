#!/bin/sh
# Installs npm dependencies when node_modules is missing or older than the lock file.
set -eu
# The electron package's CLI would fetch its runtime from outside the npm registry; installs never need it.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
