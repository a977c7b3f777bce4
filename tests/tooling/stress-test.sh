#!/bin/sh
# The test suite on a busy machine: CPU burners (two by default, STRESS_BURNERS=N for another count) spin
# beside it for the whole run, so a test that leans on the machine's speed fails here rather than on a
# slower computer. Runs `npm test` (arguments go to it), or the command given after `--`
# (`sh tests/tooling/stress-test.sh -- npm run test:e2e`); prints how long it took and exits with its status.
# The burners are stopped however the run ends (finished, failed, Ctrl-C).
set -u
cd "$(dirname "$0")/../.."

burners=""
stop_burners() {
  for pid in $burners; do kill "$pid" 2>/dev/null || true; done
  burners=""
}
trap stop_burners EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

count="${STRESS_BURNERS:-2}"
i=0
while [ "$i" -lt "$count" ]; do
  sh -c 'while :; do :; done' &
  burners="$burners $!"
  i=$((i + 1))
done
echo "stress test: $count CPU burners running (pids$burners)"

if [ "${1:-}" = "--" ]; then
  shift
  set -- "$@"
else
  set -- npm test "$@"
fi

start=$(date +%s)
status=0
"$@" || status=$?
elapsed=$(($(date +%s) - start))
stop_burners
echo "stress test: '$*' beside $count CPU burners took $((elapsed / 60)) min $((elapsed % 60)) s and exited with status $status"
exit $status
