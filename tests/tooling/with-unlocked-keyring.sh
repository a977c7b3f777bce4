#!/bin/sh
# Runs a command with a gnome-keyring Secret Service unlocked inside the current D-Bus session.
set -eu
# A throwaway keyring home, so tests never touch the user's own keyring.
export XDG_DATA_HOME="$(mktemp -d)"
printf 'wallet-desk-test' | gnome-keyring-daemon --unlock --components=secrets >/dev/null
exec "$@"
