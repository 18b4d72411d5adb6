#!/usr/bin/env bash
# End-to-end check of `fjdoctor lsp` with a real editor's client: Neovim (0.7 or later, headless) opens a
# fork/join file of a fresh project, waits for fjdoctor's diagnostics, applies the SAFE code action of the
# fork-then-join finding, saves, waits for that diagnostic to go, and checks the file on disk.
# Usage: bench/nvim-lsp-check.sh        (exit 0 and "PASS" when it all worked; .ci/run runs it when nvim is there)
# Needs: nvim, java 17+; builds cli/target/fjdoctor.jar through ./fjdoctor when needed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nvim >/dev/null || { echo "nvim-lsp-check: nvim is not installed" >&2; exit 2; }
./fjdoctor --version >/dev/null
work="$(mktemp -d "${TMPDIR:-/tmp}/fjdoctor-nvim.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project/src/demo"
# The file the LSP integration test (LanguageServerTest) analyses too: one fork-then-join finding.
cp cli/src/test/resources/org/fjdoctor/cli/lsp/Sum.java.txt "$work/project/src/demo/Sum.java"
PROJECT="$work/project" FILE="$work/project/src/demo/Sum.java" FJDOCTOR="$(pwd)/fjdoctor" \
  timeout 600 nvim --headless --clean -c "luafile bench/nvim-lsp-check.lua"
