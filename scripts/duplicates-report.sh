#!/usr/bin/env bash
# The duplicate-code report (code shape: no copy-pasted logic): pairs of places in apps/ and packages/ that share six or
# more lines, tests left out. Copies the tracked (and untracked, not ignored) source files without
# tests into a temporary folder and runs `duplicates` over it. Extra arguments go to `duplicates`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d "${TMPDIR:-/tmp}/dup.XXXXXX")
trap 'rm -rf "$out"' EXIT
{ git ls-files apps packages; git ls-files --others --exclude-standard apps packages; } \
  | grep -vE '(^|/)(test|tests|__tests__|fixtures)/|\.test\.|\.spec\.' \
  | grep -E '\.(ts|tsx|js|mjs|css)$' \
  | while read -r f; do [ -f "$f" ] && mkdir -p "$out/$(dirname "$f")" && cp "$f" "$out/$f"; done
cd "$out" && duplicates --seconds 120 "$@"
