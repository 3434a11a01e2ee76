#!/usr/bin/env bash
# Re-records expected.json and console.json with real Node 24.18.0 (NODE overrides the
# binary; by default the oracle's installer provides it).
set -euo pipefail
cd "$(dirname "$0")"
NODE=${NODE:-$(/work/shared/oracle/install-node.sh 24.18.0)}
"$NODE" record.cjs
