#!/bin/sh
# `npm start`: installs what the app needs, builds it, starts the local sandbox and launches the app
# against it. Where the Electron runtime cannot be downloaded, says so and points to the harness.
set -eu
cd "$(dirname "$0")/.."

sh tests/tooling/ensure-npm-packages.sh
npm run --silent build

if [ ! -f node_modules/electron/path.txt ] && ! node node_modules/electron/install.js >/dev/null 2>&1; then
  cat >&2 <<'MSG'
The Electron runtime is not installed: the electron package downloads it from outside the npm
registry on first run, and this machine cannot reach that host.

Try the same app in a browser instead, with the real main-process features behind it:
    npm run harness
then open the printed http://127.0.0.1:PORT/ address in Chromium.
MSG
  exit 1
fi

npx tsx sandbox/cli.ts --port 4477 &
sandbox_pid=$!
trap 'kill $sandbox_pid 2>/dev/null || true' EXIT INT TERM
npx electron-vite preview
