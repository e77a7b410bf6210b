# Sourced by backup.sh and restore.sh: load_env_file FILE exports the KEY=value lines of an environment
# file as systemd's EnvironmentFile reads them (the shop's /etc/umrah-shop/env): comments and other
# lines skipped, one pair of surrounding quotes removed, nothing run as shell code (an unquoted
# `COMPANY_NAME=Umrah Reizen` is a name with a space, not a command).
load_env_file() {
  local line key value
  [ -r "$1" ] || { echo "cannot read the environment file $1" >&2; return 1; }
  while IFS= read -r line || [ -n "$line" ]; do
    [[ $line =~ ^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]] || continue
    key=${BASH_REMATCH[1]}
    value=${BASH_REMATCH[2]}
    # Trailing blanks go, as systemd drops them.
    value=${value%"${value##*[![:space:]]}"}
    if [[ $value =~ ^\"(.*)\"$ ]] || [[ $value =~ ^\'(.*)\'$ ]]; then value=${BASH_REMATCH[1]}; fi
    export "$key=$value"
  done <"$1"
}
