#!/usr/bin/env bash
# Records a corpus of oracle cases with every real Node version the simulator has a
# profile for: CORPUS/cases/*.cjs|mjs -> CORPUS/expected/vMAJOR/*.json, one version after
# the other, each case sequentially, at the lowest CPU priority unless NICE says otherwise.
#
#   scripts/oracle/record.sh sim/testdata/oracle                 # every case, every version
#   scripts/oracle/record.sh sim/testdata/oracle/pending 24 x2   # Node 24 only, names with "x2"
#   VERSIONS="24.18.0 22.23.5" scripts/oracle/record.sh DIR      # chosen versions
#
# A corpus with a prelude.cjs of its own is run with it instead of scripts/oracle/prelude.cjs.
# Arguments after CORPUS: an optional major (10, 20, 22, 24, 26) then name patterns, as
# run-node.sh takes them. RUNS and RACY_RUNS pass through (30 and 100: a case whose first
# 30 runs differ runs 100 times, so every output Node prints in 10% of runs is listed).
# NICE sets the priority (default 19, the lowest: the machine is shared); cases whose
# margins are a few milliseconds are better recorded at NICE=0 on a quiet machine, as a
# loaded one delays Node's callbacks past them (each recording keeps its load_average).
# Recording is a development step, never a CI one: go test compares with the files.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "${1:?usage: record.sh CORPUS [MAJOR] [PATTERN...]}" && pwd)
shift
# The exact versions of the profiles (issue 13): the binaries the recordings are made with.
all="24.18.0 22.23.5 26.12.1 20.20.2 10.24.1"
versions=${VERSIONS:-$all}
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  versions=$(tr ' ' '\n' <<<"$all" | grep "^$1\." )
  shift
fi
# A corpus whose cases expect more than busy(ms) (jsmods: the free variables events and
# stream) brings its own prelude.
if [ -f "$corpus/prelude.cjs" ]; then export PRELUDE="$corpus/prelude.cjs"; fi
for v in $versions; do
  node=$("$HERE/install-node.sh" "$v")
  NODE=$node nice -n "${NICE:-19}" "$HERE/run-node.sh" -c "$corpus/cases" -o "$corpus/expected/v${v%%.*}" "$@"
done
