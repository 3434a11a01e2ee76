#!/usr/bin/env bash
# Records what real Node prints for the programs in testdata/{messages,stacks,uncaught,syntax}:
# each runs as /app/main.cjs (or .mjs) and its stdout, stderr and exit code go to
# testdata/node<MAJOR>/<dir>/<name>.json, which the tests compare with the simulator's.
#
# Usage: ./record.sh [VERSION]   (default 24.18.0; needs /work/shared/oracle/install-node.sh
# or NODE=/path/to/node)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
VERSION=${1:-24.18.0}
NODE=${NODE:-$(/work/shared/oracle/install-node.sh "$VERSION")}
MAJOR=${VERSION%%.*}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/app"
for dir in messages stacks uncaught syntax; do
  out="$HERE/testdata/node$MAJOR/$dir"
  mkdir -p "$out"
  for f in "$HERE/testdata/$dir"/*; do
    name=$(basename "$f")
    ext=${name##*.}
    rm -f "$WORK/app"/*
    cp "$f" "$WORK/app/main.$ext"
    set +e
    (cd "$WORK/app" && env -i PATH=/usr/bin:/bin TZ=UTC timeout 10 "$NODE" "main.$ext" >"$WORK/stdout" 2>"$WORK/stderr")
    code=$?
    set -e
    "$NODE" -e '
      const fs = require("fs");
      const [dir, code, dest] = process.argv.slice(1);
      const fix = s => s.split(dir).join("/app");
      const rec = { stdout: fix(fs.readFileSync(dir + "/../stdout", "utf8")),
        stderr: fix(fs.readFileSync(dir + "/../stderr", "utf8")), exit: Number(code) };
      fs.writeFileSync(dest, JSON.stringify(rec, null, 1) + "\n");
    ' "$WORK/app" "$code" "$out/${name%.*}.json"
  done
done
echo "recorded with $("$NODE" --version) into testdata/node$MAJOR"
