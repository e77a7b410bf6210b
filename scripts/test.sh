#!/usr/bin/env bash
# Runs every test of the shop: type checks, lint and format check (with the test that proves the lint
# rules bite), unit tests (domain, web), API tests on PGlite and — when a PostgreSQL server answers on
# 127.0.0.1:5432 — on PostgreSQL, the web build, the browser tests and the deployment test (a release
# behind Caddy on PostgreSQL, scripts/deploy-test).
# Every part runs even when an earlier one fails; the script exits non-zero if any part failed and
# ends with one line 'N passed, N failed' (tests counted from the runners' JSON reports; a failed
# part without its own test count, such as the type check or the build, counts as one failure).
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
REPORTS=$(mktemp -d "${TMPDIR:-/tmp}/umrah-test.XXXXXX")
export CI="${CI:-}"
# Keep the runners' colours out of files and CI logs (FORCE_COLOR=0 would turn vitest's on).
unset FORCE_COLOR
export NO_COLOR=1

PASSED=0
FAILED=0
FAILED_PARTS=()
START_ALL=$SECONDS

log() { printf '\n=== %s\n' "$*"; }

# --- what npm does not install -------------------------------------------------------------------
need_apt=()
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM_PATH" ] || need_apt+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || need_apt+=(poppler-utils)
# The passport pages of the MRZ scan's browser test are drawn in OCR-B, the passport's own typeface.
[ -f /usr/share/fonts/opentype/ocr-b/OCRB.otf ] || need_apt+=(fonts-ocr-b)
# The deployment test: Caddy in front of the release, and systemd-analyze to check the unit.
command -v caddy >/dev/null 2>&1 || need_apt+=(caddy)
command -v systemd-analyze >/dev/null 2>&1 || need_apt+=(systemd)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "Installing ${need_apt[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null \
      || echo "apt-get could not install ${need_apt[*]}" >&2
  else
    echo "Missing ${need_apt[*]}: install them (Debian: apt-get install ${need_apt[*]}) or run as root." >&2
  fi
fi

