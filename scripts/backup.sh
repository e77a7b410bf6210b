#!/usr/bin/env bash
# npm run backup [-- --env-file FILE] [-- --offline] [DEST]
#
# One dated folder DEST/umrah-shop-YYYYmmdd-HHMMSS with:
#   database.dump   PostgreSQL (DATABASE_URL): pg_dump in custom format, taken while the shop runs
#                   (pg_dump reads one consistent snapshot); restored with `npm run restore`.
#   pglite.tar.gz   embedded PGlite (no DATABASE_URL): a copy of DATA_DIR/pglite. PGlite belongs to one
#                   process, so the shop must be stopped first; --offline says it is.
#   uploads.tar.gz  DATA_DIR/uploads (article images, sealed visa photos); with FILE_STORE=s3 the files
#                   are in the bucket (keep versioning on there) and only this is noted in MANIFEST.
#   MANIFEST        what was saved, when, from which release, and the files' SHA-256 sums.
# DEST: the argument, else BACKUP_DIR, else ./backups. BACKUP_KEEP_DAYS=N deletes this script's
# backups in DEST older than N days after a successful backup.
# The keys (VISA_ENCRYPTION_KEY, JWT_SECRET, ...) are not in the backup: sealed passport data can be
# read only with the env file kept apart from it (docs/DEPLOY.md, 'Backups').
set -euo pipefail
umask 077
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=env-file.sh
. "$ROOT/scripts/env-file.sh"
cd "${INIT_CWD:-$PWD}"

offline=0
dest=
while [ $# -gt 0 ]; do
  case $1 in
    --env-file)
      load_env_file "$2"
      shift 2
      ;;
    --offline) offline=1; shift ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "backup: unknown option $1" >&2; exit 2 ;;
    *) dest=$1; shift ;;
  esac
done
dest=${dest:-${BACKUP_DIR:-backups}}
data_dir=$(realpath -m "${DATA_DIR:-$ROOT/data}")

# pg_dump must be at least the server's major version: Debian keeps each version's tools in
# /usr/lib/postgresql/N/bin; take the server's own when installed.
pg_tool() {
  local tool=$1 server_major=$2 bin
  for bin in "${PG_BIN:+$PG_BIN/$tool}" "/usr/lib/postgresql/$server_major/bin/$tool" "$(command -v "$tool" || true)"; do
    [ -n "$bin" ] && [ -x "$bin" ] || continue
    local major
    major=$("$bin" --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)?.*/\1/')
    if [ "$major" -ge "$server_major" ]; then
      echo "$bin"
      return 0
    fi
  done
  echo "backup: no $tool of version $server_major or newer (the server's); install postgresql-client-$server_major or set PG_BIN" >&2
  return 1
}

name="umrah-shop-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$dest"
out="$dest/$name"
tmp="$dest/.$name.partial"
rm -rf "$tmp"
mkdir "$tmp"
trap 'rm -rf "$tmp"' EXIT

{
  echo "backup $name"
  echo "made $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
  [ -f "$ROOT/RELEASE" ] && echo "release $(head -n1 "$ROOT/RELEASE")"
} >"$tmp/MANIFEST"

if [ -n "${DATABASE_URL:-}" ]; then
  server_num=$(psql "$DATABASE_URL" -XtAc 'show server_version_num')
  pg_dump=$(pg_tool pg_dump $((server_num / 10000)))
  "$pg_dump" --format=custom --compress=6 --no-owner --file="$tmp/database.dump" "$DATABASE_URL"
  echo "database postgresql $((server_num / 10000)) database.dump" >>"$tmp/MANIFEST"
else
  if [ "$offline" != 1 ]; then
    echo "backup: the database is PGlite in $data_dir/pglite, which only a stopped shop leaves consistent." >&2
    echo "Stop the shop, run 'npm run backup -- --offline', then start it again (or use PostgreSQL)." >&2
    exit 1
  fi
  [ -d "$data_dir/pglite" ] || { echo "backup: no PGlite database in $data_dir/pglite" >&2; exit 1; }
  tar -czf "$tmp/pglite.tar.gz" -C "$data_dir" pglite
  echo "database pglite pglite.tar.gz" >>"$tmp/MANIFEST"
fi

if [ "${FILE_STORE:-local}" = s3 ]; then
  echo "uploads s3 bucket ${S3_BUCKET:-?} (not copied: keep versioning or the bucket's own backup on)" >>"$tmp/MANIFEST"
elif [ -d "$data_dir/uploads" ]; then
  tar -czf "$tmp/uploads.tar.gz" -C "$data_dir" uploads
  echo "uploads local uploads.tar.gz ($(find "$data_dir/uploads" -type f | wc -l) files)" >>"$tmp/MANIFEST"
else
  echo "uploads local none (no $data_dir/uploads yet)" >>"$tmp/MANIFEST"
fi

(cd "$tmp" && shopt -s nullglob && sha256sum -- *.dump *.tar.gz | sed 's/^/sha256 /') >>"$tmp/MANIFEST"
mv "$tmp" "$out"
trap - EXIT

if [ -n "${BACKUP_KEEP_DAYS:-}" ]; then
  find "$dest" -mindepth 1 -maxdepth 1 -type d -name 'umrah-shop-*' -mtime "+$BACKUP_KEEP_DAYS" -exec rm -rf {} +
fi
echo "Backup written to $(realpath "$out")"
