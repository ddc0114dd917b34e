#!/bin/sh
# Install the Dominion Companion for this user, then start it: sh install.sh, in this folder.
#
# Debian and Ubuntu keep their python3 for the system (pip refuses to install into it, PEP 668), so the
# program gets a virtual environment of its own, made by pipx, a Debian and Ubuntu package. pipx is installed
# with apt-get if it is missing: through sudo, or directly as root. Type it again to update.
set -e
cd "$(dirname "$0")"
export USE_EMOJI=0  # pipx's words, read by a screen reader: no pictures
if ! command -v pipx >/dev/null 2>&1; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "Error: pipx is not installed. Install pipx, then type sh install.sh again."
        exit 1
    fi
    echo "Installing pipx with apt-get."
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get install -y pipx || { $sudo apt-get update && $sudo apt-get install -y pipx; }
fi
echo "Installing the Dominion Companion with pipx."
pipx install --force . >/dev/null
bin="${PIPX_BIN_DIR:-$HOME/.local/bin}"
echo "Installed as $bin/companion. Starting it; after this, type companion (in a new terminal, or after pipx ensurepath)."
exec "$bin/companion"
