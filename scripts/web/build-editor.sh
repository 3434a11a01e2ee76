#!/usr/bin/env bash
# Builds web/static/vendor/codemirror.js, the code editor the pages load (CodeMirror 6,
# MIT), from editor.mjs and the packages pinned by package-lock.json (build.mjs says how,
# and the one patch it makes). The bundle is committed and embedded in the binary, so
# building looplab needs no npm; run this after changing editor.mjs or the pinned
# versions, and commit the result. The same lock file gives the same bundle, byte for byte.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund >/dev/null
out=../../web/static/vendor/codemirror.js
node build.mjs "$out"
ls -l "$out" | awk '{print $5 " bytes: " $9}'
gzip -9c "$out" | wc -c | awk '{print $1 " bytes gzipped"}'