# Adds a vitest JSON report's counts; a run that wrote no report counts as one failure.
count_vitest() {
  local file=$1 part=$2 status=$3
  if [ -s "$file" ]; then
    read -r p f < <(node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      // A file that failed to load has no test results but counts as a failure.
      const broken = (r.testResults || []).filter((t) => t.status === "failed" && !(t.assertionResults || []).length).length;
      console.log(r.numPassedTests, r.numFailedTests + broken);' "$file")
    # Vitest also fails on errors outside tests (unhandled rejections): count those once.
    if [ "$status" != 0 ] && [ "$f" = 0 ]; then f=1; fi
    PASSED=$((PASSED + p))
    FAILED=$((FAILED + f))
    echo "$part: $p passed, $f failed"
  else
    FAILED=$((FAILED + 1))
    echo "$part: no report written"
  fi
}

run_part() {
  # run_part NAME command...: runs a part, remembers whether it failed.
  local name=$1
  shift
  local t0=$SECONDS
  log "$name"
  if "$@"; then
    echo "--- $name ok ($((SECONDS - t0)) s)"
    return 0
  else
    echo "--- $name FAILED ($((SECONDS - t0)) s)"
    FAILED_PARTS+=("$name")
    return 1
  fi
}

# --- type checks ---------------------------------------------------------------------------------
run_part "type check" npm run --silent typecheck || FAILED=$((FAILED + 1))

# --- lint and format -----------------------------------------------------------------------------
# ESLint (recommended rules, hooks, accessibility, layer and feature boundaries, no import cycles) and
# Prettier; both run, and either failing counts as one failure.
lint_and_format() {
  local st=0
  npm run --silent lint || st=1
  npm run --silent format:check || st=1
  return $st
}
run_part "lint" lint_and_format || FAILED=$((FAILED + 1))

# The lint rules themselves: fixtures with a cycle, a layer break and a deep cross-feature import.
st=0
run_part "vitest: lint rules (fixtures)" npx vitest run --config scripts/lint-fixtures/vitest.config.ts \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-lint.json" || st=$?
count_vitest "$REPORTS/vitest-lint.json" "vitest (lint rules)" "$st"

# --- unit and API tests on PGlite ----------------------------------------------------------------
st=0
run_part "vitest: domain, web, api (PGlite)" env -u DATABASE_URL npx vitest run \
  --project domain --project web --project api --passWithNoTests \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-pglite.json" || st=$?
count_vitest "$REPORTS/vitest-pglite.json" "vitest (PGlite)" "$st"

# --- API tests on PostgreSQL ---------------------------------------------------------------------
PG_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PG_UP=0
if node -e '
  const s = require("net").connect(5432, "127.0.0.1");
  s.on("connect", () => { s.end(); process.exit(0); });
  s.on("error", () => process.exit(1));
  setTimeout(() => process.exit(1), 2000);'; then
  PG_UP=1
  st=0
  run_part "vitest: api (PostgreSQL)" env DATABASE_URL="$PG_URL" npx vitest run --project api \
    --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-postgres.json" || st=$?
  count_vitest "$REPORTS/vitest-postgres.json" "vitest (PostgreSQL)" "$st"
else
  log "PostgreSQL does not answer on 127.0.0.1:5432: API tests on PostgreSQL skipped"
  if [ -n "$CI" ]; then
    FAILED=$((FAILED + 1))
    FAILED_PARTS+=("PostgreSQL missing on CI")
  fi
fi

# --- web build and browser tests -----------------------------------------------------------------
# Built only when its inputs changed (and stamped as built): the release build of the deploy test reuses it.
if run_part "web build" node scripts/build-web-if-changed.mjs; then
  pw_ok=1
  # Traces and screenshots of failures stay in e2e/test-results (or E2E_OUTPUT_DIR).
  run_part "playwright" env PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/playwright.json" \
    npx playwright test -c e2e/playwright.config.ts --output "${E2E_OUTPUT_DIR:-e2e/test-results}" || pw_ok=0
  p=0 f=0
  if [ -s "$REPORTS/playwright.json" ]; then
    # A test that passed on its retry is reported as flaky and counts as passed.
    read -r p f < <(node -e '
      const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).stats || {};
      console.log((s.expected || 0) + (s.flaky || 0), s.unexpected || 0);' "$REPORTS/playwright.json")
  fi
  # The runner can also fail outside any test (global setup, no report): that counts as a failure.
  if [ "$pw_ok" = 0 ] && [ "$f" = 0 ]; then f=1; fi
  PASSED=$((PASSED + p))
  FAILED=$((FAILED + f))
  echo "playwright: $p passed, $f failed"
else
  FAILED=$((FAILED + 1))
  FAILED_PARTS+=("playwright (not run: no web build)")
fi

# --- deployment kit ------------------------------------------------------------------------------
# The release build (reusing the web build above) run as docs/DEPLOY.md says: two instances on
# PostgreSQL behind Caddy over HTTPS, and the systemd unit checked (scripts/deploy-test).
if [ "$PG_UP" = 1 ] && command -v caddy >/dev/null 2>&1 && command -v systemd-analyze >/dev/null 2>&1; then
  st=0
  run_part "vitest: deploy (release, systemd unit, Caddy)" env TEST_POSTGRES_URL="$PG_URL" npx vitest run \
    --config scripts/deploy-test/vitest.config.ts \
    --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-deploy.json" || st=$?
  count_vitest "$REPORTS/vitest-deploy.json" "vitest (deploy)" "$st"
else
  log "Deployment test skipped: it needs PostgreSQL on 127.0.0.1:5432, caddy and systemd-analyze"
  if [ -n "$CI" ]; then
    FAILED=$((FAILED + 1))
    FAILED_PARTS+=("deployment test not run on CI")
  fi
fi

rm -rf "$REPORTS"
log "done in $((SECONDS - START_ALL)) s"
if [ ${#FAILED_PARTS[@]} -gt 0 ]; then
  echo "failed parts: ${FAILED_PARTS[*]}"
fi
echo "$PASSED passed, $FAILED failed"
if [ ${#FAILED_PARTS[@]} -gt 0 ] || [ "$FAILED" -gt 0 ]; then exit 1; fi
if [ "$PASSED" -eq 0 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit 0
