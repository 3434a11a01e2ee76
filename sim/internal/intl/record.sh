#!/usr/bin/env bash
# Records real Node's Intl results for testdata/cases.js (each expression and its JSON
# result, one a line) into testdata/node<MAJOR>.txt, in the simulated time zone (UTC).
# Usage: ./record.sh [VERSION]   (default 24.18.0; or NODE=/path/to/node)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
VERSION=${1:-24.18.0}
NODE=${NODE:-$(/work/shared/oracle/install-node.sh "$VERSION")}
MAJOR=${VERSION%%.*}
env -i PATH=/usr/bin:/bin TZ=UTC "$NODE" "$HERE/testdata/cases.js" > "$HERE/testdata/node$MAJOR.txt"
echo "recorded $(wc -l < "$HERE/testdata/node$MAJOR.txt") results with $("$NODE" --version)"
