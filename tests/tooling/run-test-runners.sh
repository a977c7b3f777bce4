#!/bin/sh
# Inside the keychain session of test-all.sh: every vitest project (unit, integration against the sandbox,
# sandbox, packaging),
# then the end-to-end stories on Playwright in Chromium. Both always run; the exit status fails if either did.
# Arguments go to vitest, as `npm test -- <filter>` always did.
set -u
status=0
# The config imports the bridge contract (TypeScript, extensionless imports): the module runner loads it
# as the tests load it, where the default bundling loader prints a page of warnings about a future Vite.
npx vitest run --config tests/vitest.config.ts --configLoader runner --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest.json "$@" || status=$?
npx playwright test --config tests/e2e/playwright.config.ts || status=$?
exit $status
