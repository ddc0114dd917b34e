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
# Where a C compiler is present, the engine is compiled (mypyc, through COMPANION_COMPILE=1): the same games,
# faster. If that build fails (no compiler, no Python headers), the pure Python engine is installed instead.
# COMPANION_COMPILE=0 asks for the pure one at once.
compiled=""
if [ "${COMPANION_COMPILE:-}" != 0 ] && { command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; }; then
    echo "Installing the Dominion Companion with pipx, its engine compiled. This takes a few minutes."
    if COMPANION_COMPILE=1 pipx install --force . >/dev/null 2>&1; then
        compiled=yes
    else
        echo "The compiled engine could not be built here, so the Python engine is installed: the same games, a little slower."
    fi
fi
if [ -z "$compiled" ]; then
    echo "Installing the Dominion Companion with pipx."
    COMPANION_COMPILE=0 pipx install --force . >/dev/null
fi
bin="${PIPX_BIN_DIR:-$HOME/.local/bin}"
echo "Installed as $bin/companion. Starting it; after this, type companion (in a new terminal, or after pipx ensurepath)."
exec "$bin/companion"
