#!/bin/sh
# Installs the Debian/Ubuntu packages the keychain and browser tests need, when this machine allows it;
# otherwise stops with the exact command to run.
set -eu

missing=""
pkg-config --exists libsecret-1 2>/dev/null || missing="$missing libsecret-1-dev"
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing="$missing gnome-keyring"
command -v dbus-run-session >/dev/null 2>&1 || missing="$missing dbus"
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v pkg-config >/dev/null 2>&1 || missing="pkg-config $missing"

[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Wallet Desk tests need these system packages:$missing" >&2
  echo "This is not a Debian/Ubuntu system: install their equivalents, then run the command again." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root="sudo -n"
else
  echo "Wallet Desk tests need these system packages:$missing" >&2
  echo "Run:  sudo apt-get update && sudo apt-get install -y$missing" >&2
  exit 1
fi

echo "Installing system packages:$missing"
$as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null
