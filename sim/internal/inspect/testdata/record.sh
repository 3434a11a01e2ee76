#!/usr/bin/env bash
# Re-records expected.json and console.json with real Node 24.18.0 (a development step:
# go test needs no node). NODE names the binary; without it, the repository's
# scripts/oracle/install-node.sh provides one.
set -euo pipefail
cd "$(dirname "$0")"
if [ -z "${NODE:-}" ]; then
  installer="$(git rev-parse --show-toplevel)/scripts/oracle/install-node.sh"
  [ -x "$installer" ] || { echo "set NODE to a Node 24.18.0 binary" >&2; exit 2; }
  NODE=$("$installer" 24.18.0)
fi
"$NODE" record.cjs
