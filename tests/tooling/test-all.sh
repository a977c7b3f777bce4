#!/bin/sh
# The whole test suite from a fresh clone: system packages, npm packages, type checks, lint, build,
# then every vitest project (unit, integration against the sandbox, sandbox, packaging) and the end-to-end stories
# (Playwright, Chromium) inside one private D-Bus session with an unlocked gnome-keyring, so keychain
# tests use a real Secret Service.
set -eu
cd "$(dirname "$0")/../.."

sh tests/tooling/ensure-system-packages.sh
sh tests/tooling/ensure-npm-packages.sh

npm run --silent typecheck
npm run --silent lint
npm run --silent build

mkdir -p test-results
# A report left by an earlier run must not be counted as this run's.
rm -f test-results/vitest.json test-results/e2e.json
status=0
dbus-run-session -- sh tests/tooling/with-unlocked-keyring.sh sh tests/tooling/run-test-runners.sh "$@" || status=$?
# The built app in the real Electron runtime (tests/electron); where the runtime could not be downloaded
# it prints one line saying so and skips. Electron needs a display on Linux: a virtual one where there is
# none and xvfb-run is installed.
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
  xvfb-run -a npx playwright test --config tests/electron/playwright.config.ts || status=$?
else
  npx playwright test --config tests/electron/playwright.config.ts || status=$?
fi
# Last, so the suite's closing line is the count of every test, vitest's and Playwright's end-to-end stories.
node tests/tooling/summarize-results.mjs test-results/vitest.json test-results/e2e.json || true
exit $status
