#!/usr/bin/env bash
# npm run restore [-- --env-file FILE] BACKUP
#
# Restores a folder made by `npm run backup` into the database of DATABASE_URL (or, without it, the
# PGlite folder DATA_DIR/pglite) and the uploads into DATA_DIR/uploads. It only restores into an
# empty target: a database without tables (create a new one: createdb, or drop and create the old one
# while the shop is stopped) and no DATA_DIR/pglite or DATA_DIR/uploads yet. Nothing is overwritten.
# Start the shop (the same release or a newer one, with the same keys) afterwards: it applies any
# migration the backup does not have yet.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=env-file.sh
. "$ROOT/scripts/env-file.sh"
cd "${INIT_CWD:-$PWD}"

src=
while [ $# -gt 0 ]; do
  case $1 in
    --env-file)
      load_env_file "$2"
      shift 2
      ;;
    -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
    -*) echo "restore: unknown option $1" >&2; exit 2 ;;
    *) src=$1; shift ;;
  esac
done
[ -n "$src" ] && [ -f "$src/MANIFEST" ] || { echo "usage: npm run restore -- BACKUP_FOLDER (a folder with a MANIFEST, made by npm run backup)" >&2; exit 2; }
data_dir=$(realpath -m "${DATA_DIR:-$ROOT/data}")

# The files must be the ones the backup wrote.
(cd "$src" && sed -n 's/^sha256 //p' MANIFEST | sha256sum --quiet -c -) || { echo "restore: $src does not match its MANIFEST's checksums" >&2; exit 1; }

if [ -f "$src/uploads.tar.gz" ] && [ -e "$data_dir/uploads" ] && [ -n "$(ls -A "$data_dir/uploads")" ]; then
  echo "restore: $data_dir/uploads is not empty; restore into a new DATA_DIR" >&2
  exit 1
fi

if [ -f "$src/database.dump" ]; then
  [ -n "${DATABASE_URL:-}" ] || { echo "restore: the backup holds a PostgreSQL dump; set DATABASE_URL to the (empty) target database" >&2; exit 1; }
  tables=$(psql "$DATABASE_URL" -XtAc "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')")
  if [ "$tables" != 0 ]; then
    echo "restore: the target database already has $tables tables; restore into a new, empty database" >&2
    exit 1
  fi
  server_major=$(($(psql "$DATABASE_URL" -XtAc 'show server_version_num') / 10000))
  pg_restore=
  for bin in "${PG_BIN:+$PG_BIN/pg_restore}" "/usr/lib/postgresql/$server_major/bin/pg_restore" "$(command -v pg_restore || true)"; do
    if [ -n "$bin" ] && [ -x "$bin" ]; then pg_restore=$bin; break; fi
  done
  [ -n "$pg_restore" ] || { echo "restore: pg_restore not found; install postgresql-client-$server_major or set PG_BIN" >&2; exit 1; }
  # One transaction: a failed restore leaves the database empty rather than half filled.
  "$pg_restore" --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" "$src/database.dump"
  echo "Database restored into $(psql "$DATABASE_URL" -XtAc 'select current_database()')."
elif [ -f "$src/pglite.tar.gz" ]; then
  [ -z "${DATABASE_URL:-}" ] || { echo "restore: the backup holds a PGlite database; unset DATABASE_URL" >&2; exit 1; }
  [ ! -e "$data_dir/pglite" ] || { echo "restore: $data_dir/pglite exists; restore into a new DATA_DIR (or move it away with the shop stopped)" >&2; exit 1; }
  mkdir -p "$data_dir"
  tar -xzf "$src/pglite.tar.gz" -C "$data_dir"
  echo "PGlite database restored into $data_dir/pglite."
else
  echo "restore: $src holds no database" >&2
  exit 1
fi

if [ -f "$src/uploads.tar.gz" ]; then
  mkdir -p "$data_dir"
  tar -xzf "$src/uploads.tar.gz" -C "$data_dir"
  echo "Uploads restored into $data_dir/uploads ($(find "$data_dir/uploads" -type f | wc -l) files)."
fi
