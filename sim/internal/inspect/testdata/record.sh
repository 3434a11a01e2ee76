#!/usr/bin/env bash
# Re-records expected-M.json and console-M.json with real Node of each profile's major
# (a development step: go test needs no node). NODE names one binary to record with;
# without it, the repository's scripts/oracle/install-node.sh (or ../shared/oracle's)
# provides Node 10.24.1, 20.20.2, 22.23.5, 24.18.0 and 26.12.1 and each records.
set -euo pipefail
cd "$(dirname "$0")"
if [ -n "${NODE:-}" ]; then
  "$NODE" record.cjs
  exit
fi
top="$(git rev-parse --show-toplevel)"
installer="$top/scripts/oracle/install-node.sh"
[ -x "$installer" ] || installer="$top/../shared/oracle/install-node.sh"
[ -x "$installer" ] || { echo "set NODE to a Node binary" >&2; exit 2; }
for version in 10.24.1 20.20.2 22.23.5 24.18.0 26.12.1; do
  "$("$installer" "$version")" record.cjs
done
