#!/usr/bin/env bash
# Records real Node's Intl for the simulator, in the simulated time zone (UTC):
#  - testdata/node<MAJOR>.txt: each expression of testdata/cases.js and its result as JSON,
#    one a line (sim's TestIntlMatchesNode24 requires them);
#  - ../../js/intl_data.js: the locale data sim/js/intl.js formats with (gen.js).
# Usage: ./record.sh [VERSION]   (default 24.18.0; or NODE=/path/to/node)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
VERSION=${1:-24.18.0}
NODE=${NODE:-$("$HERE/../../../scripts/oracle/install-node.sh" "$VERSION")}
MAJOR=${VERSION%%.*}
env -i PATH=/usr/bin:/bin TZ=UTC "$NODE" "$HERE/testdata/cases.js" > "$HERE/testdata/node$MAJOR.txt"
echo "recorded $(wc -l < "$HERE/testdata/node$MAJOR.txt") results with $("$NODE" --version)"
if [ "$MAJOR" = 24 ]; then
  env -i PATH=/usr/bin:/bin TZ=UTC "$NODE" "$HERE/gen.js" > "$HERE/../../js/intl_data.js"
  echo "wrote sim/js/intl_data.js ($(wc -c < "$HERE/../../js/intl_data.js") bytes)"
fi
