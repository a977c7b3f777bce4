#!/bin/sh
# The whole test suite from a fresh clone: system packages, npm packages, type checks, lint, build,
# then every vitest project (unit, integration against the sandbox, end to end in Chromium) inside a
# private D-Bus session with an unlocked gnome-keyring, so keychain tests use a real Secret Service.
set -eu
cd "$(dirname "$0")/../.."

sh tests/tooling/ensure-system-packages.sh
sh tests/tooling/ensure-npm-packages.sh

npm run --silent typecheck
npm run --silent lint
npm run --silent build

mkdir -p test-results
status=0
# The config imports the bridge contract (TypeScript, extensionless imports): the module runner loads it
# as the tests load it, where the default bundling loader prints a page of warnings about a future Vite.
dbus-run-session -- sh tests/tooling/with-unlocked-keyring.sh \
  npx vitest run --config tests/vitest.config.ts --configLoader runner --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest.json "$@" || status=$?
# The built app in the real Electron runtime (tests/electron); where the runtime could not be downloaded
# it prints one line saying so and skips. Electron needs a display on Linux: a virtual one where there is
# none and xvfb-run is installed.
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null 2>&1; then
  xvfb-run -a npx playwright test --config tests/electron/playwright.config.ts || status=$?
else
  npx playwright test --config tests/electron/playwright.config.ts || status=$?
fi
# Last, so the suite's closing line is the count of every vitest test.
node tests/tooling/summarize-results.mjs test-results/vitest.json || true
exit $status
