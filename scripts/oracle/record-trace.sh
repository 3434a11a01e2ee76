#!/usr/bin/env bash
# Records the trace oracle of a corpus (docs/trace-oracle.md) with every real Node version
# the simulator has a profile for: CORPUS/cases/* -> CORPUS/traces/vMAJOR/*.json, for
# each case whose output recording (CORPUS/expected/vMAJOR) is deterministic, one version
# after the other, at the lowest CPU priority unless NICE says otherwise.
#
#   scripts/oracle/record-trace.sh sim/testdata/oracle              # every case, every version
#   scripts/oracle/record-trace.sh sim/testdata/oracle/shared 24 104  # Node 24, names with "104"
#
# Arguments after CORPUS: an optional major, then name patterns. RUNS (default 3) runs a
# case takes; a case whose runs give different events is kept with its variants and left
# out of the comparison. The aggregating node is node on PATH (AGG_NODE), as run-node.sh's.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "${1:?usage: record-trace.sh CORPUS [MAJOR] [PATTERN...]}" && pwd)
shift
all="24.18.0 22.23.5 26.12.1 20.20.2 10.24.1"
versions=${VERSIONS:-$all}
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  versions=$(tr ' ' '\n' <<<"$all" | grep "^$1\.")
  shift
fi
if [ -f "$corpus/prelude.cjs" ]; then export PRELUDE="$corpus/prelude.cjs"; fi
agg=${AGG_NODE:-$(command -v node)}
status=0
for v in $versions; do
  node=$("$HERE/install-node.sh" "$v")
  nice -n "${NICE:-19}" "$agg" "$HERE/record-trace.cjs" "$node" "$corpus" "$@" || status=1
done
exit $status
