#!/bin/sh
# `npm run harness`: installs the npm packages first (as `npm start` and `npm test` do), so a fresh clone
# has tsx; the CLI then rebuilds a stale out/ itself. Arguments pass through: npm run harness -- --help
set -eu
cd "$(dirname "$0")/../.."
sh tests/tooling/ensure-npm-packages.sh
exec npx tsx tests/harness/cli.ts "$@"
