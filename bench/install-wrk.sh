#!/usr/bin/env bash
# Installs wrk, the load generator of bench/compare.sh, when it is missing: from Debian/Ubuntu's packages
# (as root, or through sudo), or Homebrew on macOS. Prints what to do where it cannot.
set -euo pipefail

if command -v wrk >/dev/null 2>&1; then
    exit 0
fi
echo "install-wrk: wrk is not installed; installing it" >&2
if command -v apt-get >/dev/null 2>&1; then
    if [[ $(id -u) -eq 0 ]]; then
        apt-get install -y wrk >&2 || { apt-get update >&2 && apt-get install -y wrk >&2; }
    elif command -v sudo >/dev/null 2>&1; then
        sudo apt-get install -y wrk >&2
    else
        echo "install-wrk: run 'apt-get install -y wrk' as root, then try again" >&2
        exit 1
    fi
elif command -v brew >/dev/null 2>&1; then
    brew install wrk >&2
else
    echo "install-wrk: no apt-get or brew here: install wrk 4 (https://github.com/wg/wrk) and put it on the PATH" >&2
    exit 1
fi
command -v wrk >/dev/null 2>&1 || { echo "install-wrk: wrk is still not on the PATH" >&2; exit 1; }
